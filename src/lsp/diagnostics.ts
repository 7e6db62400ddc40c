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
const INFORMATION = 3
const START = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }

/** What an open document the analysis does not read is told, on its first line (docs/editors.md#documents-that-are-not-analysed). */
export function notAnalysedDiagnostic(reason: string): LspDiagnostic {
  return { range: START, severity: INFORMATION, source: 'botwire', message: `botwire does not analyse this document: ${reason}` }
}

/** What a document changed since the last analysis that succeeded is told when the analysis fails. */
export function analysisFailedDiagnostic(reason: string): LspDiagnostic {
  return {
    range: START,
    severity: ERROR,
    code: 'BW9001',
    source: 'botwire',
    message: `internal error: the analysis failed after this document changed (${reason}); the other files keep the diagnostics of the last analysis (please report this)`,
  }
}

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

/**
 * The diagnostics of each file, by the URIs it is known by (`urisOf`: those of the open
 * documents of that path, so that they reach the document as the editor spelled its URI);
 * those that belong to no file are returned apart.
 */
export function diagnosticsByUri(
  diagnostics: readonly Diagnostic[],
  urisOf: (absolutePath: string) => readonly string[],
): { byUri: Map<string, LspDiagnostic[]>; unplaced: Diagnostic[] } {
  const byUri = new Map<string, LspDiagnostic[]>()
  const unplaced: Diagnostic[] = []
  for (const d of diagnostics) {
    const converted = toLspDiagnostic(d)
    if (converted === null || d.range === null) {
      unplaced.push(d)
      continue
    }
    for (const uri of urisOf(d.range.file.absolutePath)) {
      let list = byUri.get(uri)
      if (!list) {
        list = []
        byUri.set(uri, list)
      }
      list.push(converted)
    }
  }
  return { byUri, unplaced }
}
