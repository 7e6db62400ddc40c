// Opens a definition file only if it is a regular file, and never waits to do so. A named
// pipe (FIFO) named `*.yaml` would block an ordinary open until something writes to it, and
// a device may never end: `check`, `generate` and the language server would hang. The
// open is non-blocking and the type is read from the opened descriptor, so a file swapped
// for a pipe between the listing and the read is caught too.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs'

/** Read-only, and without waiting for a writer (O_NONBLOCK is not defined on Windows, where there is nothing to wait for). */
const READ_WITHOUT_WAITING = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)

/** What the file system says an entry is (a `Stats` or a folder listing's `Dirent`). */
type EntryType = Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isDirectory'>

/** Why a path that is not a regular file is not read, in the words a diagnostic uses ("a named pipe, not a regular file"). */
export function notRegularReason(stats: EntryType): string {
  const kind = stats.isFIFO()
    ? 'a named pipe'
    : stats.isSocket()
      ? 'a socket'
      : stats.isCharacterDevice() || stats.isBlockDevice()
        ? 'a device'
        : stats.isDirectory()
          ? 'a folder'
          : null
  return kind ? `${kind}, not a regular file` : 'not a regular file'
}

export type OpenedFile = { fd: number; size: number } | { notRegular: string }

/**
 * Opens `path` for reading if it is a regular file: its descriptor and size, or why it is
 * not read (the descriptor then closed). Errors of the open itself (ENOENT, EACCES) are thrown.
 */
export function openRegularFile(path: string): OpenedFile {
  const fd = openSync(path, READ_WITHOUT_WAITING)
  let stats: Stats
  try {
    stats = fstatSync(fd)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  if (stats.isFile()) return { fd, size: stats.size }
  closeSync(fd)
  return { notRegular: notRegularReason(stats) }
}

/**
 * The whole of `path` if it is a regular file, read without ever waiting for a writer:
 * for the files botwire reads back from folders a user controls (the output manifest and
 * lock, output files, the parse cache). A path that is not a regular file throws, as a
 * missing one does, and the callers' own handling of an unreadable file applies.
 */
export function readRegularFile(path: string): Buffer {
  const opened = openRegularFile(path)
  if ('notRegular' in opened) throw new Error(`${path} is ${opened.notRegular}`)
  try {
    return readFileSync(opened.fd)
  } finally {
    closeSync(opened.fd)
  }
}
