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
// usage: tsx bench/run.ts [--runs N] [--quick] [--no-tsc] [--no-cli] [--no-baselines] [--subset N] [--keep]
//   --runs N      measured runs after the warm-up run (default 3; the median is reported)
//   --quick       --runs 1 and smaller baseline subsets
//   --subset N    modules given to json-schema-to-typescript and ts-morph (default 40)
//   --keep        keep the synthetic workspaces (their folder is printed)
//   --runtime-only  section 7 alone (the runtime: receive, listMessages, streaming), as `npm run bench:runtime`
//   --stores-only   section 11 alone (a listMessages page on each message store), as `npm run bench:stores`
//   --watch-only    section 8 alone (generate --watch on the incremental engine)
//   --lsp-only      section 9 alone (`botwire lsp` through a real client over stdio)
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { emitFile } from '../src/emit/emitFile.js'
import { emitFiles, emitPlan } from '../src/emit/emitPlan.js'
import { loadWorkspace } from '../src/load/loadWorkspace.js'
import { nodesFromJsYaml } from '../src/load/nodesFromJsYaml.js'
import { cacheFile, cacheFolder } from '../src/load/parseCache.js'
import { filesToLower, lowerModel } from '../src/lower/lowerModel.js'
import type { EmitPlan } from '../src/lower/plan.js'
import { checkWorkspace } from '../src/pipeline/checkWorkspace.js'
import type { Model } from '../src/resolve/model.js'
import { planUpdate } from '../src/stubs/planUpdate.js'
import { loadTsMorph, memoryProject } from '../src/stubs/tsMorph.js'
import { botwireTypes, jsttTypes, moduleSchema, typedModules } from './baselines/jsonSchemaToTs.js'
import { createProject, tsMorphFile } from './baselines/tsMorph.js'
import { countPaths, filesPointedAt, tookFastPath, withYamlParses } from './loadPaths.js'
import { lspFigures } from './lsp.js'
import { childrenCpuMs, measure, median, medianSample, ms, percentile, ratio, type Sample, type Stats } from './measure.js'
import { parserFiguresInChild, yamlFiguresInChild } from './parsers.js'
import { CHECKS, PASSES, type PassName, type PassTimes, timePasses } from './passes.js'
import { writeScaffoldUpdateInput } from './scaffoldUpdate.js'
import { type SyntheticWorkspace, writeCarefulCopy, writeSyntheticWorkspaces } from './syntheticWorkspace.js'
import { typecheckGenerated } from './typecheck.js'
import { watchFigures } from './watch.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    subset: { type: 'string' },
    'no-tsc': { type: 'boolean', default: false },
    'no-cli': { type: 'boolean', default: false },
    'no-baselines': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'scaffold-update-only': { type: 'boolean', default: false },
    'runtime-only': { type: 'boolean', default: false },
    'stores-only': { type: 'boolean', default: false },
    'watch-only': { type: 'boolean', default: false },
    'lsp-only': { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3)))
const SUBSET = Math.max(2, Number(flags.subset ?? (flags.quick ? 20 : 40)))

const out: string[] = []
function print(line = ''): void {
  out.push(line)
  process.stdout.write(`${line}\n`)
}
function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`)
}
function table(header: string[], rows: (string | number)[][]): void {
  print(`| ${header.join(' | ')} |`)
  print(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`)
  for (const row of rows) print(`| ${row.join(' | ')} |`)
  print()
}
const fmt = (s: Sample): string[] => [ms(s.wallMs), ms(s.cpuMs)]

/** `node ARGS` as a child process: a first run, then the median of RUNS more. */
async function child(args: string[]): Promise<{ stats: Stats; status: number | null; bytes: number }> {
  let status: number | null = null
  let bytes = 0
  const samples: Sample[] = []
  for (let run = 0; run <= RUNS; run++) {
    const cpu = childrenCpuMs()
    const t = performance.now()
    const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 256 * 1024 * 1024 })
    const wallMs = performance.now() - t
    const after = childrenCpuMs()
    samples.push({ wallMs, cpuMs: cpu !== null && after !== null ? after - cpu : Number.NaN })
    status = result.status
    bytes = result.stdout.length + result.stderr.length
  }
  const [first, ...rest] = samples as [Sample, ...Sample[]]
  return { stats: { first, median: medianSample(rest), runs: rest }, status, bytes }
}

const cliMain = join(root, 'dist', 'cli', 'main.js')

/** Builds dist/ when it is missing or older than src/; says which. */
function ensureBuilt(): string {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .reduce((m, e) => Math.max(m, statSync(join(e.parentPath, e.name)).mtimeMs), 0)
  if (existsSync(cliMain) && statSync(cliMain).mtimeMs >= newest(join(root, 'src'))) return 'dist/ was up to date'
  progress('npm run build (dist/ missing or older than src/)')
  const t = performance.now()
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' })
  return `built dist/ first (\`npm run build\`, ${Math.round((performance.now() - t) / 1000)} s, exit ${build.status})`
}

