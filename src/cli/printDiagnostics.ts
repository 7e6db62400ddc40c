// Prints diagnostics in the chosen format. The one place that writes them to a stream.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { renderJson } from '../diagnostics/render/json.js'
import { renderPretty, summaryLine } from '../diagnostics/render/pretty.js'
import { useColor } from './terminal.js'

export type OutputFormat = 'pretty' | 'json'

export function printDiagnostics(diagnostics: readonly Diagnostic[], format: OutputFormat): void {
  if (format === 'json') {
    process.stdout.write(renderJson(diagnostics))
    return
  }
  const text = renderPretty(diagnostics, { color: useColor(process.stdout) })
  if (text) process.stdout.write(`${text}\n`)
}

export function printSummary(diagnostics: readonly Diagnostic[], format: OutputFormat, success: string): void {
  if (format === 'json') return
  process.stdout.write(`${diagnostics.some((d) => d.severity === 'error') ? summaryLine(diagnostics) : success}\n`)
}
