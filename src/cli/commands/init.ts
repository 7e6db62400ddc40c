// `botwire init KIND NAME`: writes a starter definition with an editor $schema modeline
// pointing at the installed meta-schema. `botwire init --example`: writes the example
// workspace the docs use, with the same modelines. Never overwrites a file, and writes
// only inside the definitions folder.
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { displayPath } from '../../load/displayPath.js'
import { schemasDir } from '../../load/packageRoot.js'
import { exampleFiles } from '../../templates/exampleWorkspace.js'
import { renderTemplate } from '../../templates/renderTemplate.js'
import { DEFINITION_KINDS, DEFINITION_NAME, MAX_DEFINITION_NAME_LENGTH } from '../../validate/metaSchemas.js'
import { findWayOut } from '../../write/outputPaths.js'
import { writeNewFile } from '../../write/writeNewFile.js'
import { EXIT, UsageError } from '../usage.js'

const USAGE = 'usage: botwire init (interface|integration|plugin|bot) NAME [--definitions DIR], or botwire init --example [--definitions DIR]'

/** A definition file to write: where, and its text once the modeline's path to the meta-schema is known. */
interface NewDefinition {
  file: string
  text: (schemaPath: string) => string
  kind: string
}

function titleOf(name: string): string {
  return name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}

export function runInit(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: { definitions: { type: 'string' }, example: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  })
  const definitionsDir = resolve(values.definitions ?? 'definitions')
  if (values.example === true) {
    if (positionals.length > 0) throw new UsageError(`botwire init --example takes no KIND NAME: it writes the whole example workspace; ${USAGE}`)
    const files = exampleFiles().map((f) => ({
      file: join(definitionsDir, ...f.path.split('/')),
      kind: f.kind,
      text: (schemaPath: string) => `# yaml-language-server: $schema=${schemaPath}\n${f.body}`,
    }))
    return writeDefinitions(definitionsDir, files)
  }
  const [kind, name, ...rest] = positionals
  if (!kind || !name || rest.length > 0) throw new UsageError(USAGE)
  if (!(DEFINITION_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown kind '${kind}'; kind is one of ${DEFINITION_KINDS.join(', ')}`)
  if (!DEFINITION_NAME.test(name)) throw new UsageError(`'${name}' is not a definition name: lower-case words joined by dashes, such as support-bot`)
  if (name.length > MAX_DEFINITION_NAME_LENGTH)
    throw new UsageError(`'${name}' is ${name.length} characters long; a definition name has at most ${MAX_DEFINITION_NAME_LENGTH}`)
  const text = (schemaPath: string) => renderTemplate(join('init', `${kind}.yaml.hbs`), { name, title: titleOf(name), schemaPath })
  return writeDefinitions(definitionsDir, [{ file: join(definitionsDir, `${kind}s`, `${name}.yaml`), kind, text }])
}

/** Writes every file or none: all are checked (confinement, none there yet) before the first is written. */
function writeDefinitions(definitionsDir: string, definitions: readonly NewDefinition[]): number {
  // a kind's folder may be a link: what init writes stays inside the definitions folder (docs/security.md)
  const wayOut = findWayOut(
    definitionsDir,
    definitions.map((d) => d.file),
  )
  if (wayOut) {
    throw new UsageError(
      `${displayPath(wayOut.path)} leads outside the definitions folder ${displayPath(definitionsDir)} (to ${wayOut.leadsTo}); botwire init writes only inside it`,
    )
  }
  const existing = definitions.filter((d) => existsSync(d.file)).map((d) => displayPath(d.file))
  if (existing.length === 1 && definitions.length === 1) throw new UsageError(`${existing[0]} already exists; botwire init never overwrites a file`)
  if (existing.length > 0)
    throw new UsageError(`${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; botwire init never overwrites a file, so it wrote none`)
  const written: string[] = []
  try {
    for (const { file, kind, text } of definitions) {
      const schemaPath = relative(dirname(file), join(schemasDir, `${kind}.schema.json`))
        .split(sep)
        .join('/')
      mkdirSync(dirname(file), { recursive: true })
      writeNewFile(file, text(schemaPath))
      written.push(file)
    }
  } catch (error) {
    // a file that appeared since the check (another process): take back this run's files, so it wrote all or none
    for (const file of written) rmSync(file, { force: true })
    if ((error as { code?: unknown }).code === 'EEXIST')
      throw new UsageError(`${displayPath((error as { path?: string }).path ?? '')} appeared while botwire init was writing; it wrote none`)
    throw error
  }
  for (const file of written) process.stdout.write(`wrote ${displayPath(file)}\n`)
  return EXIT.ok
}