const lap = (): Sample => {
  const usage = process.cpuUsage()
  return { wallMs: performance.now(), cpuMs: (usage.user + usage.system) / 1000 }
}
const since = (start: Sample): Sample => {
  const now = lap()
  return { wallMs: now.wallMs - start.wallMs, cpuMs: now.cpuMs - start.cpuMs }
}

/** Like `measure`, with an untimed `setup` before each run whose result the run gets (made after the previous run, so one lives at a time). */
async function measureWithSetup<S, T>(setup: () => S, fn: (input: S) => T, onResult?: (result: T) => void): Promise<Stats> {
  let input: S | undefined = setup()
  return measure(
    RUNS,
    () => fn(input as S),
    (result, run) => {
      onResult?.(result)
      input = undefined
      if (run < RUNS) input = setup()
    },
  )
}

/** 3c. `scaffold --update` on a 50-action integration. */
async function scaffoldUpdateSection(tempRoot: string): Promise<void> {
  progress('scaffold --update on a 50-action integration')
  const tsMorph = await loadTsMorph()
  const input = writeScaffoldUpdateInput(join(tempRoot, 'scaffold-update'), tsMorph)
  const record = new Map(input.plan.actions.flatMap((a) => (a.implements === null ? [] : [[a.implements, a.implements.split('.')[1] ?? ''] as const])))
  let summary = ''
  const update = await measure(
    RUNS,
    () => planUpdate(tsMorph, input.text, 'src/big.ts', input.plan, record, false),
    (outcome) => {
      if (!outcome.ok) throw new Error(outcome.reason)
      const count = (kind: string) => outcome.changes.filter((c) => c.kind === kind).length
      summary = `${count('added')} added, ${count('renamed')} renamed, ${outcome.leftovers.length} left over`
    },
  )
  const parsePrint = await measure(RUNS, () => memoryProject(tsMorph).createSourceFile('/big.ts', input.text).print())
  print(`### 3c. \`scaffold --update\` on a 50-action integration`)
  print()
  print(
    `An implementation file of ${input.actions} handlers (${Math.round(input.text.length / 1024)} KB, every handler filled in), updated to a definition with 3 actions added, 2 removed and 1 interface action renamed (${summary}). In process, ts-morph already loaded; the baseline parses the same file with ts-morph and prints it again (\`createSourceFile\` + \`print()\`), in a fresh project like the update.`,
  )
  print()
  const rows: (string | number)[][] = [
    ['baseline: ts-morph `createSourceFile` + `print()`', ...fmt(parsePrint.median), '1×'],
    ['`planUpdate` (read, edit, read again for the report)', ...fmt(update.median), ratio(update.median.cpuMs, parsePrint.median.cpuMs)],
  ]
  if (!flags['no-cli'] && existsSync(cliMain)) {
    const paths = ['--definitions', input.definitionsDir, '--generated', input.generatedDir, '--no-builtins']
    const command = await child([cliMain, 'scaffold', '--update', '--dry-run', 'integration', 'big', '--out', input.outDir, ...paths])
    const checkCli = await child([cliMain, 'check', '--definitions', input.definitionsDir, '--no-builtins'])
    rows.push(
      ['CLI `botwire check` of the same workspace (child process)', ...fmt(checkCli.stats.median), ''],
      [
        `CLI \`botwire scaffold --update --dry-run integration big\` (child process, exit ${command.status})`,
        ...fmt(command.stats.median),
        `${ratio(command.stats.median.wallMs, checkCli.stats.median.wallMs)} check (wall)`,
      ],
    )
  }
  table(['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to the baseline'], rows)
}

/**
 * Section 7, the runtime (bench/runtime.ts), in a child process: it runs the generated bot,
 * whose `@botwire/runtime` import tsconfig.test.json maps to the sources.
 */
function runtimeSection(): void {
  progress('section 7: the runtime')
  childSection('runtime.ts')
}

/**
 * Section 11, the message stores (bench/stores.ts), in a child process as section 7 is: a
 * listMessages page on the in-memory, embedded and PostgreSQL stores (the machine's server).
 */
function storesSection(): void {
  progress('section 11: the message stores')
  childSection('stores.ts')
}

function childSection(script: string): void {
  const result = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      '--tsconfig',
      join(root, 'tsconfig.test.json'),
      join(root, 'bench', script),
      '--runs',
      String(RUNS),
      ...(flags.quick ? ['--quick'] : []),
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  )
  if (result.status !== 0) throw new Error(`bench/${script} exited with ${result.status}`)
  for (const line of result.stdout.trimEnd().split('\n')) print(line)
  print()
}

const started = performance.now()
const load0 = loadavg()[0] ?? 0
if (flags['runtime-only']) {
  runtimeSection()
  process.exit(0)
}
if (flags['stores-only']) {
  storesSection()
  process.exit(0)
}

// ---------------------------------------------------------------------------------
// inputs

