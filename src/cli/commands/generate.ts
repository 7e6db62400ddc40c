// `botwire generate [--check] [--watch]`: check, then write the generated TypeScript.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { diagnostic, hasErrors } from '../../diagnostics/diagnostic.js'
import { escapeControls } from '../../diagnostics/render/terminalText.js'
import type { OutputFile } from '../../emit/emitPlan.js'
import { displayPath } from '../../load/displayPath.js'
import { type GeneratedWorkspace, type GenerateWorkspaceOptions, generateWorkspace } from '../../pipeline/generateWorkspace.js'
import { openWorkspace, type WorkspaceEngine } from '../../pipeline/workspaceEngine.js'
import { behindDefinitions, describeBehind } from '../../stubs/behindDefinitions.js'
import { compareOutput, hasDifferences } from '../../write/compareOutput.js'
import { KnownOutput } from '../../write/knownOutput.js'
import { readScaffolded, type ScaffoldRecord } from '../../write/manifest.js'
import { type WriteSummary, writeFailure, writeOutput } from '../../write/writeOutput.js'
import { commonFlags, commonOptions, type GenerateCommandOptions } from '../options.js'
import { printDiagnostics, printSummary } from '../printDiagnostics.js'
import { MAX_DIFF_FILES, staleDiff } from '../staleDiff.js'
import { EXIT, exitForErrors, UsageError } from '../usage.js'
import { watchDefinitions } from '../watch.js'

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

type Writer = (outDir: string, files: readonly OutputFile[]) => WriteSummary

function workspaceOptions(options: GenerateCommandOptions): GenerateWorkspaceOptions {
  return { definitionsDir: options.definitionsDir, builtins: options.builtins, cache: options.cache, outDir: options.outDir }
}

/** One generation: check, write, report. Returns the exit code. */
export function generateOnce(
  options: GenerateCommandOptions,
  write: Writer = writeOutput,
  produce: () => GeneratedWorkspace = () => generateWorkspace(workspaceOptions(options)),
  scaffoldedIn: (outDir: string) => ScaffoldRecord[] = readScaffolded,
): number {
  const started = performance.now()
  const generated = produce()
  printDiagnostics(generated.diagnostics, options.format)
  if (hasErrors(generated.diagnostics)) {
    printSummary(generated.diagnostics, options.format, '')
    if (options.format === 'pretty') process.stdout.write('nothing written\n')
    return exitForErrors(generated.diagnostics)
  }
  let summary: WriteSummary
  try {
    summary = write(generated.outDir, generated.files)
  } catch (error) {
    // the folder, not a definition, is at fault: a usage or environment failure
    const failure = [writeFailure(generated.outDir, error)]
    printDiagnostics(failure, options.format)
    printSummary(failure, options.format, '')
    return EXIT.usage
  }
  const ms = Math.round(performance.now() - started)
  if (options.format === 'pretty') {
    process.stdout.write(
      `generated ${plural(generated.files.length, 'file')} in ${displayPath(generated.outDir)}: ${summary.written.length} written, ${summary.unchanged.length} unchanged, ${summary.removed.length} removed (${ms} ms)\n`,
    )
    // implementation files the manifest records that the definitions moved ahead of (from the record: no file is read)
    for (const behind of behindDefinitions(generated.checked.model, scaffoldedIn(generated.outDir))) {
      const update = behind.gone ? '' : ': run botwire scaffold --update'
      process.stdout.write(`${displayPath(resolve(generated.outDir, behind.record.path))} ${describeBehind(behind)}${update}\n`)
    }
  }
  return EXIT.ok
}

function checkOnly(options: GenerateCommandOptions): number {
  const generated = generateWorkspace(workspaceOptions(options))
  if (hasErrors(generated.diagnostics)) {
    printDiagnostics(generated.diagnostics, options.format)
    printSummary(generated.diagnostics, options.format, '')
    return exitForErrors(generated.diagnostics)
  }
  const differences = compareOutput(generated.outDir, generated.files)
  const out = displayPath(generated.outDir)
  if (options.format === 'json') {
    // one JSON array, as every command prints: each difference is a BW5003 record
    const outOfDate = [
      ...differences.missing.map((path) => diagnostic('BW5003', 'missing', { file: `${out}/${path}` }, null)),
      ...differences.stale.map((path) => diagnostic('BW5003', 'stale', { file: `${out}/${path}` }, null)),
      ...differences.removed.map((path) => diagnostic('BW5003', 'removed', { file: `${out}/${path}` }, null)),
      ...differences.leftover.map((path) => diagnostic('BW5003', 'leftover', { file: `${out}/${path}` }, null)),
    ]
    printDiagnostics([...generated.diagnostics, ...outOfDate], options.format)
    return outOfDate.length > 0 ? EXIT.definitionErrors : EXIT.ok
  }
  printDiagnostics(generated.diagnostics, options.format)
  printDifferences(out, differences, generated.files.length)
  return hasDifferences(differences) ? EXIT.definitionErrors : EXIT.ok
}

