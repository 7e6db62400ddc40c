// Section 2: lowering and printing the valid workspace, as `botwire generate` does, against
// its load and against `yaml.parseDocument` of the same files; then `botwire generate`
// against `botwire check` through the CLI.
import { existsSync, realpathSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { emitFiles, emitPlan } from '../../src/emit/emitPlan.js'
import { filesToLower, lowerModel } from '../../src/lower/lowerModel.js'
import type { EmitPlan } from '../../src/lower/plan.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import type { Model } from '../../src/resolve/model.js'
import { child } from '../childProcesses.js'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { countPaths, withYamlParses } from '../loadPaths.js'
import { measure, medianSample, ratio, type Sample, type Stats } from '../measure.js'
import { yamlFiguresInChild } from '../parsers.js'
import { type PassTimes, timePasses } from '../passes.js'
import { fmt, print, progress, table } from '../report.js'

/** What section 3 builds on: the valid workspace's model, and the plan lowered from it. */
export interface EmissionFigures {
  model: Model
  plan: EmitPlan
}

export async function emissionSection(bench: BenchContext, workspaces: BenchWorkspaces): Promise<EmissionFigures> {
  const { validDir } = workspaces
  progress('lowering + emission vs parsing (valid workspace)')
  // every pass (the model is needed), timing the load; no warm-up of its own (the same
  // code just ran on the broken copy)
  const loadRuns: Sample[] = []
  await measure(
    bench.runs,
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
  const validYaml = yamlFiguresInChild(validDir, bench.runs).yaml
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
    bench.runs,
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
  await measureWithSetup(bench.runs, freshModel, (fresh) => {
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
      [`the same, median of ${bench.runs} more`, ...both(byFile.median)],
      ['of which, with the whole plan at once: lowering', ...both(lower)],
      ['of which, with the whole plan at once: printing', ...both(emit)],
    ],
  )
  if (!bench.flags['no-cli'] && existsSync(bench.cliMain)) await generateThroughCli(bench, workspaces, outputFiles)
  return { model, plan }
}

/** `botwire generate` against `botwire check` of the valid workspace, through the built CLI. */
async function generateThroughCli(bench: BenchContext, { validDir, tempRoot }: BenchWorkspaces, outputFiles: number): Promise<void> {
  progress('CLI generate vs check (valid workspace)')
  const outDir = join(tempRoot, 'generated-out')
  const checkCli = await child(bench, [bench.cliMain, 'check', '--definitions', validDir])
  rmSync(outDir, { recursive: true, force: true })
  const generateCli = await child(bench, [bench.cliMain, 'generate', '--definitions', validDir, '--out', outDir])
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
        `the same, median of ${bench.runs} more (every file unchanged)`,
        ...fmt(generateCli.stats.median),
        ratio(generateCli.stats.median.wallMs, checkCli.stats.median.wallMs),
      ],
    ],
  )
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
async function measureWithSetup<S, T>(runs: number, setup: () => S, fn: (input: S) => T, onResult?: (result: T) => void): Promise<Stats> {
  let input: S | undefined = setup()
  return measure(
    runs,
    () => fn(input as S),
    (result, run) => {
      onResult?.(result)
      input = undefined
      if (run < runs) input = setup()
    },
  )
}