const tempRoot = mkdtempSync(join(tmpdir(), 'botwire-bench-'))
if (flags['scaffold-update-only']) {
  // section 3c alone: no synthetic workspaces
  try {
    await scaffoldUpdateSection(tempRoot)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}
const validDir = join(tempRoot, 'valid')
const brokenDir = join(tempRoot, 'broken')
const carefulDir = join(tempRoot, 'careful')
progress(`writing synthetic workspaces under ${tempRoot}`)
const generated = writeSyntheticWorkspaces(validDir, brokenDir, { definitions: 1000, errorRate: 0.1 })
const valid = generated.valid
const broken = generated.broken as SyntheticWorkspace
const injected = Object.values(broken.errors).reduce((a, b) => a + b, 0)

/** Section 8: `generate --watch` on the incremental engine, against a full run, on the valid copy. */
async function watchSection(): Promise<void> {
  progress('generate --watch: edits through the engine, full runs, and the CLI')
  const figures = await watchFigures(validDir, tempRoot, RUNS, existsSync(cliMain) ? cliMain : null)
  print('### 8. `generate --watch` on the incremental engine')
  print()
  print(
    `The valid copy (${figures.files} output files). Each edit changes the definition's title and is saved as editors do (a temporary file renamed over it). In process: one watch run as the CLI's watch makes it (the engine told of the path, \`generate()\`, the write that skips the files it knows) from the save to the last file written, ${RUNS * 3} edits after a warm-up one, against a full run (check, lower, emit, write: every watch run before the engine) on the same edits. Through the CLI: the built \`botwire generate --watch\` as a child process, from the save to its summary line (printed once the files are written), each edit 1.1 s after the last run, ${RUNS * 3} edits; this includes the watcher's debounce (20 ms after the save's last event).`,
  )
  print()
  const rows: (string | number)[][] = []
  figures.targets.forEach((target, i) => {
    const engine = figures.engine[i]
    const full = figures.full[i]
    const cli = figures.cli[i]
    if (!engine || !full) return
    rows.push([`${target.label}: the engine's run, median`, ...fmt(engine.median), ratio(engine.median.wallMs, full.median.wallMs)])
    rows.push([`${target.label}: a full run, median`, ...fmt(full.median), '1×'])
    if (cli) rows.push([`${target.label}: save to written through \`generate --watch\`, median (max)`, `${ms(median(cli))} (${ms(Math.max(...cli))})`, '', ''])
  })
  table(['measure', 'wall ms', 'CPU ms', 'ratio (wall) to the full run'], rows)
}

/** Section 9: `botwire lsp` through a real client over stdio, on the valid copy. */
async function lspSection(): Promise<void> {
  const buildNote = ensureBuilt()
  if (!existsSync(cliMain)) {
    print(`### 9. \`botwire lsp\`: skipped (${buildNote}; dist/cli/main.js missing)`)
    print()
    return
  }
  progress('botwire lsp: initial load, edits, completion and hover through a real client')
  const f = await lspFigures(validDir, tempRoot, RUNS, cliMain)
  const at = (values: number[]): string => `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(Math.max(...values))}`
  const loadServer = median(f.serverLoad.slice(1))
  const loadCheck = median(f.checkLoad.slice(1))
  print('### 9. `botwire lsp` through a real client over stdio')
  print()
  print(
    `The built \`botwire lsp --definitions <valid copy>\` as a child process, driven over stdio by a vscode-languageserver-protocol client (${buildNote}), with a debounce of 0 (the server's default 30 ms of waiting for the typing to pause comes on top). Initial load: from the spawn to the first diagnostics published for a bot opened right after \`initialized\`, against \`botwire check\` of the same workspace from the spawn to the exit, alternated, a warm-up run of each and then the median of ${RUNS}. Then on the last server: ${f.bot.length} edits of the open bot (didChange with the whole text; even edits misspell one of its integrations, odd ones restore the text) and ${f.iface.length} of ${f.ifaceLabel} (even edits change its version, so its implementations name one that is gone; odd ones restore it), each timed from the didChange to the diagnostics that show it (the bot's, an implementation's); completion and hover at ${f.completion.length} and ${f.hover.length} positions (spread evenly) of the definition names, versions and aliases of the bot, an implementation of the interface and a second bot (${f.answered.completion} completions offered something, ${f.hover.length === 0 ? 0 : f.answered.hover} hovers said something), with no change waiting; and a hover sent right after each bot edit's diagnostics, which builds the index of the new analysis.`,
  )
  print()
  table(
    ['measure', 'wall ms', 'ratio / target'],
    [
      [
        'initial load: `botwire lsp`, spawn to first diagnostics (median; warm-up)',
        `${ms(loadServer)} (${ms(f.serverLoad[0] ?? Number.NaN)})`,
        `${ratio(loadServer, loadCheck)} check`,
      ],
      ['baseline: `botwire check`, spawn to exit (median; warm-up)', `${ms(loadCheck)} (${ms(f.checkLoad[0] ?? Number.NaN)})`, '1×'],
    ],
  )
  print(
    `Memory after the load (the server's \`botwire/status\`): ${Math.round(f.memory.rssBytes / 2 ** 20)} MB resident, ${Math.round(f.memory.heapUsedBytes / 2 ** 20)} MB of JavaScript heap in use.`,
  )
  print()
  table(
    ['measure', 'p50 / p95 / max ms', 'target (p95)'],
    [
      ['a bot edit: didChange to diagnostics published', at(f.bot), '50'],
      [`${f.ifaceLabel}: didChange to diagnostics published`, at(f.iface), '150'],
      ['completion answered', at(f.completion), '30'],
      ['hover answered', at(f.hover), '30'],
      ['hover right after an analysis (builds the index)', at(f.firstAfterAnalysis), ''],
    ],
  )
}

if (flags['lsp-only']) {
  try {
    print(`Load average (1 min) ${load0.toFixed(1)} at the start on ${cpus().length} cores.`)
    print()
    await lspSection()
    print(`Load average (1 min) ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`)
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}

if (flags['watch-only']) {
  try {
    await watchSection()
    if (!flags['no-cli']) await lspSection()
  } finally {
    rmSync(tempRoot, { recursive: true, force: true })
  }
  process.exit(0)
}

try {
  print(`## botwire benchmark`)
  print()
  print(
    `Command: \`npm run bench\`${process.argv.length > 2 ? ` (\`${process.argv.slice(2).join(' ')}\`)` : ''}. Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${process.platform}/${process.arch}. Warm-up run first, then the median of ${RUNS} run${RUNS === 1 ? '' : 's'}; wall and CPU milliseconds (CPU = user + system of this process, less sensitive to other load than wall time).`,
  )
  print()
  print(
    `Synthetic workspaces (generated, seeded): ${valid.files} definitions (100 interfaces, 400 integrations, 400 plugins, 100 bots), ${(valid.bytes / 1e6).toFixed(2)} MB of YAML, ${(valid.bytes / valid.files / 1024).toFixed(1)} KB per file on average; the broken copy has one semantic error in ${injected} files (${Object.entries(
      broken.errors,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}).`,
  )
  print()

  // -------------------------------------------------------------------------------
  // 1. check: checkWorkspace on the broken workspace, and its passes

  progress('checkWorkspace on the broken workspace')
  let brokenDiagnostics = 0
  let brokenErrorFiles = 0
  const check = await measure(
    RUNS,
    () => checkWorkspace({ definitionsDir: brokenDir, builtins: true }),
    (result) => {
      brokenDiagnostics = result.diagnostics.filter((d) => d.severity === 'error').length
      brokenErrorFiles = new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.range?.file.absolutePath)).size
    },
  )
  // one more run, not timed: which path each file took, how many yaml documents with
  // positions were built (the lazy ones included), and whether every injected error is
  // reported where it was put, and nothing else. In a function of its own, so that its
  // model and documents do not stay on the heap for the runs that follow.
  progress('counting run (paths, lazy positions, injected errors)')
  const counts = ((): {
    paths: { fast: number; careful: number }
    yamlParses: number
    yamlParsedFiles: number
    pointedAt: number
    pointedFast: Set<string>
    pointedByEvents: number
    missing: string[]
    unexpected: string[]
  } => {
    const brokenReal = realpathSync(brokenDir)
    const counted = withYamlParses(() => timePasses(brokenDir))
    const parsed = new Set(counted.texts)
    const pointedAt = filesPointedAt(counted.result.diagnostics)
    const erroredPaths = new Set(
      counted.result.diagnostics
        .filter((d) => d.severity === 'error' && d.range)
        .map((d) =>
          relative(brokenReal, d.range?.file.absolutePath ?? '')
            .split(sep)
            .join('/'),
        ),
    )
    return {
      paths: countPaths(counted.result.files),
      yamlParses: counted.texts.length,
      yamlParsedFiles: counted.result.files.filter((f) => parsed.has(f.text)).length,
      pointedAt: pointedAt.size,
      pointedFast: new Set([...pointedAt].filter(tookFastPath).map((f) => f.absolutePath)),
      pointedByEvents: [...pointedAt].filter((f) => tookFastPath(f) && nodesFromJsYaml(f.text) !== null).length,
      missing: broken.errorFiles.filter((f) => !erroredPaths.has(f)),
      unexpected: [...erroredPaths].filter((f) => !broken.errorFiles.includes(f)),
    }
  })()
  if (counts.missing.length > 0 || counts.unexpected.length > 0) process.exitCode = 1

  progress('passes on the broken workspace')
  const passRuns: Record<PassName, number>[] = []
  const passCpuRuns: Record<PassName, number>[] = []
  const checkRuns: Record<string, Sample>[] = []
  // no warm-up of its own: checkWorkspace just ran the same code on the same files
  const passWall = await measure(
    RUNS,
    () => timePasses(brokenDir, counts.pointedFast),
    (result) => {
      passRuns.push(result.passes)
      passCpuRuns.push(result.cpu)
      checkRuns.push(result.checks)
    },
    false,
  )

  // the parsers on the same files, in a child process with a fresh heap (bench/parsers.ts)
  progress('parsers (child process)')
  const parsers = parserFiguresInChild(brokenDir, RUNS)

  // the old design inside today's code: every file on the careful path
  progress('checkWorkspace with every file on the careful path')
  writeCarefulCopy(brokenDir, carefulDir)
  let carefulErrors = 0
  const careful = await measure(
    RUNS,
    () => checkWorkspace({ definitionsDir: carefulDir, builtins: true }),
    (result) => (carefulErrors = result.diagnostics.filter((d) => d.severity === 'error').length),
  )
  const carefulPaths = countPaths(loadWorkspace({ definitionsDir: carefulDir, builtins: true }).files.map((f) => f.file))

  const floor = parsers.yaml.median.cpuMs
  const toOld = (s: Sample): string => ratio(s.cpuMs, floor)
  print(`### 1. \`botwire check\` on 1,000 definitions with ${injected} semantic errors`)
  print()
  print(
    'The check (everything `botwire check` does but printing) in this process; the YAML parsers alone in a child process with a fresh heap (js-yaml 4 and 5 in turns), each after a warm-up run.',
  )
  print()
  table(
    ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to `yaml.parseDocument`'],
    [
      ['the check, first run in the process (cold caches, JIT not warm)', ...fmt(check.first), toOld(check.first)],
      ['the check, median', ...fmt(check.median), toOld(check.median)],
      [
        `the check with every file on the careful path (the careful copy: an unused anchor added to each file; median, after a warm-up run of ${ms(careful.first.cpuMs)} ms CPU)`,
        ...fmt(careful.median),
        toOld(careful.median),
      ],
      ['baseline: `yaml.parseDocument` (with positions) of the same 1,000 files, nothing else', ...fmt(parsers.yaml.median), '1×'],
      ['what-if: the same with `process.env` a plain object', ...fmt(parsers.yamlPlainEnv.median), toOld(parsers.yamlPlainEnv.median)],
      ["the loader's fast path alone: the screens, then js-yaml 4 `load` with `CORE_SCHEMA`", ...fmt(parsers.fastPath.median), toOld(parsers.fastPath.median)],
      [`js-yaml ${parsers.jsYaml4.version} \`load\` with \`CORE_SCHEMA\` alone`, ...fmt(parsers.jsYaml4.stats.median), toOld(parsers.jsYaml4.stats.median)],
      ...(parsers.jsYaml5
        ? [
            [
              `for the choice of version: js-yaml ${parsers.jsYaml5.version} \`load\` with \`CORE_SCHEMA\` (json-schema-to-typescript's copy; not a botwire dependency)`,
              ...fmt(parsers.jsYaml5.stats.median),
              `${toOld(parsers.jsYaml5.stats.median)} (${ratio(parsers.jsYaml5.stats.median.cpuMs, parsers.jsYaml4.stats.median.cpuMs)} js-yaml 4)`,
            ],
          ]
        : []),
    ],
  )
  const { paths, missing, unexpected } = counts
  print(
    `Found ${brokenDiagnostics} errors in ${brokenErrorFiles} files; ${missing.length === 0 && unexpected.length === 0 ? `each of the ${injected} files given an error is reported, and no other file (checked against the generator's list)` : `**MISMATCH** with the ${injected} files given an error: ${missing.length} not reported (${missing.slice(0, 5).join(', ')}), ${unexpected.length} reported without one (${unexpected.slice(0, 5).join(', ')})`}. The valid workspace must give none (checked in §2). With every file on the careful path: ${carefulErrors} errors, ${carefulPaths.careful} of ${carefulPaths.fast + carefulPaths.careful} files on the careful path.`,
  )
  print()
  print(
    `Paths (a counting run, not timed): of the ${paths.fast + paths.careful} files loaded (${broken.files} of the workspace, ${paths.fast + paths.careful - broken.files} built-ins), **${paths.fast} took the fast path and ${paths.careful} the careful path**; the fast path accepts ${parsers.fastAccepted} of the ${parsers.files} workspace files. The injected errors are semantic, in well-formed YAML, so they do not send a file down the careful path; what they cost is the positions of each file a diagnostic or related location points into: ${counts.pointedAt} files (${counts.pointedFast.size} on the fast path), read again for their node tree, ${counts.pointedByEvents} of them by js-yaml with its node events and the rest by yaml; yaml (the careful path, and the fallback for positions) parsed ${counts.yamlParses} texts during the check, ${counts.yamlParsedFiles} distinct loaded files (counted by wrapping yaml's \`Parser.prototype.parse\`).`,
  )
  print()

  const passMedian = Object.fromEntries(
    PASSES.map((p) => [p, medianSample(passRuns.map((r, i) => ({ wallMs: r[p], cpuMs: passCpuRuns[i]?.[p] ?? 0 })))]),
  ) as Record<PassName, Sample>
  const cpuTotal = PASSES.reduce((sum, p) => sum + passMedian[p].cpuMs, 0)
  const PASS_LABELS: Record<PassName, string> = {
    load: 'load: read the files and their values (screens and js-yaml 4; yaml with positions for the files the fast path turns away)',
    positions: `positions: the node trees of the ${counts.pointedFast.size} fast-path files diagnostics point into (otherwise read when first asked for)`,
    shape: 'shape: each definition against its meta-schema',
    sanity: 'schema sanity: contradictions and mistakes inside the schemas',
    resolve: 'resolve: names, references and versions',
    checks: 'the semantic checks',
  }
  print(
    `Pass by pass (the check's passes one after another, with the positions asked for right after loading so that each pass's time is its own work; median of ${RUNS}; whole sequence ${ms(passWall.median.wallMs)} ms wall, ${ms(passWall.median.cpuMs)} ms CPU; share of CPU):`,
  )
  print()
  table(
    ['pass', 'wall ms', 'CPU ms', 'share (CPU)'],
    [
      ...PASSES.map((p) => [PASS_LABELS[p], ...fmt(passMedian[p]), `${((100 * passMedian[p].cpuMs) / cpuTotal).toFixed(1)}%`]),
      ...CHECKS.map((c) => {
        const value = medianSample(checkRuns.map((r) => r[c.name] ?? { wallMs: 0, cpuMs: 0 }))
        return [`  of which ${c.name}`, ...fmt(value), `${((100 * value.cpuMs) / cpuTotal).toFixed(1)}%`]
      }),
    ],
  )
  print(
    `Throughput: ${(broken.bytes / 1e6 / (check.median.cpuMs / 1000)).toFixed(2)} MB of YAML per CPU second for the check, ${(parsers.bytes / 1e6 / (parsers.fastPath.median.cpuMs / 1000)).toFixed(2)} MB/s for the fast path alone, ${(parsers.bytes / 1e6 / (floor / 1000)).toFixed(2)} MB/s for \`yaml.parseDocument\` alone.`,
  )
  print()

  // -------------------------------------------------------------------------------
  // 1b. the whole CLI as a child process

  if (!flags['no-cli']) {
    const main = cliMain
    const buildNote = ensureBuilt()
    if (existsSync(main)) {
      progress('CLI child processes')
      const nodeStart = await child(['-e', '0'])
      const version = await child([main, '--version'])
      const cli = await child([main, 'check', '--definitions', brokenDir])
      // --cache: the first run writes the cache, the others read it; the file is removed after
      const cached = await child([main, 'check', '--cache', '--definitions', brokenDir])
      rmSync(cacheFile(cacheFolder(root), realpathSync(brokenDir)), { force: true })
      print(`### 1b. The whole CLI, as a child process`)
      print()
      print(
        `\`botwire check --definitions <broken workspace>\` (the built CLI; pretty output, NO_COLOR, ${Math.round(cli.bytes / 1024)} KB printed, exit ${cli.status}); ${buildNote}. CPU is the children's user + system time from /proc (10 ms resolution).`,
      )
      print()
      table(
        ['command', 'wall ms', 'CPU ms', 'ratio (wall) to node startup'],
        [
          ['baseline: `node -e 0`', ...fmt(nodeStart.stats.median), '1×'],
          ['`botwire --version` (loads the CLI modules)', ...fmt(version.stats.median), ratio(version.stats.median.wallMs, nodeStart.stats.median.wallMs)],
          [
            '`botwire check ...`, first run (every run is a fresh process: cold JIT, cold caches)',
            ...fmt(cli.stats.first),
            ratio(cli.stats.first.wallMs, nodeStart.stats.median.wallMs),
          ],
          [`\`botwire check ...\`, median of ${RUNS} more`, ...fmt(cli.stats.median), ratio(cli.stats.median.wallMs, nodeStart.stats.median.wallMs)],
          [
            '`botwire check --cache ...`, first run (parses, writes the cache)',
            ...fmt(cached.stats.first),
            ratio(cached.stats.first.wallMs, nodeStart.stats.median.wallMs),
          ],
          [
            `\`botwire check --cache ...\`, median of ${RUNS} more (values read from the cache)`,
            ...fmt(cached.stats.median),
            ratio(cached.stats.median.wallMs, nodeStart.stats.median.wallMs),
          ],
        ],
      )
      print(
        `In CPU time, the CLI's median is ${ratio(cli.stats.median.cpuMs, check.first.cpuMs)} an in-process check run first in its process (the comparable one: a CLI run is always a first run) and ${ratio(cli.stats.median.cpuMs, check.median.cpuMs)} the warm in-process median; the difference is node's startup, loading the modules (the \`--version\` row) and printing ${brokenDiagnostics} diagnostics with code frames.`,
      )
      print()
    } else {
      print(`### 1b. The whole CLI: skipped (${buildNote}; dist/cli/main.js missing)`)
      print()
    }
  }

  // -------------------------------------------------------------------------------
  // 2. emission vs parsing, on the valid workspace

  progress('lowering + emission vs parsing (valid workspace)')
  // every pass (the model is needed), timing the load; no warm-up of its own (the same
  // code just ran on the broken copy)
  const loadRuns: Sample[] = []
  await measure(
    RUNS,
    () => timePasses(validDir),
    (result) => {
      loadRuns.push({ wallMs: result.passes.load, cpuMs: result.cpu.load })
    },
    false,
  )
  // a counting run, not timed: the model for lowering, the paths, and yaml's parses
  const validCounted = withYamlParses(() => timePasses(validDir))
  const validPasses: PassTimes = validCounted.result
  const validErrors = validPasses.diagnostics.filter((d) => d.severity === 'error')
  if (validErrors.length > 0) throw new Error(`the valid synthetic workspace has ${validErrors.length} errors, first: ${validErrors[0]?.message ?? ''}`)
  const validPaths = countPaths(validPasses.files)
  // the old design's parse of the same files, in a child process (bench/parsers.ts)
  const validYaml = yamlFiguresInChild(validDir, RUNS).yaml
  const model: Model = validPasses.model
  const lowerOptions = { definitionsDir: realpathSync(validDir), allBuiltins: false }
  const load = medianSample(loadRuns)
  // every timed run gets a model of its own, checked just before (untimed): lowering keeps
  // per-schema caches (JSON templates, context-free types, lowered entities), and a fresh
  // model starts them cold, as in a CLI run
  const freshModel = (): Model => checkWorkspace({ definitionsDir: validDir, builtins: true }).model
  let outputBytes = 0
  let outputFiles = 0
  const byFile = await measureWithSetup(
    freshModel,
    (fresh) => emitFiles(filesToLower(fresh, lowerOptions)),
    (files) => {
      outputBytes = files.reduce((n, f) => n + f.text.length, 0)
      outputFiles = files.length
    },
  )
  let plan: EmitPlan = { files: [] }
  const lowerRuns: Sample[] = []
  const emitRuns: Sample[] = []
  await measureWithSetup(freshModel, (fresh) => {
    const t0 = lap()
    plan = lowerModel(fresh, lowerOptions)
    lowerRuns.push(since(t0))
    const t1 = lap()
    emitPlan(plan)
    emitRuns.push(since(t1))
  })
  // the warm-up run is not among the medians
  const lower = medianSample(lowerRuns.slice(1))
  const emit = medianSample(emitRuns.slice(1))
  print(`### 2. Emission vs parsing (valid workspace: ${outputFiles} output files, ${(outputBytes / 1e6).toFixed(1)} MB of TypeScript)`)
  print()
  print(
    `No errors (checked). Paths: ${validPaths.fast} files on the fast path, ${validPaths.careful} on the careful path; yaml parsed ${validCounted.texts.length} texts during the passes (no diagnostic, so no position was asked for). Each lowering run gets a model of its own, checked just before it (untimed), so that lowering's per-schema caches start cold as in a CLI run.`,
  )
  print()
  const both = (s: Sample): string[] => [...fmt(s), ratio(s.cpuMs, load.cpuMs), ratio(s.cpuMs, validYaml.median.cpuMs)]
  table(
    ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to the load', 'ratio (CPU) to `yaml.parseDocument`'],
    [
      ['baseline: the load, as the check runs it', ...both(load)],
      ['baseline: `yaml.parseDocument` (with positions) of the same files, nothing else', ...both(validYaml.median)],
      ['lowering and printing file by file, as `botwire generate` does; first run (cold JIT)', ...both(byFile.first)],
      [`the same, median of ${RUNS} more`, ...both(byFile.median)],
      ['of which, with the whole plan at once: lowering', ...both(lower)],
      ['of which, with the whole plan at once: printing', ...both(emit)],
    ],
  )
  if (!flags['no-cli'] && existsSync(cliMain)) {
    progress('CLI generate vs check (valid workspace)')
    const outDir = join(tempRoot, 'generated-out')
    const checkCli = await child([cliMain, 'check', '--definitions', validDir])
    rmSync(outDir, { recursive: true, force: true })
    const generateCli = await child([cliMain, 'generate', '--definitions', validDir, '--out', outDir])
    print(
      `The whole CLI on the valid workspace (child processes; \`generate\` writes ${outputFiles} files into a temporary folder: its first run writes them all, later runs compare and find them unchanged):`,
    )
    print()
    table(
      ['command', 'wall ms', 'CPU ms', 'ratio (wall) to check'],
      [
        ['baseline: `botwire check --definitions <valid>`, median', ...fmt(checkCli.stats.median), '1×'],
        [
          '`botwire generate --definitions <valid> --out <temp>`, first run (writes every file)',
          ...fmt(generateCli.stats.first),
          ratio(generateCli.stats.first.wallMs, checkCli.stats.median.wallMs),
        ],
        [
          `the same, median of ${RUNS} more (every file unchanged)`,
          ...fmt(generateCli.stats.median),
          ratio(generateCli.stats.median.wallMs, checkCli.stats.median.wallMs),
        ],
      ],
    )
  }

  // -------------------------------------------------------------------------------
  // 3. baselines for the design decisions

  if (!flags['no-baselines']) {
    progress(`json-schema-to-typescript on ${SUBSET} modules`)
    const modules = typedModules(model, SUBSET)
    const schemas = modules.map((m) => moduleSchema(model, m))
    let botwireBytes = 0
    let jsttBytes = 0
    const bw = await measure(
      RUNS,
      () => modules.map(botwireTypes),
      (texts) => (botwireBytes = texts.reduce((n, t) => n + t.length, 0)),
    )
    const jstt = await measure(
      RUNS,
      async () => {
        const texts: string[] = []
        for (const [i, schema] of schemas.entries()) texts.push(await jsttTypes(schema, `Module${i}`))
        return texts
      },
      (texts) => (jsttBytes = texts.reduce((n, t) => n + t.length, 0)),
    )
    const jsttRaw = await measure(RUNS, async () => {
      for (const [i, schema] of schemas.entries()) await jsttTypes(schema, `Module${i}`, false)
    })
    print(`### 3a. Types from schemas: botwire vs json-schema-to-typescript`)
    print()
    print(
      `${modules.length} modules (${modules.filter((m) => m.definition.kind === 'interface').length} interfaces, ${modules.filter((m) => m.definition.kind === 'integration').length} integrations) of the valid workspace: their entity types and action input/output types. json-schema-to-typescript gets each module as one JSON Schema with entity references lowered to \`$ref\` into \`definitions\` (\`compile(schema, name, { bannerComment: '' })\`, default options, so Prettier formats its output); botwire declares the same types and prints them. Output: botwire ${Math.round(botwireBytes / 1024)} KB, json-schema-to-typescript ${Math.round(jsttBytes / 1024)} KB.`,
    )
    print()
    table(
      ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to botwire'],
      [
        ['baseline: botwire lowering + printing', ...fmt(bw.median), '1×'],
        ['json-schema-to-typescript `compile` (default options)', ...fmt(jstt.median), ratio(jstt.median.cpuMs, bw.median.cpuMs)],
        ['json-schema-to-typescript `compile` with `format: false`', ...fmt(jsttRaw.median), ratio(jsttRaw.median.cpuMs, bw.median.cpuMs)],
      ],
    )

    const moduleFiles = plan.files.filter((f) => f.kind === 'module')
    const step = Math.max(1, Math.round(moduleFiles.length / SUBSET))
    const sample = moduleFiles.filter((_, i) => i % step === 0)
    progress(`ts-morph on ${sample.length} modules`)
    let printedBytes = 0
    let morphBytes = 0
    const printer = await measure(
      RUNS,
      () => sample.map(emitFile),
      (files) => (printedBytes = files.reduce((n, f) => n + f.text.length, 0)),
    )
    const morph = await measure(
      RUNS,
      () => {
        const project = createProject()
        return sample.map((f) => tsMorphFile(project, f))
      },
      (texts) => (morphBytes = texts.reduce((n, t) => n + t.length, 0)),
    )
    print(`### 3b. Printing: botwire's text printer vs ts-morph`)
    print()
    print(
      `${sample.length} planned modules (every ${step}${step === 1 ? 'st' : 'th'} module of the valid workspace's plan, all kinds; ${Math.round(printedBytes / 1024)} KB of TypeScript from botwire, ${Math.round(morphBytes / 1024)} KB from ts-morph). ts-morph: one \`project.createSourceFile(path, { statements })\` per module with structures (nested types as writer functions), then \`getFullText()\`, in a fresh in-memory project per run.`,
    )
    print()
    table(
      ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to botwire'],
      [
        ["baseline: botwire's printer", ...fmt(printer.median), '1×'],
        ['ts-morph `createSourceFile` + `getFullText`', ...fmt(morph.median), ratio(morph.median.cpuMs, printer.median.cpuMs)],
      ],
    )
  }

  await scaffoldUpdateSection(tempRoot)
  await watchSection()

  // -------------------------------------------------------------------------------
  // 4. type-check cost of the generated example

  if (!flags['no-tsc']) {
    progress('tsc --extendedDiagnostics on generated/')
    const stats = typecheckGenerated(root)
    const lib = stats[0]
    print('### 4. Type-check cost of the generated example')
    print()
    print(
      "The code generated from the repository's example workspace, compiled by `tsc --extendedDiagnostics` with `strict`, `noUncheckedIndexedAccess`, `exactOptionalPropertyTypes` and no `skipLibCheck`. Instantiations and types are deterministic; check time is wall time on this machine. The reference platform's generated code for a small bot costs about 68,000 instantiations.",
    )
    print()
    table(
      ['project', 'files', 'types', 'instantiations', 'minus lib baseline', 'check s', 'exit'],
      stats.map((s) => [
        s.label,
        s.files ?? '?',
        s.types ?? '?',
        s.instantiations ?? '?',
        s === lib || s.instantiations === null || lib?.instantiations == null ? '' : s.instantiations - lib.instantiations,
        s.checkSeconds ?? '?',
        `${s.exitCode ?? '?'}${s.errors ? ` (${s.errors.split('\n')[0] ?? ''})` : ''}`,
      ]),
    )
  }

  runtimeSection()
  storesSection()

  const load1 = loadavg()[0] ?? 0
  print(
    `Total ${Math.round((performance.now() - started) / 1000)} s. Load average (1 min) ${load0.toFixed(1)} at the start, ${load1.toFixed(1)} at the end, on ${cpus().length} cores.`,
  )
} finally {
  if (flags.keep) progress(`kept ${tempRoot}`)
  else rmSync(tempRoot, { recursive: true, force: true })
}
