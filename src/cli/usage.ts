// How a failure that escapes a command is reported: bad usage in one line on stderr with
// code BW9002, anything else as BW9001; both exit 2.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { escapeControls } from '../diagnostics/render/terminalText.js'
import { didYouMean } from '../diagnostics/suggest.js'
import { present } from '../jsonSchema/invariant.js'
import { KNOWN_FLAGS } from './help.js'

export class UsageError extends Error {}

export const EXIT = { ok: 0, definitionErrors: 1, usage: 2 } as const

/** Errors that are the command line's fault, not a definition's: an output folder overlapping the definitions. */
const USAGE_CODES: ReadonlySet<string> = new Set(['BW5001'])

/** The exit code of a run that found errors: 2 when the command line is at fault, 1 when only definitions are. */
export function exitForErrors(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.some((d) => d.severity === 'error' && USAGE_CODES.has(d.code)) ? EXIT.usage : EXIT.definitionErrors
}

function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError || (error instanceof Error && ['WorkspaceUsageError', 'ServeUsageError'].includes(error.name))) return true
  // node:util parseArgs reports unknown or malformed flags with these codes
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}

/**
 * A usage error in botwire's words: node:util parseArgs's messages ("Unknown option
 * '--fromat'", "Option '--out <value>' argument missing") reworded as botwire's own are,
 * an unknown flag with the one it most likely meant.
 */
function usageMessage(message: string): string {
  const unknown = /^Unknown option '(-[^']*)'/.exec(message)?.[1]
  if (unknown !== undefined) return `unknown option '${unknown}'${didYouMean(unknown, [...KNOWN_FLAGS, '--help', '--version'])}`
  const valueMissing = /^Option '(-[^' ]*)(?:, (-[^' ]*))? <value>' argument missing/.exec(message)
  if (valueMissing) return `${valueMissing[2] ?? valueMissing[1]} needs a value`
  const noValue = /^Option '(-[^' ]*)(?:, (-[^' ]*))?' does not take an argument/.exec(message)?.slice(1)
  if (noValue) return `${noValue[1] ?? noValue[0]} takes no value`
  const positional = /^Unexpected argument '([^']*)'/.exec(message)?.[1]
  if (positional !== undefined) return `unexpected argument '${positional}'; this command takes none (flags start with --)`
  return message
}

/** Prints a failure that escaped a command as one line (BW9002 usage, BW9001 internal); returns exit code 2. */
export function reportFailure(error: unknown): number {
  if (isUsageError(error)) {
    process.stderr.write(`botwire: error BW9002: ${escapeControls(usageMessage(error.message))}\n`)
  } else {
    const detail = error instanceof Error ? error.message : String(error)
    process.stderr.write(
      `botwire: internal error BW9001: ${escapeControls(present(detail.split('\n')[0], 'a split string has a first part'))} (please report this; set BOTWIRE_DEBUG=1 for details)\n`,
    )
    if (process.env.BOTWIRE_DEBUG) process.stderr.write(`${error instanceof Error ? (error.stack ?? '') : ''}\n`)
  }
  return EXIT.usage
}
