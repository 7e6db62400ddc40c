// The help texts: one table of the commands and their flags, printed whole by
// `botwire --help` and one command at a time by `botwire <command> --help`. Each help
// ends with where the command's documentation is in the installed package.
import { join, relative } from 'node:path'
import { packageRoot } from '../load/packageRoot.js'

interface Flag {
  flag: string
  does: string
}

interface CommandHelp {
  synopsis: string
  does: string
  flags: readonly Flag[]
  /** the heading of docs/cli.md that documents it */
  anchor: string
}

const DEFINITIONS: Flag = { flag: '--definitions DIR', does: 'the definitions folder (default: definitions)' }
const FORMAT: Flag = { flag: '--format FORMAT', does: 'pretty (default) or json diagnostics' }
const NO_BUILTINS: Flag = { flag: '--no-builtins', does: 'do not load the built-in interfaces' }
const CACHE: Flag = { flag: '--cache', does: 'reuse the YAML parsed by the previous run (node_modules/.cache/botwire)' }

export const COMMANDS: Readonly<Record<string, CommandHelp>> = {
  generate: {
    synopsis: 'botwire generate [--definitions DIR] [--out DIR] [--check | --watch] [--format pretty|json] [--no-builtins] [--cache]',
    does: 'checks the definitions, then writes the generated TypeScript (nothing when a definition has an error)',
    flags: [
      DEFINITIONS,
      { flag: '--out DIR', does: 'the output folder (default: generated)' },
      { flag: '--check', does: 'write nothing; exit 1 if the output folder is missing, stale or has extra files' },
      { flag: '--watch', does: 'regenerate on every change' },
      FORMAT,
      NO_BUILTINS,
      CACHE,
    ],
    anchor: 'botwire-generate',
  },
  check: {
    synopsis: 'botwire check    [--definitions DIR] [--format pretty|json] [--no-builtins] [--cache]',
    does: 'runs every check on the definitions and writes nothing',
    flags: [DEFINITIONS, FORMAT, NO_BUILTINS, CACHE],
    anchor: 'botwire-check',
  },
  diff: {
    synopsis: 'botwire diff     OLD NEW | --against REF [--definitions DIR] [--format pretty|json] [--no-builtins] [--no-frames]',
    does: 'compares two versions of the definitions and says which version bump their changes need',
    flags: [
      { flag: '--against REF', does: 'compare the definitions folder with the same folder at a git revision' },
      DEFINITIONS,
      { flag: '--format FORMAT', does: 'pretty (default) or json' },
      NO_BUILTINS,
      { flag: '--no-frames', does: 'no code frames under the changes' },
    ],
    anchor: 'botwire-diff',
  },
  init: {
    synopsis: 'botwire init     (interface|integration|plugin|bot) NAME | --example [--definitions DIR]',
    does: 'writes a starter definition, or the example workspace the docs use, into the definitions folder',
    flags: [{ flag: '--example', does: 'write the example workspace (a support bot, its integrations, interface and plugin)' }, DEFINITIONS],
    anchor: 'botwire-init-kind-name',
  },
  lsp: {
    synopsis: 'botwire lsp      [--definitions DIR] [--no-builtins] [--stdio]',
    does: 'runs the language server over stdio for editors (diagnostics, completion, hover, go to definition, rename, quick fixes)',
    flags: [DEFINITIONS, NO_BUILTINS, { flag: '--stdio', does: 'talk over stdin and stdout (the only transport; accepted for clients that pass it)' }],
    anchor: 'botwire-lsp',
  },
  scaffold: {
    synopsis:
      'botwire scaffold (bot|integration|plugin) NAME --out DIR | --update [KIND NAME --out DIR] [--check | --dry-run] [--prune] [--generated DIR] [--definitions DIR]',
    does: 'writes implementation stubs for a generated bot, integration or plugin, or brings them in step with the definitions',
    flags: [
      { flag: '--out DIR', does: 'the folder of the stub (required to write one)' },
      { flag: '--generated DIR', does: 'the generated code (default: generated)' },
      { flag: '--update', does: 'add, rename and report handlers as the definition changed (every file the manifest records, or KIND NAME)' },
      { flag: '--check', does: 'with --update: write nothing; exit 1 if a file is behind its definition' },
      { flag: '--dry-run', does: 'with --update: write nothing; print the diff' },
      { flag: '--prune', does: 'with --update: comment out handlers the definition no longer has' },
      DEFINITIONS,
    ],
    anchor: 'botwire-scaffold-botintegrationplugin-name---out-dir',
  },
  serve: {
    synopsis: 'botwire serve    MODULE [--port N] [--hostname HOST] [--data DIR | --database-url URL]',
    does: 'serves the bot a module exports over HTTP with @botwire/host (also its bin botwire-serve): its webhooks, the JSON endpoints (token: BOTWIRE_TOKEN), /health, /ready',
    flags: [
      { flag: '--port N', does: 'the port (default: PORT, else 3000)' },
      { flag: '--hostname HOST', does: 'where to listen (default: HOST, else 127.0.0.1; any other needs BOTWIRE_TOKEN)' },
      { flag: '--data DIR', does: "the embedded store's folder, for a module's createRuntime (default: .botwire/store)" },
      { flag: '--database-url URL', does: 'open PostgreSQL instead (default: BOTWIRE_DATABASE_URL, the better place for a password)' },
    ],
    anchor: 'botwire-serve-module',
  },
}

const EXIT_CODES = 'exit codes: 0 no errors, 1 errors in definitions, 2 bad usage or internal failure'

function flagLines(flags: readonly Flag[]): string {
  return flags.map((f) => `  ${f.flag.padEnd(19)} ${f.does}\n`).join('')
}

/** Where a page of the package's docs is, as a path a terminal can open (relative when that is shorter). */
function docsPath(page: string, anchor?: string): string {
  const absolute = join(packageRoot, 'docs', page)
  const shown = relative(process.cwd(), absolute)
  const path = shown.length < absolute.length ? shown : absolute
  return anchor === undefined ? path : `${path}#${anchor}`
}

/** `botwire --help`: every command, and every flag once. */
export function globalHelp(): string {
  const flags = new Map<string, Flag>()
  for (const command of Object.values(COMMANDS)) for (const f of command.flags) if (!flags.has(f.flag)) flags.set(f.flag, f)
  return `botwire: checks YAML definitions of conversational bots and compiles them to typed TypeScript

usage:
${Object.values(COMMANDS)
  .map((c) => `  ${c.synopsis}\n`)
  .join('')}  botwire <command> --help
  botwire --help | --version

${flagLines([...flags.values()])}
${EXIT_CODES}
docs: ${docsPath('README.md')}
`
}

/** `botwire <command> --help`: that command's usage and flags. */
export function commandHelp(name: string, command: CommandHelp): string {
  return `botwire ${name}: ${command.does}

usage: ${command.synopsis.replace(/ {2,}/g, ' ')}

${flagLines(command.flags)}
${EXIT_CODES}
docs: ${docsPath('cli.md', command.anchor)}
`
}

/** Every flag a help text names: the candidates for an unknown one. */
export const KNOWN_FLAGS: readonly string[] = [...new Set(Object.values(COMMANDS).flatMap((c) => c.flags.map((f) => f.flag.split(' ')[0] ?? f.flag)))]
