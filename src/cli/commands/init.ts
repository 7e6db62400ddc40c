// `botwire init KIND NAME`: writes a starter definition with an editor $schema modeline
// pointing at the installed meta-schema. Never overwrites a file.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { displayPath } from '../../load/displayPath.js'
import { schemasDir } from '../../load/packageRoot.js'
import { renderTemplate } from '../../templates/renderTemplate.js'
import { DEFINITION_KINDS, DEFINITION_NAME, MAX_DEFINITION_NAME_LENGTH } from '../../validate/metaSchemas.js'
import { findWayOut } from '../../write/outputPaths.js'
import { writeNewFile } from '../../write/writeNewFile.js'
import { EXIT, UsageError } from '../usage.js'

function titleOf(name: string): string {
  return name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}

export function runInit(args: string[]): number {
  const { values, positionals } = parseArgs({ args, options: { definitions: { type: 'string' } }, allowPositionals: true, strict: true })
  const [kind, name, ...rest] = positionals
  if (!kind || !name || rest.length > 0) throw new UsageError('usage: botwire init (interface|integration|plugin|bot) NAME [--definitions DIR]')
  if (!(DEFINITION_KINDS as readonly string[]).includes(kind)) throw new UsageError(`unknown kind '${kind}'; kind is one of ${DEFINITION_KINDS.join(', ')}`)
  if (!DEFINITION_NAME.test(name)) throw new UsageError(`'${name}' is not a definition name: lower-case words joined by dashes, such as support-bot`)
  if (name.length > MAX_DEFINITION_NAME_LENGTH)
    throw new UsageError(`'${name}' is ${name.length} characters long; a definition name has at most ${MAX_DEFINITION_NAME_LENGTH}`)
  const definitionsDir = resolve(values.definitions ?? 'definitions')
  const file = join(definitionsDir, `${kind}s`, `${name}.yaml`)
  // the kind's folder may be a link: what init writes stays inside the definitions folder (docs/security.md)
  const wayOut = findWayOut(definitionsDir, [file])
  if (wayOut) {
    throw new UsageError(
      `${displayPath(wayOut.path)} leads outside the definitions folder ${displayPath(definitionsDir)} (to ${wayOut.leadsTo}); botwire init writes only inside it`,
    )
  }
  if (existsSync(file)) throw new UsageError(`${displayPath(file)} already exists; botwire init never overwrites a file`)
  const schemaPath = relative(dirname(file), join(schemasDir, `${kind}.schema.json`))
    .split(sep)
    .join('/')
  const text = renderTemplate(join('init', `${kind}.yaml.hbs`), { name, title: titleOf(name), schemaPath })
  mkdirSync(dirname(file), { recursive: true })
  writeNewFile(file, text)
  process.stdout.write(`wrote ${displayPath(file)}\n`)
  return EXIT.ok
}
