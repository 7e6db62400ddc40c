// Section 1: `botwire check` on the broken copy of the 1,000-definition workspace, in this
// process: the whole check against `yaml.parseDocument` of the same files (the old design's
// parse, the floor), the old design's loading inside today's code (every file on the careful
// path), which path each file took, and the check pass by pass.
import { realpathSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { loadWorkspace } from '../../src/load/loadWorkspace.js'
import { nodesFromJsYaml } from '../../src/load/nodesFromJsYaml.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { countPaths, filesPointedAt, tookFastPath, withYamlParses } from '../loadPaths.js'
import { measure, medianSample, ms, ratio, type Sample, type Stats } from '../measure.js'
import { parserFiguresInChild } from '../parsers.js'
import { CHECKS, PASSES, type PassName, type PassTimes, timePasses } from '../passes.js'
import { fmt, print, progress, table } from '../report.js'
import { type SyntheticWorkspace, writeCarefulCopy } from '../syntheticWorkspace.js'

/** What section 1b compares the CLI with: the in-process check, and the errors it found. */
export interface CheckFigures {
  check: Stats
  brokenDiagnostics: number
}

export async function checkSection(bench: BenchContext, workspaces: BenchWorkspaces): Promise<CheckFigures> {
  const { brokenDir, carefulDir, broken, injected } = workspaces
  progress('checkWorkspace on the broken workspace')
  let brokenDiagnostics = 0
  let brokenErrorFiles = 0
  const check = await measure(
    bench.runs,
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
  const counts = countingRun(brokenDir, broken)
  if (counts.missing.length > 0 || counts.unexpected.length > 0) process.exitCode = 1

  progress('passes on the broken workspace')
  const passRuns: PassRun[] = []
  // no warm-up of its own: checkWorkspace just ran the same code on the same files
  const passWall = await measure(
    bench.runs,
    () => timePasses(brokenDir, counts.pointedFast),
    (result) => {
      passRuns.push({ passes: result.passes, cpu: result.cpu, checks: result.checks })
    },
    false,
  )

  // the parsers on the same files, in a child process with a fresh heap (bench/parsers.ts)
  progress('parsers (child process)')
  const parsers = parserFiguresInChild(brokenDir, bench.runs)

  // the old design inside today's code: every file on the careful path
  progress('checkWorkspace with every file on the careful path')
  writeCarefulCopy(brokenDir, carefulDir)
  let carefulErrors = 0
  const careful = await measure(
    bench.runs,
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

  printPassByPass(bench, passRuns, passWall, counts.pointedFast.size)
  print(
    `Throughput: ${(broken.bytes / 1e6 / (check.median.cpuMs / 1000)).toFixed(2)} MB of YAML per CPU second for the check, ${(parsers.bytes / 1e6 / (parsers.fastPath.median.cpuMs / 1000)).toFixed(2)} MB/s for the fast path alone, ${(parsers.bytes / 1e6 / (floor / 1000)).toFixed(2)} MB/s for \`yaml.parseDocument\` alone.`,
  )
  print()
  return { check, brokenDiagnostics }
}

/** What the counting run finds: the paths files took, the positions read, and the injected errors missed or unexpected. */
interface Counts {
  paths: { fast: number; careful: number }
  yamlParses: number
  yamlParsedFiles: number
  pointedAt: number
  pointedFast: Set<string>
  pointedByEvents: number
  missing: string[]
  unexpected: string[]
}

function countingRun(brokenDir: string, broken: SyntheticWorkspace): Counts {
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
}

/** One timed run of the passes: its times, without the model and files (so they do not stay on the heap). */
type PassRun = Pick<PassTimes, 'passes' | 'cpu' | 'checks'>

/** The pass-by-pass table: each pass's median share of the check's CPU, and each semantic check's. */
function printPassByPass(bench: BenchContext, passRuns: PassRun[], passWall: Stats, pointedFast: number): void {
  const passMedian = Object.fromEntries(PASSES.map((p) => [p, medianSample(passRuns.map((r) => ({ wallMs: r.passes[p], cpuMs: r.cpu[p] })))])) as Record<
    PassName,
    Sample
  >
  const cpuTotal = PASSES.reduce((sum, p) => sum + passMedian[p].cpuMs, 0)
  const PASS_LABELS: Record<PassName, string> = {
    load: 'load: read the files and their values (screens and js-yaml 4; yaml with positions for the files the fast path turns away)',
    positions: `positions: the node trees of the ${pointedFast} fast-path files diagnostics point into (otherwise read when first asked for)`,
    shape: 'shape: each definition against its meta-schema',
    sanity: 'schema sanity: contradictions and mistakes inside the schemas',
    resolve: 'resolve: names, references and versions',
    checks: 'the semantic checks',
  }
  print(
    `Pass by pass (the check's passes one after another, with the positions asked for right after loading so that each pass's time is its own work; median of ${bench.runs}; whole sequence ${ms(passWall.median.wallMs)} ms wall, ${ms(passWall.median.cpuMs)} ms CPU; share of CPU):`,
  )
  print()
  table(
    ['pass', 'wall ms', 'CPU ms', 'share (CPU)'],
    [
      ...PASSES.map((p) => [PASS_LABELS[p], ...fmt(passMedian[p]), `${((100 * passMedian[p].cpuMs) / cpuTotal).toFixed(1)}%`]),
      ...CHECKS.map((c) => {
        const value = medianSample(passRuns.map((r) => r.checks[c.name] ?? { wallMs: 0, cpuMs: 0 }))
        return [`  of which ${c.name}`, ...fmt(value), `${((100 * value.cpuMs) / cpuTotal).toFixed(1)}%`]
      }),
    ],
  )
}
