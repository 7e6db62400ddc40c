// The botwire command line: dispatches to a command, turns bad usage into exit 2 and
// any unexpected failure into one line with code BW9001 (never a stack trace).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { didYouMean } from '../diagnostics/suggest.js'
import { packageRoot } from '../load/packageRoot.js'
import { COMMANDS, commandHelp, globalHelp } from './help.js'
import { EXIT, reportFailure, UsageError } from './usage.js'

type Command = (args: string[]) => number | Promise<number>

// loaded on demand, so that `--version` and `--help` start instantly
const commands: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).runCheck,
  diff: async () => (await import('./commands/diff.js')).runDiffCommand,
  generate: async () => (await import('./commands/generate.js')).runGenerate,
  init: async () => (await import('./commands/init.js')).runInit,
  lsp: async () => (await import('./commands/lsp.js')).runLsp,
  scaffold: async () => (await import('./commands/scaffold.js')).runScaffold,
  serve: async () => (await import('./commands/serve.js')).runServe,
}

function version(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(globalHelp())
    return name === undefined ? EXIT.usage : EXIT.ok
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version()}\n`)
    return EXIT.ok
  }
  const load = Object.hasOwn(commands, name) ? commands[name] : undefined
  const help = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load || !help)
    throw new UsageError(
      `unknown command '${name}'${didYouMean(name, Object.keys(commands))}; the commands are ${Object.keys(commands).join(', ')} (botwire --help)`,
    )
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(commandHelp(name, help))
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
