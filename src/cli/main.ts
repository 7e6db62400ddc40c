#!/usr/bin/env node
// The `botwire` executable.
import { setFlagsFromString } from 'node:v8'
import { runCli } from './run.js'

// A one-shot run spends much of its time before V8's optimizing compiler has caught up
// with the hot code (thousands of definitions walked once each). A smaller inlining
// budget makes each optimization quicker to compile and to install: measured 9-15% less
// wall time for `generate` and 4-10% for `check` on 1,000 definitions, no loss in long
// runs (docs/performance.md). Set before any code is hot, so that every optimization
// sees it; the library entry points leave the host's V8 alone.
setFlagsFromString('--max-inlined-bytecode-size-cumulative=400')
process.exitCode = await runCli(process.argv.slice(2))
