// The help text, and how a failure that escapes a command is reported: bad usage in one
// line on stderr with code BW9002, anything else as BW9001; both exit 2.
import { didYouMean } from '../diagnostics/suggest.js'

export const HELP = `botwire: checks YAML definitions of conversational bots and compiles them to typed TypeScript

usage:
  botwire generate [--definitions DIR] [--out DIR] [--check | --watch] [--format pretty|json] [--no-builtins] [--cache]
  botwire check    [--definitions DIR] [--format pretty|json] [--no-builtins] [--cache]
  botwire diff     OLD NEW | --against REF [--definitions DIR]  [--format pretty|json] [--no-builtins] [--no-frames]
  botwire init     (interface|integration|plugin|bot) NAME [--definitions DIR]
  botwire scaffold (bot|integration|plugin) NAME --out DIR [--generated DIR] [--definitions DIR]
  botwire --help | --version

  --definitions DIR   the definitions folder (default: definitions)
  --out DIR           the output folder (default: generated)
  --check             write nothing; exit 1 if the output folder is missing, stale or has extra files
  --watch             regenerate on every change
  --format FORMAT     pretty (default) or json diagnostics
  --no-builtins       do not load the built-in interfaces
  --cache             reuse the YAML parsed by the previous run (node_modules/.cache/botwire)
  --against REF       diff: compare the definitions folder with the same folder at a git revision
  --no-frames         diff: no code frames under the changes

exit codes: 0 no errors, 1 errors in definitions, 2 bad usage or internal failure
docs: https://www.npmjs.com/package/botwire (docs/ in the package)
`

export class UsageError extends Error {}

export const EXIT = { ok: 0, definitionErrors: 1, usage: 2 } as const

function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError || (error instanceof Error && error.name === 'WorkspaceUsageError')) return true
  // node:util parseArgs reports unknown or malformed flags with these codes
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}

/** Every flag the help text names: the candidates for an unknown one. */
const KNOWN_FLAGS = [...new Set(HELP.match(/--[a-z][a-z-]*/g) ?? [])]

/** parseArgs's "Unknown option '--fromat'" with the flag it most likely meant. */
function withFlagSuggestion(message: string): string {
  const unknown = /^Unknown option '(-[^']*)'/.exec(message)?.[1]
  return unknown === undefined ? message : message.replace(`'${unknown}'`, `'${unknown}'${didYouMean(unknown, KNOWN_FLAGS)}`)
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
