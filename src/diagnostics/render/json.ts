// `--format json`: one array of diagnostic records.
import type { Diagnostic } from '../diagnostic.js'
import { toRecord } from '../record.js'

export function renderJson(diagnostics: readonly Diagnostic[]): string {
  return `${JSON.stringify(diagnostics.map(toRecord), null, 2)}\n`
}
