// What a long-lived writer (watch mode) knows of the files it wrote or found in place:
// each file's text, hash and the file system's record of it (size, modification time,
// inode) right after. A file whose record still matches holds that text, so the next run
// neither reads it back nor hashes it again; one that does not match (someone edited,
// touched or replaced it) is read and compared, as every run without this does.
import { lstatSync, type Stats } from 'node:fs'
import type { OutputFile } from '../emit/emitFile.js'
import { sha256 } from './manifest.js'

interface Known {
  text: string
  sha256: string
  size: number
  mtimeMs: number
  ino: number
}

function statOf(path: string): Stats | null {
  try {
    // the link itself, not where it leads: a file replaced by a link is no longer the file written
    return lstatSync(path)
  } catch {
    return null
  }
}

export class KnownOutput {
  private readonly files = new Map<string, Known>()

  /**
   * Whether the file at `target` holds `text`, as far as the record says (undefined: it
   * does not know; read it). A file it holds is the regular file written, not a link.
   */
  holds(path: string, target: string, text: string): boolean | undefined {
    const known = this.files.get(path)
    if (!known || known.text !== text) return undefined
    const stats = statOf(target)
    if (!stats?.isFile() || stats.size !== known.size || stats.mtimeMs !== known.mtimeMs || stats.ino !== known.ino) return undefined
    return true
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
