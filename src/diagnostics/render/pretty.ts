// `--format pretty`: file:line:col, severity and code, the message, and a code frame
// with a caret under the node at fault. Colors only when asked for (a TTY without NO_COLOR).
// What a definition wrote (file names, messages that quote keys and values, source lines)
// is shown with its control characters escaped (terminalText.ts).
import { createColors } from 'picocolors'
import { lineBounds, lineColumn } from '../../source/sourceFile.js'
import type { SourceRange } from '../../source/sourceRange.js'
import type { Diagnostic } from '../diagnostic.js'
import { locationRecord } from '../record.js'
import { sourceFrame } from './sourceFrame.js'
import { escapeControls } from './terminalText.js'

export interface PrettyOptions {
  color: boolean
}

/** Lines longer than this (a definition written as one line of JSON) are shown as a window. */
const MAX_FRAME_LINE = 160

/** One over-long line: the part around the node at fault, with ellipses, and the caret. */
function windowFrame(range: SourceRange, line: number, lineStart: number, lineEnd: number): string {
  const text = range.file.text
  const from = Math.max(lineStart, range.start - 60)
  const to = Math.min(lineEnd, from + MAX_FRAME_LINE)
  const before = from > lineStart ? '…' : ''
  const snippet = `${before}${escapeControls(text.slice(from, to))}${to < lineEnd ? '…' : ''}`
  // counted on the escaped text: an escape is wider than the character it stands for
  const caretAt = escapeControls(text.slice(from, range.start)).length + before.length
  const width = Math.max(1, escapeControls(text.slice(range.start, Math.min(range.end, to))).length)
  const gutter = String(line)
  return `> ${gutter} | ${snippet}\n  ${' '.repeat(gutter.length)} | ${' '.repeat(caretAt)}${'^'.repeat(width)}`
}

function frame(range: SourceRange, color: boolean, message?: string): string {
  if (range.file.text.length === 0) return ''
  const text = range.file.text
  const { start: lineStart, end: lineEnd } = lineBounds(range.file, range.start)
  if (lineEnd - lineStart > MAX_FRAME_LINE) return windowFrame(range, lineColumn(range.file, range.start).line, lineStart, lineEnd)
  // the record's lines and columns: a CRLF line's \r is never underlined
  const location = locationRecord(range)
  const start = { line: location.line, column: location.column }
  const endColumn = location.endLine === start.line ? location.endColumn : start.column + 1
  return sourceFrame(text, { lineStart, line: start.line, column: start.column, endColumn }, { color, ...(message ? { message } : {}) })
}

function where(range: SourceRange): string {
  const { line, column } = lineColumn(range.file, range.start)
  return `${escapeControls(range.file.displayPath)}:${line}:${column}`
}

export function renderPrettyDiagnostic(d: Diagnostic, options: PrettyOptions): string {
  const c = createColors(options.color)
  const severity = d.severity === 'error' ? c.red(c.bold('error')) : c.yellow(c.bold('warning'))
  const head = `${d.range ? `${c.cyan(where(d.range))} - ` : ''}${severity} ${c.dim(d.code)}: ${escapeControls(d.message)}`
  const parts = [head]
  if (d.range) {
    const shown = frame(d.range, options.color)
    if (shown) parts.push(shown)
  }
  for (const related of d.related) {
    parts.push(`  ${c.cyan(where(related.range))}: ${escapeControls(related.message)}`)
  }
  return parts.join('\n')
}

export function renderPretty(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  if (diagnostics.length === 0) return ''
  return `${diagnostics.map((d) => renderPrettyDiagnostic(d, options)).join('\n\n')}\n`
}

/** How many problems a BW1010 stands for (it is one line in place of all those not shown). */
function notShown(d: Diagnostic): number {
  if (d.code !== 'BW1010') return 0
  const count = d.data?.notShown
  return typeof count === 'number' ? count : 1
}

export function summaryLine(diagnostics: readonly Diagnostic[]): string {
  const hidden = diagnostics.reduce((n, d) => n + notShown(d), 0)
  // every problem counts, those a BW1010 stands for too, and the BW1010 itself not
  const errors = diagnostics.filter((d) => d.severity === 'error' && d.code !== 'BW1010').length + hidden
  const warnings = diagnostics.filter((d) => d.severity === 'warning').length
  const files = new Set(diagnostics.filter((d) => d.severity === 'error' && d.range).map((d) => d.range?.file.displayPath)).size
  const parts = [`${errors} error${errors === 1 ? '' : 's'}`]
  if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`)
  // problems that belong to no file (an output folder, a usage) are not counted as files
  return `${parts.join(', ')}${errors > 0 && files > 0 ? ` in ${files} file${files === 1 ? '' : 's'}` : ''}${hidden > 0 ? ` (${hidden} not shown)` : ''}`
}