/**
 * What `generate --check` found, in pretty text. The folder's name, the manifest's paths
 * and the files' lines may hold anything: they are shown with control characters escaped
 * (docs/cli.md#what-the-output-shows-of-a-definition).
 */
function printDifferences(outDir: string, differences: ReturnType<typeof compareOutput>, fileCount: number): void {
  const out = escapeControls(outDir)
  if (!hasDifferences(differences)) {
    process.stdout.write(`${out} is up to date (${plural(fileCount, 'file')})\n`)
    return
  }
  for (const path of differences.missing) process.stdout.write(`missing: ${out}/${escapeControls(path)}\n`)
  differences.stale.forEach((path, index) => {
    process.stdout.write(`stale: ${out}/${escapeControls(path)}\n`)
    const texts = differences.staleTexts.get(path)
    if (!texts) return
    if (index < MAX_DIFF_FILES) {
      process.stdout.write(`--- ${out}/${escapeControls(path)} (in the folder)\n+++ ${out}/${escapeControls(path)} (generated from the definitions)\n`)
      for (const line of staleDiff(path, texts.current, texts.expected)) process.stdout.write(`${escapeControls(line)}\n`)
    } else if (index === MAX_DIFF_FILES) {
      process.stdout.write(`(differences of the other stale files not shown)\n`)
    }
  })
  for (const path of differences.removed) process.stdout.write(`no longer produced: ${out}/${escapeControls(path)}\n`)
  for (const path of differences.leftover) process.stdout.write(`leftover of an interrupted run: ${out}/${escapeControls(path)}\n`)
  process.stdout.write(`${out} is out of date: run botwire generate\n`)
}

export async function runGenerate(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { ...commonFlags, out: { type: 'string' }, check: { type: 'boolean' }, watch: { type: 'boolean' } },
    allowPositionals: false,
    strict: true,
  })
  if (values.check && values.watch) throw new UsageError('--check and --watch cannot be combined')
  const options: GenerateCommandOptions = { ...commonOptions(values), outDir: resolve(values.out ?? 'generated') }
  if (values.check) return checkOnly(options)
  if (values.watch) return watchOnEngine(options)
  return generateOnceFinishingWrites(options)
}

/**
 * `--watch`: one workspace held in memory for the whole session (src/pipeline/workspaceEngine.ts),
 * told the paths each burst of changes touched; the writer remembers what it wrote, so
 * that unchanged files are not read back. A run that fails midway starts over next time.
 */
function watchOnEngine(options: GenerateCommandOptions): Promise<number> {
  let engine: WorkspaceEngine | null = null
  const known = new KnownOutput()
  return watchDefinitions(options, (changed) => {
    if (changed === null || engine === null) engine = openWorkspace(workspaceOptions(options))
    else engine.changedOnDisk(changed)
    const current = engine
    try {
      return generateOnce(
        options,
        (outDir, files) => writeOutput(outDir, files, { known }),
        () => current.generate(),
        // the manifest just written, as the writer knows it: not read back
        (outDir) => known.readManifest(outDir).scaffolded,
      )
    } catch (error) {
      engine = null
      throw error
    }
  })
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 }

/**
 * One generation in which Ctrl-C or SIGTERM during the writing lets the writing finish
 * (milliseconds: every file whole, the manifest final, the lock released), then exits
 * with 130 or 143. Before the writing, they stop the process at once: nothing is written
 * yet (docs/cli.md#interrupted-runs).
 */
async function generateOnceFinishingWrites(options: GenerateCommandOptions): Promise<number> {
  const received: NodeJS.Signals[] = []
  const record = (signal: NodeJS.Signals): void => void received.push(signal)
  const code = generateOnce(options, (outDir, files) => {
    process.on('SIGINT', record)
    process.on('SIGTERM', record)
    return writeOutput(outDir, files)
  })
  // a signal that came during the (synchronous) writing is dispatched on the next turn
  await new Promise((resolvePromise) => setImmediate(resolvePromise))
  process.off('SIGINT', record)
  process.off('SIGTERM', record)
  const signal = received[0]
  if (signal === undefined) return code
  process.stderr.write(`botwire: ${signal} received while writing; the writing finished, then stopped\n`)
  return SIGNAL_EXIT[signal] ?? code
}
