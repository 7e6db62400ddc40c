// `botwire check`: run every check and report; write nothing.
import { parseArgs } from 'node:util'
import { hasErrors } from '../../diagnostics/diagnostic.js'
import { checkWorkspace } from '../../pipeline/checkWorkspace.js'
import { describeModel } from '../describeModel.js'
import { commonFlags, commonOptions } from '../options.js'
import { printDiagnostics, printSummary } from '../printDiagnostics.js'
import { EXIT } from '../usage.js'

export function runCheck(args: string[]): number {
  const { values } = parseArgs({ args, options: commonFlags, allowPositionals: false, strict: true })
  const options = commonOptions(values)
  const started = performance.now()
  const checked = checkWorkspace({ definitionsDir: options.definitionsDir, builtins: options.builtins, cache: options.cache })
  const ms = Math.round(performance.now() - started)
  printDiagnostics(checked.diagnostics, options.format)
  const warnings = checked.diagnostics.filter((d) => d.severity === 'warning').length
  const counted = warnings === 0 ? '' : `, ${warnings} warning${warnings === 1 ? '' : 's'}`
  printSummary(checked.diagnostics, options.format, `checked ${describeModel(checked.model)} in ${ms} ms: no errors${counted}`)
  return hasErrors(checked.diagnostics) ? EXIT.definitionErrors : EXIT.ok
}
