// Writes generated files so that a run stopped at any point leaves every file whole and
// the next run repairs the rest (docs/cli.md#interrupted-runs):
//
//   1. take the output folder's lock (one run at a time), and refuse any way out of the
//      folder (a symbolic link leading outside) before anything is written;
//   2. sweep the temporary files an interrupted run left;
//   3. write the manifest with what stays listed and what this run may write or remove
//      as `pending`, so that `files` never lists a file that is not there;
//   4. write each changed file atomically (a temporary file renamed over the target);
//   5. remove the files the previous run listed (or left pending) that are no longer
//      produced, then the folders that leaves empty;
//   6. write the final manifest, release the lock.
//
// Touches nothing else in the output folder.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { OutputFile } from '../emit/emitPlan.js'
import { displayPath } from '../load/displayPath.js'
import type { KnownOutput } from './knownOutput.js'
import { finalManifestEntries, finalManifestFile, interimManifestText, MANIFEST_NAME, ownedPaths, readManifest } from './manifest.js'
import { lockOutputFolder, OutputLockedError } from './outputLock.js'
import { findWayOut, outputPath, type WayOut } from './outputPaths.js'
import { sweepTemporaryFiles, temporaryName } from './temporaryFiles.js'

export interface WriteSummary {
  written: string[]
  unchanged: string[]
  removed: string[]
  /** temporary files of an interrupted run, removed */
  swept: string[]
}

export interface WriteOptions {
  /** how long to wait for another run's lock on the folder (default 30 s) */
  lockWaitMs?: number
  /** what an earlier run of this process wrote (watch mode): files whose record still matches are not read back */
  known?: KnownOutput
}

/** A way out of the output folder, found before anything was written. */
export class OutputConfinementError extends Error {
  constructor(readonly wayOut: WayOut) {
    super(`${wayOut.path} leads outside the output folder, to ${wayOut.leadsTo}`)
  }
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

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

function removeEmptyFolders(outDir: string, start: string): void {
  let folder = start
  while (folder !== outDir && folder.startsWith(outDir)) {
    try {
      if (readdirSync(folder).length > 0) return
      rmdirSync(folder)
    } catch {
      return
    }
    folder = dirname(folder)
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

/** Every path must already have been checked with `outputPath`. */
export function writeOutput(outDir: string, files: readonly OutputFile[], options: WriteOptions = {}): WriteSummary {
  assertFolderOrAbsent(outDir)
  const known = options.known
  const targets = files.map((file) => {
    const target = known ? known.target(outDir, file.path) : outputPath(outDir, file.path)
    if (!target || file.path === MANIFEST_NAME) throw new Error(`refusing to write outside the output folder: ${file.path}`)
    return { file, target }
  })
  const release = lockOutputFolder(outDir, options.lockWaitMs)
  try {
    return writeLocked(outDir, targets, options.known)
  } finally {
    release()
  }
}

function writeLocked(outDir: string, targets: { file: OutputFile; target: string }[], known: KnownOutput | undefined): WriteSummary {
  const previous = known ? known.readManifest(outDir) : readManifest(outDir)
  const produced = new Set(targets.map(({ file }) => file.path))
  // the previous run's files and pending paths that this run does not produce; a path
  // leading outside the folder (a tampered manifest) is never touched
  const leftBehind = ownedPaths(previous).flatMap((path) => {
    const target = produced.has(path) ? null : outputPath(outDir, path)
    return target ? [{ path, target }] : []
  })
  const manifestPath = join(outDir, MANIFEST_NAME)
  // files this process wrote and that are still as it left them (watch mode): not read
  // back, and, since nothing is written or removed there, not looked at for a way out or
  // for temporary files (the first run of a watch, which holds nothing, looks at all)
  const held = new Set(known ? targets.filter(({ file, target }) => known.holds(file.path, target, file.text)).map((t) => t.target) : [])
  const touched = targets.filter((t) => !held.has(t.target))
  const wayOut = findWayOut(outDir, [...touched.map((t) => t.target), ...leftBehind.map((l) => l.target), manifestPath])
  if (wayOut) throw new OutputConfinementError(wayOut)

  const folders = new Set([outDir, ...touched.map((t) => dirname(t.target)), ...leftBehind.map((l) => dirname(l.target))])
  const summary: WriteSummary = { written: [], unchanged: [], removed: [], swept: sweepTemporaryFiles(folders) }

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
  if (changed.length === 0 && leftBehind.length === 0 && previous.pending.length === 0) {
    if (readIfExists(manifestPath) !== manifest.text) writeAtomically(manifestPath, manifest.text)
    known?.recordManifest(outDir, entries)
    return summary
  }
  // what stays listed while this run writes: files that are there and stay as they are
  const unchanged = new Set(summary.unchanged)
  const kept = previous.files.filter((f) => unchanged.has(f.path))
  const pending = [...changed.map((c) => c.file.path), ...leftBehind.map((l) => l.path), ...previous.pending]
  writeAtomically(manifestPath, interimManifestText(kept, pending, scaffolded))

  for (const { file, target } of changed) {
    writeAtomically(target, file.text)
    summary.written.push(file.path)
    known?.record(file, target)
  }
  for (const { path, target } of leftBehind) {
    try {
      known?.forget(path)
      unlinkSync(target)
      summary.removed.push(path)
      removeEmptyFolders(outDir, dirname(target))
    } catch {
      // already gone
    }
  }
  writeAtomically(manifestPath, manifest.text)
  known?.recordManifest(outDir, entries)
  return summary
}

/** A failed write as a diagnostic: what could not be written, and why (BW5002), a way out of the folder (BW5007), a lock held too long (BW5008). */
export function writeFailure(outDir: string, error: unknown): Diagnostic {
  if (error instanceof OutputConfinementError) {
    return diagnostic('BW5007', 'leadsOutside', { path: displayPath(error.wayOut.path), out: displayPath(outDir), target: error.wayOut.leadsTo }, null)
  }
  if (error instanceof OutputLockedError) {
    const holder = error.holder ? `process ${error.holder.pid} on ${error.holder.host}` : 'a process that left no name'
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
