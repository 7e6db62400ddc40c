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
import type { LeftAlone } from '../../write/generatedFiles.js'
import { KnownOutput } from '../../write/knownOutput.js'
import { readScaffolded, type ScaffoldRecord } from '../../write/manifest.js'
import { describeLockHolder } from '../../write/outputLock.js'
import {
  type InterruptibleWriteOptions,
  leftAloneWarning,
  letSignalsIn,
  WriteInterruptedError,
  type WriteSummary,
  writeFailure,
  writeOutputInterruptibly,
} from '../../write/writeOutput.js'
import { commonFlags, commonOptions, type GenerateCommandOptions } from '../options.js'
import { printDiagnostics, printSummary } from '../printDiagnostics.js'
import { MAX_DIFF_FILES, staleDiff } from '../staleDiff.js'
import { listenForStopSignals, SIGNAL_EXIT, type StopSignalName } from '../stopSignals.js'
import { EXIT, exitForErrors, UsageError } from '../usage.js'
import { watchDefinitions } from '../watch.js'

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

type Writer = (outDir: string, files: readonly OutputFile[]) => Promise<WriteSummary>

function workspaceOptions(options: GenerateCommandOptions): GenerateWorkspaceOptions {
  return { definitionsDir: options.definitionsDir, builtins: options.builtins, cache: options.cache, outDir: options.outDir }
}

/** How a generation's writing ended. */
type WriteOutcome = { kind: 'written'; summary: WriteSummary } | { kind: 'failed'; error: unknown } | { kind: 'interrupted'; leftAlone: LeftAlone[] }

/**
 * Prints the definitions' diagnostics, and with errors the summary: then nothing is to be
 * written, and the exit code is returned. In JSON they wait for the end of the run, so
 * that stdout holds one array whatever the writing does.
 */
function reportChecked(generated: GeneratedWorkspace, options: GenerateCommandOptions): number | null {
  if (!hasErrors(generated.diagnostics)) {
    if (options.format === 'pretty') printDiagnostics(generated.diagnostics, options.format)
    return null
  }
  printDiagnostics(generated.diagnostics, options.format)
  printSummary(generated.diagnostics, options.format, '')
  if (options.format === 'pretty') process.stdout.write('nothing written\n')
  return exitForErrors(generated.diagnostics)
}

/** Prints what the writing did (in JSON, the run's one array); returns the exit code. */
function reportWritten(
  generated: GeneratedWorkspace,
  outcome: WriteOutcome,
  options: GenerateCommandOptions,
  started: number,
  scaffoldedIn: (outDir: string) => ScaffoldRecord[],
): number {
  const leftAlone = (outcome.kind === 'written' ? outcome.summary.leftAlone : outcome.kind === 'interrupted' ? outcome.leftAlone : []).map((entry) =>
    leftAloneWarning(generated.outDir, entry),
  )
  // the folder, not a definition, is at fault: a usage or environment failure
  const failure = outcome.kind === 'failed' ? [writeFailure(generated.outDir, outcome.error)] : []
  if (options.format === 'json') printDiagnostics([...generated.diagnostics, ...leftAlone, ...failure], options.format)
  else printDiagnostics([...leftAlone, ...failure], options.format)
  if (outcome.kind === 'failed') {
    printSummary(failure, options.format, '')
    return EXIT.usage
  }
  if (outcome.kind === 'interrupted' || options.format === 'json') return EXIT.ok
  const { summary } = outcome
  const ms = Math.round(performance.now() - started)
  process.stdout.write(
    `generated ${plural(generated.files.length, 'file')} in ${displayPath(generated.outDir)}: ${summary.written.length} written, ${summary.unchanged.length} unchanged, ${summary.removed.length} removed (${ms} ms)\n`,
  )
  // implementation files the manifest records that the definitions moved ahead of (from the record: no file is read);
  // the record's path and name are the manifest's, which anyone may have edited: shown escaped
  for (const behind of behindDefinitions(generated.checked.model, scaffoldedIn(generated.outDir))) {
    const update = behind.gone ? '' : ': run botwire scaffold --update'
    process.stdout.write(`${escapeControls(`${displayPath(resolve(generated.outDir, behind.record.path))} ${describeBehind(behind)}`)}${update}\n`)
  }
  return EXIT.ok
}

/**
 * One generation of `--watch`: check, write, report. Returns the exit code; a signal that
 * stops the writing (in the lock's wait, or between two files) is said on stderr as a
 * one-shot run says it, and the code is that of the signal (130, 143).
 */
async function generateOnce(
  options: GenerateCommandOptions,
  write: Writer,
  produce: () => GeneratedWorkspace,
  scaffoldedIn: (outDir: string) => ScaffoldRecord[],
): Promise<number> {
  const started = performance.now()
  const generated = produce()
  const failed = reportChecked(generated, options)
  if (failed !== null) return failed
  let outcome: WriteOutcome
  let interrupted: WriteInterruptedError | null = null
  try {
    outcome = { kind: 'written', summary: await write(generated.outDir, generated.files) }
  } catch (error) {
    if (!(error instanceof WriteInterruptedError)) outcome = { kind: 'failed', error }
    else {
      interrupted = error
      outcome = { kind: 'interrupted', leftAlone: error.stoppedAt.kind === 'writing' ? error.stoppedAt.progress.summary.leftAlone : [] }
    }
  }
  const code = reportWritten(generated, outcome, options, started, scaffoldedIn)
  if (interrupted === null) return code
  const signal = interrupted.reason as StopSignalName
  process.stderr.write(`botwire: ${signal} received; ${stoppedWhere(generated.outDir, interrupted)}\n`)
  return SIGNAL_EXIT[signal]
}

