// How a failure that escapes a command is reported: bad usage in one line on stderr with
// code BW9002, anything else as BW9001; both exit 2.
import { didYouMean } from '../diagnostics/suggest.js'
import { KNOWN_FLAGS } from './help.js'

export class UsageError extends Error {}

export const EXIT = { ok: 0, definitionErrors: 1, usage: 2 } as const

function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError || (error instanceof Error && error.name === 'WorkspaceUsageError')) return true
  // node:util parseArgs reports unknown or malformed flags with these codes
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}

/** parseArgs's "Unknown option '--fromat'" with the flag it most likely meant. */
function withFlagSuggestion(message: string): string {
  const unknown = /^Unknown option '(-[^']*)'/.exec(message)?.[1]
  return unknown === undefined ? message : message.replace(`'${unknown}'`, `'${unknown}'${didYouMean(unknown, [...KNOWN_FLAGS, '--help', '--version'])}`)
}

/** Prints a failure that escaped a command as one line (BW9002 usage, BW9001 internal); returns exit code 2. */
export function reportFailure(error: unknown): number {
  if (isUsageError(error)) {
    process.stderr.write(`botwire: error BW9002: ${withFlagSuggestion(error.message)}\n`)
  } else {
    const detail = error instanceof Error ? error.message : String(error)
    process.stderr.write(`botwire: internal error BW9001: ${detail.split('\n')[0] ?? ''} (please report this; set BOTWIRE_DEBUG=1 for details)\n`)
    if (process.env.BOTWIRE_DEBUG) process.stderr.write(`${error instanceof Error ? (error.stack ?? '') : ''}\n`)
  }
  return EXIT.usage
}
