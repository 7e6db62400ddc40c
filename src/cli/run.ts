// The botwire command line: dispatches to a command, turns bad usage into exit 2 and
// any unexpected failure into one line with code BW9001 (never a stack trace).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageRoot } from '../load/packageRoot.js'
import { EXIT, HELP, reportFailure, UsageError } from './usage.js'

type Command = (args: string[]) => number | Promise<number>

// loaded on demand, so that `--version` and `--help` start instantly
const commands: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).runCheck,
  diff: async () => (await import('./commands/diff.js')).runDiffCommand,
  generate: async () => (await import('./commands/generate.js')).runGenerate,
  init: async () => (await import('./commands/init.js')).runInit,
  scaffold: async () => (await import('./commands/scaffold.js')).runScaffold,
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
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined
  if (!load) throw new UsageError(`unknown command '${name}'; run botwire --help`)
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  return (await load())(args)
}

export async function runCli(argv: string[]): Promise<number> {
  try {
    return await main(argv)
  } catch (error) {
    return reportFailure(error)
  }
}
