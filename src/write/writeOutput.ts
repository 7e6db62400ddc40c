// Writes generated files: each atomically (temp file + rename in the same folder) and
// only when its content changed; removes files the previous manifest listed that are
// no longer produced; writes the manifest last. Touches nothing else.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import type { OutputFile } from '../emit/emitPlan.js'
import { displayPath } from '../load/displayPath.js'
import { MANIFEST_NAME, manifestFile, readManifestPaths, readScaffolded } from './manifest.js'
import { outputPath } from './outputPaths.js'

export interface WriteSummary {
  written: string[]
  unchanged: string[]
  removed: string[]
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

let counter = 0

export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const temp = join(dirname(path), `.botwire-tmp-${process.pid}-${Date.now()}-${counter++}`)
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
export function writeOutput(outDir: string, files: readonly OutputFile[]): WriteSummary {
  assertFolderOrAbsent(outDir)
  const summary: WriteSummary = { written: [], unchanged: [], removed: [] }
  const previous = readManifestPaths(outDir)
  const targets = files.map((file) => {
    const target = outputPath(outDir, file.path)
    if (!target || file.path === MANIFEST_NAME) throw new Error(`refusing to write outside the output folder: ${file.path}`)
    return { file, target }
  })
  for (const { file, target } of targets) {
    if (readIfExists(target) === file.text) {
      summary.unchanged.push(file.path)
      continue
    }
    writeAtomically(target, file.text)
    summary.written.push(file.path)
  }
  const produced = new Set(files.map((f) => f.path))
  for (const path of previous) {
    if (produced.has(path)) continue
    const target = outputPath(outDir, path)
    if (!target) continue // a tampered manifest cannot make us delete outside the folder
    try {
      unlinkSync(target)
      summary.removed.push(path)
      removeEmptyFolders(outDir, dirname(target))
    } catch {
      // already gone
    }
  }
  const manifest = manifestFile(files, readScaffolded(outDir))
  const manifestPath = join(outDir, MANIFEST_NAME)
  if (readIfExists(manifestPath) !== manifest.text) writeAtomically(manifestPath, manifest.text)
  return summary
}

/** A failed write as a diagnostic (BW5002): what could not be written, and why. */
export function writeFailure(outDir: string, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException | null)?.code
  const path = (error as NodeJS.ErrnoException | null)?.path
  const what = path ? displayPath(path) : displayPath(outDir)
  const why = code ?? (error instanceof Error ? error.message : String(error))
  return diagnostic('BW5002', 'cannotWrite', { target: what, reason: why }, null)
}
