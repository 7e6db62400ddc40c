// Which files in the output folder are botwire's own to remove. The manifest says which
// paths the last run wrote, but anyone can edit it (docs/security.md): a path it lists is
// removed only while the file there still starts with the first line of a file botwire
// generates, and the folder's own bookkeeping (the manifest, the lock) is never an output,
// whatever the manifest says (docs/cli.md#the-manifest).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs'
import { GENERATED_FILE_FIRST_LINES } from '../emit/emitFile.js'
import { MANIFEST_NAME } from './manifest.js'
import { LOCK_NAME } from './outputLock.js'

/** Why a listed path is left alone: botwire's own bookkeeping file, or a file botwire did not write. */
export type NotGenerated = 'bookkeeping' | 'notGenerated'

/** A path the manifest lists that the run left alone, and why. */
export interface LeftAlone {
  path: string
  why: NotGenerated
}

/** The manifest and the lock: files of the output folder that are never outputs. */
export function isBookkeeping(path: string): boolean {
  return path === MANIFEST_NAME || path === LOCK_NAME
}

const FIRST_LINES = GENERATED_FILE_FIRST_LINES.map((line) => Buffer.from(line, 'utf8'))
const LONGEST = Math.max(...FIRST_LINES.map((line) => line.length))
// a link is not followed and a named pipe does not block the run (both are never botwire's);
// a platform without these flags relies on the lstat before the open
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Whether the file at `target` is a regular file that starts with a generated file's first line (only that much is read). */
function startsAsGenerated(target: string): boolean {
  let fd: number
  try {
    fd = openSync(target, READ_FLAGS)
  } catch {
    return false
  }
  try {
    if (!fstatSync(fd).isFile()) return false
    const start = Buffer.alloc(LONGEST)
    const read = readSync(fd, start, 0, LONGEST, 0)
    return FIRST_LINES.some((line) => read >= line.length && start.subarray(0, line.length).equals(line))
  } catch {
    return false
  } finally {
    closeSync(fd)
  }
}

/**
 * Why the manifest's `path` (at `target`) must not be removed; null when it may be: a
 * file botwire wrote, or nothing there (nothing to remove).
 */
export function whyNotRemovable(path: string, target: string): NotGenerated | null {
  if (isBookkeeping(path)) return 'bookkeeping'
  try {
    if (!lstatSync(target).isFile()) return 'notGenerated'
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : 'notGenerated'
  }
  return startsAsGenerated(target) ? null : 'notGenerated'
}
