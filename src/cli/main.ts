#!/usr/bin/env node
// The botwire command line: dispatches to a command, turns bad usage into exit 2 and
// any unexpected failure into one line with code BW9001 (never a stack trace).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WorkspaceUsageError } from '../load/loadWorkspace.js'
import { packageRoot } from '../packageRoot.js'
import { runCheck } from './commands/check.js'
import { runGenerate } from './commands/generate.js'
import { runInit } from './commands/init.js'
import { EXIT, UsageError } from './usage.js'

const HELP = `botwire: checks YAML definitions of conversational bots and compiles them to typed TypeScript

usage:
  botwire generate [--definitions DIR] [--out DIR] [--check | --watch] [--format pretty|json] [--no-builtins]
  botwire check    [--definitions DIR] [--format pretty|json] [--no-builtins]
  botwire init     (interface|integration|plugin|bot) NAME [--definitions DIR]
  botwire --help | --version

  --definitions DIR   the definitions folder (default: definitions)
  --out DIR           the output folder (default: generated)
  --check             write nothing; exit 1 if the output folder is missing, stale or has extra files
  --watch             regenerate on every change
  --format FORMAT     pretty (default) or json diagnostics
  --no-builtins       do not load the built-in interfaces

exit codes: 0 no errors, 1 errors in definitions, 2 bad usage or internal failure
docs: https://www.npmjs.com/package/botwire (docs/ in the package)
`

type Command = (args: string[]) => number | Promise<number>

const commands: Record<string, Command> = {
  check: runCheck,
  generate: runGenerate,
  init: runInit,
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP)
    return name === undefined ? EXIT.usage : EXIT.ok
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version()}\n`)
    return EXIT.ok
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (!command) throw new UsageError(`unknown command '${name}'; run botwire --help`)
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  return command(args)
}

function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError || error instanceof WorkspaceUsageError) return true
  // node:util parseArgs reports unknown or malformed flags with these codes
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (isUsageError(error)) {
      process.stderr.write(`botwire: error BW9002: ${error.message}\n`)
    } else {
      const detail = error instanceof Error ? error.message : String(error)
      process.stderr.write(`botwire: internal error BW9001: ${detail.split('\n')[0]} (please report this; set BOTWIRE_DEBUG=1 for details)\n`)
      if (process.env.BOTWIRE_DEBUG) process.stderr.write(`${error instanceof Error ? (error.stack ?? '') : ''}\n`)
    }
    process.exitCode = EXIT.usage
  },
)
