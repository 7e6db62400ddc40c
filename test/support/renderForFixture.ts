// How a fixture's expected diagnostics are written. Each diagnostic is one line,
// `file:line:col CODE message` (files relative to the fixture's definitions folder), and
// under it, indented, the source line it points at with a caret under its range, then each
// related location the same way: a reviewer reads the baseline without opening the input,
// as in TypeScript's `*.errors.txt` baselines. Only the first line of an entry starts
// without a space, so `diagnosticLines` reads them back from a baseline.
import { join, sep } from 'node:path'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { locationRecord, toRecord } from '../../src/diagnostics/record.js'
import type { SourceRange } from '../../src/source/sourceRange.js'

// a built-in interface's file is shown by its absolute path, which depends on where the
// repository is checked out: a baseline names it from the package's root instead
const packageRoot = join(import.meta.dirname, '..', '..') + sep

function shownFile(file: string | null): string | null {
  return file?.startsWith(packageRoot) ? `<botwire>/${file.slice(packageRoot.length)}` : file
}

/** Each diagnostic as its one line, `file:line:col CODE message` (`-` for no file). */
export function fixtureLines(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const r = toRecord(d)
    const where = r.file === null ? '-' : `${r.file}:${r.line}:${r.column}`
    return `${where} ${r.code} ${r.message}`
  })
}

/** The baseline of these diagnostics: each one's line, its source frame, its related locations. */
export function renderBaseline(diagnostics: readonly Diagnostic[]): string {
  const lines = fixtureLines(diagnostics)
  return diagnostics
    .map((d, index) => {
      const entry = [lines[index] ?? '']
      if (d.range) entry.push(...frame(d.range))
      for (const related of d.related) {
        const r = locationRecord(related.range)
        entry.push(`  related ${shownFile(r.file)}:${r.line}:${r.column} ${related.message}`, ...frame(related.range))
      }
      return entry.map((line) => `${line}\n`).join('')
    })
    .join('')
}

/** The diagnostic lines of a baseline (what `fixtureLines` gave), its frames left out. */
export function diagnosticLines(baseline: string): string[] {
  return baseline.split('\n').filter((line) => line.trim() !== '' && !/^\s/.test(line))
}

// Control characters would move the caret or hide in a diff: each is shown as one
// visible character, so columns still line up (C0 controls as U+2400..U+241F, DEL as U+2421).
function visible(text: string): string {
  let shown = ''
  for (const c of text) {
    const code = c.charCodeAt(0)
    shown += c === '\t' || (code >= 0x20 && code !== 0x7f) ? c : String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code)
  }
  return shown
}

/**
 * The source line a range starts on, and under it a caret under the range: to the end of
 * that line when the range goes on, with the line and column where it ends.
 */
function frame(range: SourceRange): string[] {
  const r = locationRecord(range)
  const text = range.file.text
  const lines = text.split('\n')
  const source = (lines[r.line - 1] ?? '').replace(/\r$/, '')
  const gutter = String(r.line)
  const startColumn = Math.min(r.column, source.length + 1)
  const endColumn = r.endLine === r.line ? Math.min(r.endColumn, source.length + 1) : source.length + 1
  const width = Math.max(1, endColumn - startColumn)
  const indent = source.slice(0, startColumn - 1).replace(/[^\t]/g, ' ')
  // a range that takes in its line's end of line ends on that line
  const goesOn = r.endLine > r.line && !(r.endLine === r.line + 1 && r.endColumn === 1) ? ` to ${r.endLine}:${r.endColumn}` : ''
  return [`  ${gutter} |${source === '' ? '' : ` ${visible(source)}`}`, `  ${' '.repeat(gutter.length)} | ${indent}${'^'.repeat(width)}${goesOn}`]
}
