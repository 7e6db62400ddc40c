// `npm run bench`: the committed benchmark. Prints markdown tables; BENCHMARKS.md and
// docs/performance.md hold a run's figures. Every comparison is a ratio to a baseline
// measured in the same run, on the same inputs (the machine is shared and noisy).
//
// Loading has two paths (src/load/parseSourceFile.ts): a fast path, screens and then
// js-yaml 4, whose positions are read only for files a diagnostic points into (from
// js-yaml's node events, src/load/nodesFromJsYaml.ts), for well-formed files without the
// constructs the parsers read differently; and the careful path, yaml with positions,
// for the rest.
// The old design parsed every file the careful way; `yaml.parseDocument` of the same
// files stays as the baseline that compares with it, and a copy of the broken workspace
// with every file sent down the careful path measures the old design's loading inside
// today's code.
//
// This file is the driver: it reads the flags (bench/context.ts), writes the synthetic
// workspaces, and runs the sections in order, one module each under bench/sections/, each
// printing its part of the report (bench/report.ts) as it goes. A section that builds on an
// earlier one's figures is handed them.
//
// usage: tsx bench/run.ts [--runs N] [--quick] [--no-tsc] [--no-cli] [--no-baselines] [--subset N] [--keep]
//   --runs N      measured runs after the warm-up run (default 3; the median is reported)
//   --quick       --runs 1 and smaller baseline subsets
//   --subset N    modules given to json-schema-to-typescript and ts-morph (default 40)
//   --keep        keep the synthetic workspaces (their folder is printed)
//   --runtime-only  section 7 alone (the runtime: receive, listMessages, streaming), as `npm run bench:runtime`
//   --stores-only   section 11 alone (a listMessages page on each message store), as `npm run bench:stores`
//   --host-only     section 12 alone (messages per second through the host on each store), as `npm run bench:host`
//   --processes-only  section 13 alone (1, 2 and 3 hosts on one PostgreSQL), as `npm run bench:processes`
//   --watch-only    section 8 alone (generate --watch on the incremental engine), then section 9 unless --no-cli
//   --lsp-only      section 9 alone (`botwire lsp` through a real client over stdio)
//   --scaffold-update-only  section 3c alone (`scaffold --update` on a 50-action integration)
//   --tags-states-only      check and generate with tags and states against without (section 6's part), as `npm run bench:tags-states`
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { benchContext, writeBenchWorkspaces } from './context.js'
import { print, progress } from './report.js'
import { baselinesSection } from './sections/baselines.js'
import { checkSection } from './sections/check.js'
import { hostSection, processesSection, runtimeSection, storesSection } from './sections/childBenchmarks.js'
import { cliSection } from './sections/cli.js'
import { emissionSection } from './sections/emission.js'
import { introduction } from './sections/introduction.js'
import { lspSection } from './sections/lsp.js'
import { scaffoldUpdateSection } from './sections/scaffoldUpdate.js'
import { tagsAndStatesSection } from './sections/tagsAndStates.js'
import { typecheckSection } from './sections/typecheck.js'
import { watchSection } from './sections/watch.js'

const bench = benchContext()
const { flags } = bench
const started = performance.now()
const load0 = loadavg()[0] ?? 0
if (flags['runtime-only']) {
  runtimeSection(bench)
  process.exit(0)
}
if (flags['stores-only']) {
  storesSection(bench)
  process.exit(0)
}
if (flags['host-only']) {
  hostSection(bench)
  process.exit(0)
}
if (flags['processes-only']) {
  processesSection(bench)
  process.exit(0)
}

const tempRoot = mkdtempSync(join(tmpdir(), 'botwire-bench-'))
if (flags['tags-states-only']) {
  // the tags-and-states part of section 6 alone, as `npm run bench:tags-states`
  try {
    tagsAndStatesSection(bench.runs, tempRoot)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}
if (flags['scaffold-update-only']) {
  // section 3c alone: no synthetic workspaces
  try {
    await scaffoldUpdateSection(bench, tempRoot)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}
progress(`writing synthetic workspaces under ${tempRoot}`)
const workspaces = writeBenchWorkspaces(tempRoot)

if (flags['lsp-only']) {
  try {
    print(`Load average (1 min) ${load0.toFixed(1)} at the start on ${cpus().length} cores.`)
    print()
    await lspSection(bench, workspaces)
    print(`Load average (1 min) ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}

if (flags['watch-only']) {
  try {
    await watchSection(bench, workspaces)
    if (!flags['no-cli']) await lspSection(bench, workspaces)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}

// the whole benchmark: the sections in the order of the report
try {
  introduction(bench, workspaces)
  const check = await checkSection(bench, workspaces) // 1. `botwire check` in process, and its passes
  await cliSection(bench, workspaces, check) // 1b. the whole CLI, as a child process
  const emission = await emissionSection(bench, workspaces) // 2. emission vs parsing
  await baselinesSection(bench, emission) // 3a, 3b. json-schema-to-typescript and ts-morph
  await scaffoldUpdateSection(bench, tempRoot) // 3c. `scaffold --update`
  tagsAndStatesSection(bench.runs, tempRoot) // 6. check and generate with tags and states (issue #34)
  await watchSection(bench, workspaces) // 8. `generate --watch`
  typecheckSection(bench) // 4. type-check cost of the generated example
  runtimeSection(bench) // 7. the runtime (child process)
  storesSection(bench) // 11. the message stores (child process)
  hostSection(bench) // 12. the host (child process)
  processesSection(bench) // 13. several processes on one PostgreSQL (child process)

  const load1 = loadavg()[0] ?? 0
  print(
    `Total ${Math.round((performance.now() - started) / 1000)} s. Load average (1 min) ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end, on ${cpus().length} cores.`,
  )
} finally {
  if (flags.keep) progress(`kept ${tempRoot}`)
  else rmSync(tempRoot, { recursive: true, force: true })
}
