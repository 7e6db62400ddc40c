// `botwire scaffold (bot|integration|plugin) NAME --out DIR`: implementation stubs that
// compile against the generated code. Never overwrites a file.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { hasErrors } from '../../diagnostics/diagnostic.js'
import { didYouMean, listNames } from '../../diagnostics/suggest.js'
import { displayPath } from '../../load/displayPath.js'
import { checkWorkspace } from '../../pipeline/checkWorkspace.js'
import type { DefinitionModel } from '../../resolve/model.js'
import { MESSAGE_TYPES } from '../../runtime/messages.js'
import { renderTemplate } from '../../templates/renderTemplate.js'
import { compareVersions } from '../../validate/versions.js'
import { writeNewFile } from '../../write/writeNewFile.js'
import { commonFlags, commonOptions } from '../options.js'
import { printDiagnostics, printSummary } from '../printDiagnostics.js'
import { EXIT, UsageError } from '../usage.js'

const KINDS = ['bot', 'integration', 'plugin'] as const

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

function oneLine(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()
}

export function runScaffold(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: { ...commonFlags, out: { type: 'string' }, generated: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const [kind, name, ...rest] = positionals
  if (!kind || !name || rest.length > 0 || !values.out)
    throw new UsageError('usage: botwire scaffold (bot|integration|plugin) NAME --out DIR [--generated DIR] [--definitions DIR]')
  if (!(KINDS as readonly string[]).includes(kind)) throw new UsageError(`cannot scaffold '${kind}'; scaffold one of ${KINDS.join(', ')}`)
  const options = commonOptions(values)
  const checked = checkWorkspace({ definitionsDir: options.definitionsDir, builtins: options.builtins, cache: options.cache })
  if (hasErrors(checked.diagnostics)) {
    printDiagnostics(checked.diagnostics, options.format)
    printSummary(checked.diagnostics, options.format, '')
    return EXIT.definitionErrors
  }
  const candidates = [...checked.model.definitions.values()].filter((d) => d.kind === kind && d.name === name)
  const definition = candidates.sort((a, b) => compareVersions(b.version, a.version))[0] as DefinitionModel | undefined
  if (!definition) {
    const names = [...new Set([...checked.model.definitions.values()].filter((d) => d.kind === kind).map((d) => d.name))].sort()
    const list = names.length > 0 ? `; its ${kind}s are ${listNames(names)}` : `; it has no ${kind}s`
    throw new UsageError(`no ${kind} named '${name}' in ${displayPath(options.definitionsDir)}${didYouMean(name, names)}${list}`)
  }

  const outDir = resolve(values.out)
  const file = join(outDir, `${name}.ts`)
  if (existsSync(file)) throw new UsageError(`${displayPath(file)} already exists; botwire scaffold never overwrites a file`)
  const generatedDir = resolve(values.generated ?? 'generated')
  // the stub imports the generated module: without it, it could not compile
  const generatedModule = join(generatedDir, `${kind}s`, name, 'index.ts')
  if (!existsSync(generatedModule)) {
    throw new UsageError(
      `${displayPath(generatedModule)} does not exist; run botwire generate (into ${displayPath(generatedDir)}, or pass --generated DIR) before scaffolding ${kind} '${name}'`,
    )
  }
  let generatedImport = relative(outDir, join(generatedDir, `${kind}s`, name, 'index.js'))
    .split(sep)
    .join('/')
  if (!generatedImport.startsWith('.')) generatedImport = `./${generatedImport}`

  const actionsOf = (d: DefinitionModel): { name: string; title?: string; description?: string }[] =>
    d.kind === 'integration' ? d.actions : d.kind === 'plugin' ? Object.entries(d.spec.actions ?? {}).map(([n, a]) => ({ name: n, ...a })) : []
  const actions = actionsOf(definition).map((a) => ({ name: a.name, key: a.name, describe: oneLine(a.title ?? a.description ?? a.name) }))
  const text = renderTemplate(join('scaffold', `${kind}.ts.hbs`), {
    name,
    version: definition.version,
    variable: kind === 'bot' ? 'bot' : camelCase(name),
    generatedImport,
    actions,
    messageTypes: MESSAGE_TYPES,
  })
  mkdirSync(dirname(file), { recursive: true })
  writeNewFile(file, text)
  process.stdout.write(
    `wrote ${displayPath(file)} (${kind} '${name}' ${definition.version}${kind === 'bot' ? `, a handler per message type` : `, ${actions.length} action handler${actions.length === 1 ? '' : 's'}`})\n`,
  )
  return EXIT.ok
}
