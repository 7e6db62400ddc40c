// What a long-lived writer (watch mode) knows of the files it wrote or found in place:
// each file's text, hash and the file system's record of it (size, modification time,
// inode) right after. A file whose record still matches holds that text, so the next run
// neither reads it back nor hashes it again; one that does not match (someone edited,
// touched or replaced it) is read and compared, as every run without this does. It also
// keeps what does not change between runs: each output path's checked absolute path, and
// the manifest it last wrote (read again only when the file's record no longer matches).
import { lstatSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import type { OutputFile } from '../emit/emitFile.js'
import { MANIFEST_NAME, type ManifestEntries, readManifest, sha256 } from './manifest.js'
import { outputPath } from './outputPaths.js'

/** The file system's record of a file right after it was written or found. */
interface FileRecord {
  size: number
  mtimeMs: number
  ino: number
}

interface Known extends FileRecord {
  text: string
  sha256: string
}

function statOf(path: string): Stats | null {
  try {
    // the link itself, not where it leads: a file replaced by a link is no longer the file written
    return lstatSync(path)
  } catch {
    return null
  }
}

const sameRecord = (stats: Stats | null, known: FileRecord): boolean =>
  stats?.isFile() === true && stats.size === known.size && stats.mtimeMs === known.mtimeMs && stats.ino === known.ino

export class KnownOutput {
  private readonly files = new Map<string, Known>()
  private readonly targets = new Map<string, string | null>()
  private targetsOf = ''
  private manifest: (FileRecord & { entries: ManifestEntries }) | null = null
  private manifestPath = ''

  /** `outputPath(outDir, path)`, computed once per path (a watch writes to one folder). */
  target(outDir: string, path: string): string | null {
    if (outDir !== this.targetsOf) {
      this.targets.clear()
      this.targetsOf = outDir
    }
    let target = this.targets.get(path)
    if (target === undefined) {
      target = outputPath(outDir, path)
      this.targets.set(path, target)
    }
    return target
  }

  /** The output folder's manifest: the one last written while its record matches, else read. */
  readManifest(outDir: string): ManifestEntries {
    const path = join(outDir, MANIFEST_NAME)
    if (this.manifest && path === this.manifestPath && sameRecord(statOf(path), this.manifest)) return this.manifest.entries
    return readManifest(outDir)
  }

  /** Records the manifest just written to `outDir`, as these entries. */
  recordManifest(outDir: string, entries: ManifestEntries): void {
    const path = join(outDir, MANIFEST_NAME)
    const stats = statOf(path)
    this.manifestPath = path
    this.manifest = stats ? { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, entries } : null
  }

  /**
   * Whether the file at `target` holds `text`, as far as the record says (undefined: it
   * does not know; read it). A file it holds is the regular file written, not a link.
   */
  holds(path: string, target: string, text: string): boolean | undefined {
    const known = this.files.get(path)
    if (!known || known.text !== text) return undefined
    return sameRecord(statOf(target), known) ? true : undefined
  }

  /** The file's SHA-256, computed once per text. */
  sha256(file: OutputFile): string {
    const known = this.files.get(file.path)
    return known && known.text === file.text ? known.sha256 : sha256(file.text)
  }

  /** Records that `target` now holds the file's text (just written, or found so). */
  record(file: OutputFile, target: string): void {
    const stats = statOf(target)
    if (!stats) {
      this.files.delete(file.path)
      return
    }
    this.files.set(file.path, { text: file.text, sha256: this.sha256(file), size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino })
  }

  forget(path: string): void {
    this.files.delete(path)
  }
}
