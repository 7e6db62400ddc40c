// `botwire diff OLD NEW` and `botwire diff --against REF [--definitions DIR]`:
// report each change with the bump it needs; exit 1 where a version is not bumped
// enough (or went down, or stayed while the content changed), 2 on bad usage.
import { parseArgs } from 'node:util'
import { renderJson as renderDiagnosticsJson } from '../../diagnostics/render/json.js'
import { renderPretty as renderDiagnostics } from '../../diagnostics/render/pretty.js'
import { escapeControls } from '../../diagnostics/render/terminalText.js'
import { type DiffRun, DiffUsageError, runDiff } from '../../diff/index.js'
import { renderDiffJson, renderDiffPretty } from '../../diff/render.js'
import type { DiffOptions } from '../../diff/types.js'
import { useColor } from '../terminal.js'
import { EXIT, UsageError } from '../usage.js'

const USAGE = 'usage: botwire diff OLD NEW | botwire diff --against REF [--definitions DIR]  [--format pretty|json] [--no-builtins]'

export function runDiffCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      against: { type: 'string' },
      definitions: { type: 'string' },
      format: { type: 'string' },
      'no-builtins': { type: 'boolean' },
      'no-frames': { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  })
  const format = values.format ?? 'pretty'
  if (format !== 'pretty' && format !== 'json') throw new UsageError(`--format must be pretty or json, not '${format}'`)
  const options: DiffOptions = { builtins: values['no-builtins'] !== true }
  if (values.against !== undefined) {
    if (positionals.length > 0) throw new UsageError(`give either OLD and NEW, or --against REF, not both; ${USAGE}`)
    options.against = values.against
    if (values.definitions !== undefined) options.definitions = values.definitions
  } else {
    const [old, neu, ...rest] = positionals
    if (old === undefined || neu === undefined || rest.length > 0) throw new UsageError(USAGE)
    if (values.definitions !== undefined) throw new UsageError('--definitions goes with --against; give OLD and NEW as paths')
    options.old = old
    options.new = neu
  }

  let run: DiffRun
  try {
    run = runDiff(options)
  } catch (error) {
    if (error instanceof DiffUsageError) throw new UsageError(error.message)
    throw error
  }

  const color = useColor(process.stdout)
  if (format === 'json') {
    process.stdout.write(renderDiffJson(run.comparisons))
    // problems that kept files out of the comparison go to stderr: stdout stays one JSON array
    if (run.diagnostics.length > 0) process.stderr.write(renderDiagnosticsJson(run.diagnostics))
  } else {
    const problems = renderDiagnostics(run.diagnostics, { color })
    if (problems) process.stdout.write(`${problems}\n`)
    for (const note of run.notes) process.stdout.write(`note: ${escapeControls(note)}\n`)
    process.stdout.write(
      renderDiffPretty(run.comparisons, { color, frames: values['no-frames'] !== true, incomplete: run.diagnostics.some((d) => d.severity === 'error') }),
    )
  }
  return run.ok ? EXIT.ok : EXIT.definitionErrors
}
