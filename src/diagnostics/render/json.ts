// `--format json`: one array of diagnostic records, with every control character a
// terminal would obey written as an escape (terminalText.ts), so the output is safe to show.
import type { Diagnostic } from '../diagnostic.js'
import { toRecord } from '../record.js'
import { terminalSafeJson } from './terminalText.js'

export function renderJson(diagnostics: readonly Diagnostic[]): string {
  return `${terminalSafeJson(diagnostics.map(toRecord))}\n`
}
