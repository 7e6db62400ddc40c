// A run's writing, step by step, so that a run stopped at any point leaves every file
// whole and the next run repairs the rest (docs/cli.md#interrupted-runs):
//
//   1. take the output folder's lock (one run at a time), and refuse any way out of the
//      folder (a symbolic link leading outside) before anything is written;
//   2. sweep the temporary files an interrupted run left;
//   3. write the manifest with what stays listed and what this run may write or remove
//      as `pending`, so that `files` never lists a file that is not there;
//   4. write each changed file atomically (a temporary file renamed over the target);
//   5. remove the files the previous run listed (or left pending) that are no longer
//      produced and are still botwire's own, then the folders that leaves empty;
//   6. write the final manifest, release the lock.
//
// Every write and removal goes through a ConfinedFolder, which looks again at the real
// path of the folder it acts in. Touches nothing else in the output folder.
//
// A generator: it yields where the run may pause (in the lock's wait) or be stopped
// (after taking the lock, before each file is written or removed). The caller decides
// what a pause is: writeOutput sleeps through the lock's wait and never stops;
// writeOutputInterruptibly waits in the event loop and, when a signal came, throws into
// the generator at the step it is at, so the lock is released by the `finally` below and
// the manifest on disk is the one written before the step: true, with `pending`.
import { readdirSync, type Stats, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { OutputFile } from '../emit/emitPlan.js'
import { notRegularReason, readRegularFile } from '../load/regularFile.js'
import { ConfinedFolder, OutputConfinementError } from './confinedFolder.js'
import { isBookkeeping, type LeftAlone, whyNotRemovable } from './generatedFiles.js'
import type { KnownOutput } from './knownOutput.js'
import { finalManifestEntries, finalManifestFile, interimManifestText, MANIFEST_NAME, ManifestNotRegularError, ownedPaths, readManifest } from './manifest.js'
import { type LockWait, lockSteps } from './outputLock.js'
import { findWayOut, outputPath } from './outputPaths.js'
import { sweepTemporaryFiles } from './temporaryFiles.js'

export interface WriteSummary {
  written: string[]
  unchanged: string[]
  removed: string[]
  /** temporary files of an interrupted run, removed */
  swept: string[]
  /** paths the manifest listed that are not botwire's files (a hand-edited manifest): not removed, dropped from the manifest */
  leftAlone: LeftAlone[]
}

export interface WriteOptions {
  /** how long to wait for another run's lock on the folder (default 30 s) */
  lockWaitMs?: number
  /** what an earlier run of this process wrote (watch mode): files whose record still matches are not read back */
  known?: KnownOutput
}

/** How far the writing got: what it wrote and removed so far, of how many writes and removals it set out to make. */
export interface WriteProgress {
  summary: WriteSummary
  planned: number
}

/** Where a run pauses: waiting for another run's lock, or between two steps of its writing (the lock held). */
export type WritePause = ({ kind: 'waitingForLock' } & LockWait) | { kind: 'writing'; progress: WriteProgress }

function readIfExists(path: string): string | null {
  try {
    return readRegularFile(path).toString('utf8')
  } catch {
    return null
  }
}

function removeEmptyFolders(folder: ConfinedFolder, outDir: string, start: string): void {
  let current = start
  while (current !== outDir && current.startsWith(outDir)) {
    try {
      if (readdirSync(current).length > 0) return
      folder.removeFolder(current)
    } catch (error) {
      if (error instanceof OutputConfinementError) throw error
      return
    }
    current = dirname(current)
  }
}

/** An output path that is a file fails as ENOTDIR before anything is written, whichever file comes first. */
function assertFolderOrAbsent(outDir: string): void {
  let isFolder = true
  try {
    isFolder = statSync(outDir).isDirectory()
  } catch {
    return // not there yet: it is created with the first file
  }
  if (!isFolder) throw Object.assign(new Error(`${outDir} is not a folder`), { code: 'ENOTDIR', path: outDir })
}

/**
 * A manifest that is a named pipe, a socket, a device or a folder (itself or where a link
 * leads) is refused before anything is written (BW5010): read as absent, it would be
 * replaced by a file, and the run would forget what an earlier run wrote.
 */
function assertManifestRegularOrAbsent(outDir: string): void {
  const path = join(outDir, MANIFEST_NAME)
  let stats: Stats
  try {
    stats = statSync(path)
  } catch {
    return // not there (or a link that leads nowhere): the run writes it
  }
  if (!stats.isFile()) throw new ManifestNotRegularError(path, notRegularReason(stats))
}

/** The writing of `files` to `outDir`, as steps (see the top of this file). Every path must already have been checked with `outputPath`. */
export function* writeSteps(outDir: string, files: readonly OutputFile[], options: WriteOptions = {}): Generator<WritePause, WriteSummary, void> {
  assertFolderOrAbsent(outDir)
  assertManifestRegularOrAbsent(outDir)
  const known = options.known
  const targets = files.map((file) => {
    const target = known ? known.target(outDir, file.path) : outputPath(outDir, file.path)
    if (!target || isBookkeeping(file.path)) throw new Error(`refusing to write outside the output folder: ${file.path}`)
    return { file, target }
  })
  const lock = lockSteps(outDir, options.lockWaitMs)
  let locking = lock.next()
  while (!locking.done) {
    yield { kind: 'waitingForLock', ...locking.value }
    locking = lock.next()
  }
  const release = locking.value
  try {
    return yield* writeLocked(outDir, targets, known)
  } finally {
    release()
  }
}

function* writeLocked(
  outDir: string,
  targets: { file: OutputFile; target: string }[],
  known: KnownOutput | undefined,
): Generator<WritePause, WriteSummary, void> {
  const summary: WriteSummary = { written: [], unchanged: [], removed: [], swept: [], leftAlone: [] }
  yield { kind: 'writing', progress: { summary, planned: 0 } }
  const previous = known ? known.readManifest(outDir) : readManifest(outDir)
  const produced = new Set(targets.map(({ file }) => file.path))
  // the previous run's files and pending paths that this run does not produce and that
  // are botwire's own; a path leading outside the folder (a tampered manifest) is never
  // touched, and a user's file or botwire's bookkeeping that it lists is left alone
  const leftBehind = ownedPaths(previous).flatMap((path) => {
    const target = produced.has(path) ? null : outputPath(outDir, path)
    if (!target) return []
    const why = whyNotRemovable(path, target)
    if (why) summary.leftAlone.push({ path, why })
    return why ? [] : [{ path, target }]
  })
  const manifestPath = join(outDir, MANIFEST_NAME)
  // files this process wrote and that are still as it left them (watch mode): not read
  // back, and, since nothing is written or removed there, not looked at for a way out or
  // for temporary files (the first run of a watch, which holds nothing, looks at all)
  const held = new Set(known ? targets.filter(({ file, target }) => known.holds(file.path, target, file.text)).map((t) => t.target) : [])
  const touched = targets.filter((t) => !held.has(t.target))
  const wayOut = findWayOut(outDir, [...touched.map((t) => t.target), ...leftBehind.map((l) => l.target), manifestPath])
  if (wayOut) throw new OutputConfinementError(wayOut)

  const folder = new ConfinedFolder(outDir)
  const folders = new Set([outDir, ...touched.map((t) => dirname(t.target)), ...leftBehind.map((l) => dirname(l.target))])
  summary.swept = sweepTemporaryFiles(folders, (path) => folder.removeFile(path))

  const changed = targets.filter(({ file, target }) => {
    if (held.has(target)) {
      summary.unchanged.push(file.path)
      return false
    }
    const same = readIfExists(target) === file.text
    if (same) summary.unchanged.push(file.path)
    if (same) known?.record(file, target)
    return !same
  })
  // the records of scaffolded implementation files are carried over as they are
  const { scaffolded } = previous
  const entries = finalManifestEntries(
    targets.map((t) => t.file),
    scaffolded,
    known && ((file) => known.sha256(file)),
  )
  const manifest = finalManifestFile(entries)
  // a listed path left alone is dropped from the manifest: the manifest changes
  if (changed.length === 0 && leftBehind.length === 0 && previous.pending.length === 0 && summary.leftAlone.length === 0) {
    if (readIfExists(manifestPath) !== manifest.text) folder.writeFile(manifestPath, manifest.text)
    known?.recordManifest(outDir, entries)
    return summary
  }
  // what stays listed while this run writes: files that are there and stay as they are
  const unchanged = new Set(summary.unchanged)
  const kept = previous.files.filter((f) => unchanged.has(f.path))
  const pending = [...changed.map((c) => c.file.path), ...leftBehind.map((l) => l.path), ...previous.pending.filter((path) => !isBookkeeping(path))]
  folder.writeFile(manifestPath, interimManifestText(kept, pending, scaffolded))

  const progress: WriteProgress = { summary, planned: changed.length + leftBehind.length }
  for (const { file, target } of changed) {
    yield { kind: 'writing', progress }
    folder.writeFile(target, file.text)
    summary.written.push(file.path)
    known?.record(file, target)
  }
  for (const { path, target } of leftBehind) {
    yield { kind: 'writing', progress }
    known?.forget(path)
    // looked at again: the file may have become the user's since the run began
    const why = whyNotRemovable(path, target)
    if (why) summary.leftAlone.push({ path, why })
    else if (removeIfThere(folder, target)) {
      summary.removed.push(path)
      removeEmptyFolders(folder, outDir, dirname(target))
    }
  }
  folder.writeFile(manifestPath, manifest.text)
  known?.recordManifest(outDir, entries)
  return summary
}

/** Removes a file; false when it was already gone. */
function removeIfThere(folder: ConfinedFolder, target: string): boolean {
  try {
    folder.removeFile(target)
    return true
  } catch (error) {
    if (error instanceof OutputConfinementError) throw error
    return false
  }
}
