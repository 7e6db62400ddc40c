// The writes and removals of one run, each kept inside the output folder where it happens.
// The run checks every path for a way out before it writes anything (findWayOut), but a
// folder can be swapped for a symbolic link while it writes. Node has no openat (no
// "open relative to a folder held open"), so each system call that creates, renames or
// removes a file or folder is preceded by a fresh look at the real path of the folder it
// acts in: a folder that now leads outside stops the run with OutputConfinementError.
// The last path component is never followed: a temporary file is created exclusively
// (O_EXCL), and rename, unlink and rmdir act on a link itself, not where it leads. What
// remains is the instant between the look and the call (docs/security.md).
import { mkdirSync, realpathSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { findWayOut, isInside, type WayOut } from './outputPaths.js'
import { temporaryName } from './temporaryFiles.js'

/** A way out of the output folder: found before anything was written, or while writing. */
export class OutputConfinementError extends Error {
  constructor(
    readonly wayOut: WayOut,
    /** whether the run had begun to write (a folder swapped for a link while it ran) */
    readonly whileWriting = false,
  ) {
    super(`${wayOut.path} leads outside the output folder, to ${wayOut.leadsTo}`)
  }
}

/**
 * The real path of `path` as the system resolves it now (realpath(3): the look made before
 * every write, so the system's own, not Node's JavaScript walk); for a path not there yet,
 * that of its nearest folder that is, with the rest of the path appended.
 */
function realPathNow(path: string): { real: string; there: boolean } {
  try {
    return { real: realpathSync.native(path), there: true }
  } catch {
    const parent = dirname(path)
    if (parent === path) return { real: path, there: false }
    return { real: join(realPathNow(parent).real, basename(path)), there: false }
  }
}

export class ConfinedFolder {
  /** the output folder's real path when the run began: every write and removal stays below it */
  private readonly root: string

  constructor(private readonly outDir: string) {
    this.root = realPathNow(outDir).real
  }

  /**
   * Throws when `folder` now leads outside the output folder; returns whether it is there
   * (one that is not yet is looked at by its nearest folder that is).
   */
  assertInside(folder: string): boolean {
    const { real, there } = realPathNow(folder)
    if (isInside(this.root, real)) return there
    // the way out by name: the first folder on the way that leads outside
    const wayOut = findWayOut(this.outDir, [join(folder, 'x')]) ?? { path: folder, leadsTo: real }
    throw new OutputConfinementError(wayOut, true)
  }

  /** Writes `text` to `target` atomically (a temporary file beside it, renamed over it), creating its folder. */
  writeFile(target: string, text: string): void {
    const folder = dirname(target)
    if (!this.assertInside(folder)) {
      mkdirSync(folder, { recursive: true })
      this.assertInside(folder)
    }
    const temp = join(folder, temporaryName())
    try {
      writeFileSync(temp, text, { flag: 'wx' })
      this.assertInside(folder)
      renameSync(temp, target)
    } catch (error) {
      this.removeTemporary(temp)
      throw error
    }
  }

  /** Removes the file at `target` (a link itself, never where it leads). */
  removeFile(target: string): void {
    this.assertInside(dirname(target))
    unlinkSync(target)
  }

  /** Removes the empty folder `folder`. */
  removeFolder(folder: string): void {
    this.assertInside(dirname(folder))
    rmdirSync(folder)
  }

  /**
   * Removes a temporary file this run failed to rename, without the look: its name is this
   * process's own (pid, time, counter), so wherever the path now leads, a file of that name
   * is the one this run wrote (even one a link swapped in at the last instant led outside).
   */
  private removeTemporary(temp: string): void {
    try {
      unlinkSync(temp)
    } catch {
      // never created, or already gone
    }
  }
}
