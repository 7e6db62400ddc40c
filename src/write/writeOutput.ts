// Writes generated files to the output folder: the steps of writeSteps.ts, run to the end
// (writeOutput: the lock's wait sleeps the thread), or run in the event loop so that a
// signal stops them between two files (writeOutputInterruptibly: `botwire generate`).
// Either way a run stopped at any point leaves every file whole and the manifest true
// (docs/cli.md#interrupted-runs).
import { mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { OutputFile } from '../emit/emitPlan.js'
import { displayPath } from '../load/displayPath.js'
import { OutputConfinementError } from './confinedFolder.js'
import type { LeftAlone } from './generatedFiles.js'
import { MANIFEST_NAME, ManifestNotRegularError } from './manifest.js'
import { describeLockHolder, OutputLockedError, sleepThread } from './outputLock.js'
import { temporaryName } from './temporaryFiles.js'
import { type WriteOptions, type WritePause, type WriteProgress, type WriteSummary, writeSteps } from './writeSteps.js'

export { OutputConfinementError } from './confinedFolder.js'
export type { WriteOptions, WriteProgress, WriteSummary } from './writeSteps.js'

/** Writes `text` to `path` atomically, creating its folder (files outside an output folder: implementation stubs). */
export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const temp = join(dirname(path), temporaryName())
  try {
    writeFileSync(temp, text, { flag: 'wx' })
    renameSync(temp, path)
  } catch (error) {
    try {
      unlinkSync(temp)
    } catch {
      // the temp file was never created or is already gone
    }
    throw error
  }
}

/** Every path must already have been checked with `outputPath`. */
export function writeOutput(outDir: string, files: readonly OutputFile[], options: WriteOptions = {}): WriteSummary {
  const steps = writeSteps(outDir, files, options)
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value
    if (step.value.kind === 'waitingForLock') sleepThread(step.value.ms)
  }
}

/** Where a signal stopped a run: waiting for the lock (nothing written), or in its writing (how far it got). */
export class WriteInterruptedError extends Error {
  constructor(
    /** what the abort signal was aborted with (the CLI: the signal's name) */
    readonly reason: unknown,
    readonly stoppedAt: { kind: 'waitingForLock'; lockPath: string } | { kind: 'writing'; progress: WriteProgress },
  ) {
    super(`writing stopped (${String(reason)})`)
  }
}

export interface InterruptibleWriteOptions extends WriteOptions {
  /** aborted: the run stops at its next step */
  signal: AbortSignal
  /** called once, when the run begins to wait for another run's lock */
  onLockWait?: (wait: WritePause & { kind: 'waitingForLock' }) => void
}

/**
 * A signal is dispatched to its listener in the event loop's poll phase. One turn of
 * setImmediate, begun in the poll phase, runs in the check phase of the same loop
 * iteration, before the next poll; the second turn comes after a poll, whatever phase the
 * first began in.
 */
export async function letSignalsIn(): Promise<void> {
  await new Promise((resolvePromise) => setImmediate(resolvePromise))
  await new Promise((resolvePromise) => setImmediate(resolvePromise))
}

/** Waits `ms`, or less when the signal is aborted meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolvePromise) => {
    const done = (): void => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolvePromise()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}

/**
 * How often the writing lets the event loop run (and a signal in): two turns of the loop
 * per file would cost more than the rename; one every few milliseconds answers Ctrl-C at
 * once, as a person sees it.
 */
const TURN_EVERY_MS = 10

/**
 * writeOutput, stopped by `signal`: in the lock's wait (nothing written), or between two
 * files, where the manifest on disk is the run's interim one (files there and unchanged,
 * the rest `pending`); the lock is released either way. Throws WriteInterruptedError.
 */
export async function writeOutputInterruptibly(outDir: string, files: readonly OutputFile[], options: InterruptibleWriteOptions): Promise<WriteSummary> {
  const { signal } = options
  if (signal.aborted) throw new WriteInterruptedError(signal.reason, { kind: 'writing', progress: { summary: emptySummary(), planned: 0 } })
  const steps = writeSteps(outDir, files, options)
  let waited = false
  let lastTurn = performance.now()
  for (let step = steps.next(); ; ) {
    if (step.done) return step.value
    const at = step.value
    if (at.kind === 'waitingForLock') {
      if (!waited) options.onLockWait?.(at)
      waited = true
      // the loop runs meanwhile: a signal ends the pause at once
      await pause(at.ms, signal)
      lastTurn = performance.now()
    } else if (performance.now() - lastTurn >= TURN_EVERY_MS) {
      await letSignalsIn()
      lastTurn = performance.now()
    }
    // thrown where the steps stand: their `finally` releases the lock, then it comes back out here
    step = signal.aborted ? steps.throw(new WriteInterruptedError(signal.reason, stoppedAt(at))) : steps.next()
  }
}

function stoppedAt(at: WritePause): WriteInterruptedError['stoppedAt'] {
  return at.kind === 'waitingForLock' ? { kind: 'waitingForLock', lockPath: at.lockPath } : { kind: 'writing', progress: at.progress }
}

function emptySummary(): WriteSummary {
  return { written: [], unchanged: [], removed: [], swept: [], leftAlone: [] }
}

/** A manifest entry left alone, as a warning (BW5009): a user's file, or botwire's own bookkeeping. */
export function leftAloneWarning(outDir: string, { path, why }: LeftAlone): Diagnostic {
  const file = displayPath(join(outDir, path))
  const manifest = displayPath(join(outDir, MANIFEST_NAME))
  return why === 'bookkeeping' ? diagnostic('BW5009', 'bookkeeping', { file, manifest }, null) : diagnostic('BW5009', 'notGenerated', { file, manifest }, null)
}

/**
 * A failed write as a diagnostic: what could not be written, and why (BW5002), a way out of
 * the folder (BW5007), a lock held too long (BW5008), a manifest that is no regular file (BW5010).
 */
export function writeFailure(outDir: string, error: unknown): Diagnostic {
  if (error instanceof ManifestNotRegularError)
    return diagnostic('BW5010', 'manifestNotRegular', { manifest: displayPath(error.path), reason: error.reason }, null)
  if (error instanceof OutputConfinementError) {
    const args = { path: displayPath(error.wayOut.path), out: displayPath(outDir), target: error.wayOut.leadsTo }
    return error.whileWriting ? diagnostic('BW5007', 'leadsOutsideWhileWriting', args, null) : diagnostic('BW5007', 'leadsOutside', args, null)
  }
  if (error instanceof OutputLockedError) {
    const holder = describeLockHolder(error.holder)
    return diagnostic(
      'BW5008',
      'locked',
      { out: displayPath(outDir), lock: displayPath(error.lockPath), holder, seconds: Math.round(error.waitedMs / 1000) },
      null,
    )
  }
  const code = (error as NodeJS.ErrnoException | null)?.code
  const path = (error as NodeJS.ErrnoException | null)?.path
  const what = path ? displayPath(path) : displayPath(outDir)
  const why = code ?? (error instanceof Error ? error.message : String(error))
  return diagnostic('BW5002', 'cannotWrite', { target: what, reason: why }, null)
}
