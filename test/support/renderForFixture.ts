// How a fixture's expected diagnostics are written: one line per diagnostic,
// `file:line:col CODE message`, files relative to the fixture's definitions folder.
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { toRecord } from '../../src/diagnostics/record.js'

export function fixtureLines(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const r = toRecord(d)
    const where = r.file === null ? '-' : `${r.file}:${r.line}:${r.column}`
    return `${where} ${r.code} ${r.message}`
  })
}
