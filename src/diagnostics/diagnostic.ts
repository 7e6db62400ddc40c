// What every pass reports: a coded problem at a source range, with related places.
// Ranges are offsets into the file's text; lines and columns are computed only when a
// diagnostic is rendered or handed to a caller.
import { catalog, type DiagnosticCode, type Severity } from './catalog.js'
import type { SourceFile } from '../source/sourceFile.js'

export type { Severity }

export interface SourceRange {
  file: SourceFile
  start: number
  end: number
}

export interface RelatedLocation {
  message: string
  range: SourceRange
}

export interface Diagnostic {
  code: DiagnosticCode
  severity: Severity
  message: string
  /** null only for problems that belong to no file (bad usage, internal failures) */
  range: SourceRange | null
  /** JSON pointer into the definition, where the problem is inside one */
  path?: string
  related: RelatedLocation[]
}

export function diagnostic(
  code: DiagnosticCode,
  message: string,
  range: SourceRange | null,
  extra: { path?: string; related?: RelatedLocation[] } = {},
): Diagnostic {
  return {
    code,
    severity: catalog[code].severity,
    message,
    range,
    ...(extra.path === undefined ? {} : { path: extra.path }),
    related: extra.related ?? [],
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error')
}

/** Diagnostics in reading order: by file, then position, then code. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort((a, b) => {
    const fa = a.range?.file.displayPath ?? ''
    const fb = b.range?.file.displayPath ?? ''
    if (fa !== fb) return fa < fb ? -1 : 1
    const pa = a.range?.start ?? -1
    const pb = b.range?.start ?? -1
    if (pa !== pb) return pa - pb
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0
  })
}
