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
// A reader that stops early (`botwire check | head`) closes the pipe: what is left to print
// has nowhere to go, and that is no failure of botwire's. The exit code stays the run's
// own (1 when a definition has errors), as a `set -o pipefail` script expects.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}
process.exitCode = await runCli(process.argv.slice(2))
