// A definition file's text, read within the size limit as UTF-8 (a BOM dropped, a NUL or
// invalid UTF-8 is binary), from the disk or from an editor's buffer alike.

import { closeSync, readSync } from 'node:fs'
import { loadLimits } from './limits.js'
import { openRegularFile } from './regularFile.js'

/** A definition file's text, or why it cannot be parsed. */
export type ReadResult = { text: string } | { problem: 'too-large'; size: number } | { problem: 'unreadable'; reason: string } | { problem: 'binary' }

/** Reads a definition file's text, within the size limit, as UTF-8 (a BOM is dropped); only a regular file is read. */
export function readText(absolutePath: string): ReadResult {
  let fd: number | undefined
  try {
    const opened = openRegularFile(absolutePath)
    if ('notRegular' in opened) return { problem: 'unreadable', reason: opened.notRegular }
    fd = opened.fd
    const size = opened.size
    if (size > loadLimits.maxFileBytes) return { problem: 'too-large', size }
    const buffer = Buffer.alloc(size)
    let read = 0
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read)
      if (n === 0) break
      read += n
    }
    const bytes = buffer.subarray(0, read)
    if (bytes.includes(0)) return { problem: 'binary' }
    try {
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes) }
    } catch {
      return { problem: 'binary' }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { problem: 'unreadable', reason: code ?? (error instanceof Error ? error.message : String(error)) }
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/**
 * A text that did not come from the disk (an editor's unsaved buffer), under the same
 * limits as a file read: too large, or holding a NUL, is the same problem.
 */
export function readGivenText(text: string): ReadResult {
  const size = Buffer.byteLength(text, 'utf8')
  return size > loadLimits.maxFileBytes
    ? { problem: 'too-large', size }
    : text.includes('\0')
      ? { problem: 'binary' }
      : { text: text.startsWith('\uFEFF') ? text.slice(1) : text }
}
