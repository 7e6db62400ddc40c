// Diagnostics as plain JSON-ready records: what `--format json` prints and what the
// programmatic API returns. Lines and columns are 1-based.
import { lineColumn } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import type { Diagnostic } from './diagnostic.js'

export interface LocationRecord {
  file: string
  line: number
  column: number
  endLine: number
  endColumn: number
}

export interface RelatedRecord extends LocationRecord {
  message: string
}

/**
 * Every record has every key (docs/cli.md#diagnostics: `code`, `severity`, `message`, `file`, `line`,
 * `column`, `path`, `related`): the location keys are null for a problem that belongs to no
 * file (bad usage, generated output out of date), `path` is null outside a definition.
 */
export interface DiagnosticRecord {
  code: string
  severity: 'error' | 'warning'
  message: string
  file: string | null
  line: number | null
  column: number | null
  endLine: number | null
  endColumn: number | null
  /** JSON pointer into the definition */
  path: string | null
  related: RelatedRecord[]
}

const NO_LOCATION = { file: null, line: null, column: null, endLine: null, endColumn: null } as const

export function locationRecord(range: SourceRange): LocationRecord {
  const start = lineColumn(range.file, range.start)
  // a range that ends with a CRLF line's \r (some parsers count it in) ends before it
  const endsWithCr = range.end > range.start && range.file.text.charCodeAt(range.end - 1) === 13
  const end = lineColumn(range.file, endsWithCr ? range.end - 1 : range.end)
  return { file: range.file.displayPath, line: start.line, column: start.column, endLine: end.line, endColumn: end.column }
}

export function toRecord(d: Diagnostic): DiagnosticRecord {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.range ? locationRecord(d.range) : NO_LOCATION),
    path: d.path ?? null,
    related: d.related.map((r) => ({ message: r.message, ...locationRecord(r.range) })),
  }
}
