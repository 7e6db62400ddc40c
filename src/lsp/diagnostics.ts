// botwire's diagnostics as LSP diagnostics, grouped by the file they are in. The
// suggestion ("did you mean") and the data a diagnostic carries travel in `data`, so that
// a quick fix reads them rather than the message (docs/editors.md#quick-fixes).
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver'
import type { Diagnostic, DiagnosticData } from '../diagnostics/diagnostic.js'
import { lineMapOf } from './positions.js'
import { uriOf } from './uris.js'

/** What a published diagnostic carries for code actions. */
export interface DiagnosticPayload {
  suggestion?: string
  /** JSON pointer into the definition */
  path?: string
  data?: DiagnosticData
}

const ERROR = 1
const WARNING = 2

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic | null {
  if (d.range === null) return null
  const lines = lineMapOf(d.range.file)
  const payload: DiagnosticPayload = {
    ...(d.path === undefined ? {} : { path: d.path }),
    ...(d.suggestion === undefined ? {} : { suggestion: d.suggestion }),
    ...(d.data === undefined ? {} : { data: d.data }),
  }
  return {
    range: lines.range(d.range.start, d.range.end),
    severity: d.severity === 'error' ? ERROR : WARNING,
    code: d.code,
    source: 'botwire',
    message: d.message,
    relatedInformation: d.related.map((r) => ({
      location: { uri: uriOf(r.range.file.absolutePath), range: lineMapOf(r.range.file).range(r.range.start, r.range.end) },
      message: r.message,
    })),
    data: payload,
  }
}

/** The diagnostics of each file (by URI); those that belong to no file are returned apart. */
export function diagnosticsByUri(diagnostics: readonly Diagnostic[]): { byUri: Map<string, LspDiagnostic[]>; unplaced: Diagnostic[] } {
  const byUri = new Map<string, LspDiagnostic[]>()
  const unplaced: Diagnostic[] = []
  for (const d of diagnostics) {
    const converted = toLspDiagnostic(d)
    if (converted === null || d.range === null) {
      unplaced.push(d)
      continue
    }
    const uri = uriOf(d.range.file.absolutePath)
    let list = byUri.get(uri)
    if (!list) {
      list = []
      byUri.set(uri, list)
    }
    list.push(converted)
  }
  return { byUri, unplaced }
}