/** Says on stderr that the writing waits for another run's lock, once per run; the holder's name is the lock file's, shown escaped. */
function sayLockWait(outDir: string): NonNullable<InterruptibleWriteOptions['onLockWait']> {
  return ({ lockPath, holder }) =>
    process.stderr.write(
      `botwire: ${displayPath(outDir)} is being written by another botwire run (${escapeControls(describeLockHolder(holder))} holds ${displayPath(lockPath)}); waiting for it (Ctrl-C to stop)\n`,
    )
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
  return generateStoppably(options)
}

/**
 * `--watch`: one workspace held in memory for the whole session (src/pipeline/workspaceEngine.ts),
 * told the paths each burst of changes touched; the writer remembers what it wrote, so
 * that unchanged files are not read back. A run that fails midway starts over next time.
 */
async function watchOnEngine(options: GenerateCommandOptions): Promise<number> {
  let engine: WorkspaceEngine | null = null
  const known = new KnownOutput()
  // listened to for the whole session, the first run included: the writing of a run stops
  // at a signal (at once in the lock's wait), and the watch ends after it
  const stop = listenForStopSignals()
  try {
    return await watchDefinitions(options, stop.signal, async (changed) => {
      if (changed === null || engine === null) engine = openWorkspace(workspaceOptions(options))
      else engine.changedOnDisk(changed)
      const current = engine
      try {
        return await generateOnce(
          options,
          (outDir, files) => writeOutputInterruptibly(outDir, files, { known, signal: stop.signal, onLockWait: sayLockWait(outDir) }),
          () => current.generate(),
          // the manifest just written, as the writer knows it: not read back
          (outDir) => known.readManifest(outDir).scaffolded,
        )
      } catch (error) {
        engine = null
        throw error
      }
    })
  } finally {
    stop.dispose()
  }
}

/** Where the writing was when a signal stopped it, as the message on stderr says it. */
function stoppedWhere(outDir: string, { stoppedAt }: WriteInterruptedError): string {
  if (stoppedAt.kind === 'waitingForLock') return `stopped while waiting for another run's lock on ${displayPath(outDir)}; nothing written`
  const { summary, planned } = stoppedAt.progress
  // planned is 0 only at the step before the interim manifest
  if (planned === 0) return 'stopped before writing anything'
  const done = summary.written.length + summary.removed.length
  return `stopped while writing ${displayPath(outDir)}, after ${done} of ${planned} changes: every file is whole, and the next botwire generate finishes the job`
}

/**
 * One generation that Ctrl-C or SIGTERM stops at any point (src/cli/stopSignals.ts): after
 * the checks, in the wait for another run's lock, or between two files of the writing;
 * it then says where on stderr and exits 130 or 143 (docs/cli.md#interrupted-runs).
 */
async function generateStoppably(options: GenerateCommandOptions): Promise<number> {
  const stop = listenForStopSignals()
  try {
    const started = performance.now()
    const generated = generateWorkspace(workspaceOptions(options))
    // a signal that came during the checks (synchronous code) is dispatched now
    await letSignalsIn()
    const before = stop.received()
    if (before !== null) {
      // stdout holds one JSON value, whatever happens
      if (options.format === 'json') printDiagnostics(generated.diagnostics, options.format)
      process.stderr.write(`botwire: ${before} received; stopped before writing anything\n`)
      return SIGNAL_EXIT[before]
    }
    let interrupted: WriteInterruptedError | null = null
    let code = reportChecked(generated, options)
    if (code === null) {
      let outcome: WriteOutcome
      try {
        const summary = await writeOutputInterruptibly(generated.outDir, generated.files, {
          signal: stop.signal,
          onLockWait: sayLockWait(generated.outDir),
        })
        outcome = { kind: 'written', summary }
      } catch (error) {
        if (!(error instanceof WriteInterruptedError)) outcome = { kind: 'failed', error }
        else {
          interrupted = error
          outcome = { kind: 'interrupted', leftAlone: error.stoppedAt.kind === 'writing' ? error.stoppedAt.progress.summary.leftAlone : [] }
        }
      }
      code = reportWritten(generated, outcome, options, started, readScaffolded)
    }
    // a signal that came as the run ended
    await letSignalsIn()
    const signal = stop.received()
    if (signal === null) return code
    process.stderr.write(`botwire: ${signal} received; ${interrupted ? stoppedWhere(generated.outDir, interrupted) : 'the run had already ended'}\n`)
    return SIGNAL_EXIT[signal]
  } finally {
    stop.dispose()
  }
}
