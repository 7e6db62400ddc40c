// `--format pretty`: file:line:col, severity and code, the message, and a code frame
// with a caret under the node at fault. Colors only when asked for (a TTY without NO_COLOR).
import { codeFrameColumns } from '@babel/code-frame'
import { createColors } from 'picocolors'
import { lineColumn } from '../../load/sourceFile.js'
import type { Diagnostic, SourceRange } from '../diagnostic.js'

export interface PrettyOptions {
  color: boolean
}

function frame(range: SourceRange, color: boolean, message?: string): string {
  if (range.file.text.length === 0) return ''
  const start = lineColumn(range.file, range.start)
  const endOffset = Math.max(range.end, range.start + 1)
  let end = lineColumn(range.file, Math.min(endOffset, range.file.text.length))
  if (end.line !== start.line) end = { line: start.line, column: start.column + 1 }
  return codeFrameColumns(
    range.file.text,
    { start, end: { line: end.line, column: Math.max(end.column, start.column + 1) } },
    { highlightCode: false, forceColor: color, linesAbove: 1, linesBelow: 1, ...(message ? { message } : {}) },
  )
}

function where(range: SourceRange): string {
  const { line, column } = lineColumn(range.file, range.start)
  return `${range.file.displayPath}:${line}:${column}`
}

export function renderPrettyDiagnostic(d: Diagnostic, options: PrettyOptions): string {
  const c = createColors(options.color)
  const severity = d.severity === 'error' ? c.red(c.bold('error')) : c.yellow(c.bold('warning'))
  const head = `${d.range ? `${c.cyan(where(d.range))} - ` : ''}${severity} ${c.dim(d.code)}: ${d.message}`
  const parts = [head]
  if (d.range) {
    const shown = frame(d.range, options.color)
    if (shown) parts.push(shown)
  }
  for (const related of d.related) {
    parts.push(`  ${c.cyan(where(related.range))}: ${related.message}`)
  }
  return parts.join('\n')
}

export function renderPretty(diagnostics: readonly Diagnostic[], options: PrettyOptions): string {
  if (diagnostics.length === 0) return ''
  return `${diagnostics.map((d) => renderPrettyDiagnostic(d, options)).join('\n\n')}\n`
}

export function summaryLine(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  const warnings = diagnostics.length - errors
  const files = new Set(diagnostics.filter((d) => d.severity === 'error' && d.range).map((d) => d.range?.file.displayPath)).size
  const parts = [`${errors} error${errors === 1 ? '' : 's'}`]
  if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`)
  return `${parts.join(', ')}${errors > 0 ? ` in ${files} file${files === 1 ? '' : 's'}` : ''}`
}
