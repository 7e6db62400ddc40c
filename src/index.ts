// The programmatic API: the same operations as the command line, returning
// diagnostics (and files) instead of printing.
import { resolve } from 'node:path'
import { hasErrors } from './diagnostics/diagnostic.js'
import { toRecord, type DiagnosticRecord } from './diagnostics/record.js'
import { checkWorkspace } from './passes.js'

export type { DiagnosticRecord, RelatedRecord, LocationRecord } from './diagnostics/record.js'
export { catalog, type DiagnosticCode } from './diagnostics/catalog.js'

export interface CheckOptions {
  /** the definitions folder; default `definitions` */
  definitions?: string
  /** load the built-in interfaces (default true) */
  builtins?: boolean
}

export interface CheckResult {
  ok: boolean
  diagnostics: DiagnosticRecord[]
}

export function check(options: CheckOptions = {}): CheckResult {
  const checked = checkWorkspace({ definitionsDir: resolve(options.definitions ?? 'definitions'), builtins: options.builtins ?? true })
  return { ok: !hasErrors(checked.diagnostics), diagnostics: checked.diagnostics.map(toRecord) }
}
