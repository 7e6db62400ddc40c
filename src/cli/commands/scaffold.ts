// `botwire scaffold (bot|integration|plugin) NAME --out DIR`: implementation stubs that
// compile against the generated code, built with ts-morph (loaded only here). Never
// overwrites a file. `--update` brings existing implementation files in step with their
// definitions (scaffoldUpdate.ts).
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { hasErrors } from '../../diagnostics/diagnostic.js'
import { didYouMean, listNames } from '../../diagnostics/suggest.js'
import { displayPath } from '../../load/displayPath.js'
import { checkWorkspace } from '../../pipeline/checkWorkspace.js'
import type { DefinitionModel, Model } from '../../resolve/model.js'
import { buildEntry, buildStub } from '../../stubs/buildStub.js'
import { newestDefinition, recordOf, saveRecord } from '../../stubs/implementationFile.js'
import { STUB_KINDS, type StubKind, stubPlan } from '../../stubs/stubPlan.js'
import { loadTsMorph } from '../../stubs/tsMorph.js'
import { writeNewFile } from '../../write/writeNewFile.js'
import { commonFlags, commonOptions } from '../options.js'
import { printDiagnostics, printSummary } from '../printDiagnostics.js'
import { EXIT, UsageError } from '../usage.js'
import { runScaffoldUpdate } from './scaffoldUpdate.js'

const USAGE =
  'usage: botwire scaffold (bot|integration|plugin) NAME --out DIR [--generated DIR] [--definitions DIR], or botwire scaffold --update [KIND NAME --out DIR] [--check | --dry-run] [--prune]'

/** The file name of a bot's entry, beside its handlers file (docs/cli.md). */
export const ENTRY_FILE = 'main.ts'

/** An import specifier from one folder to a module file (`.ts` written as `.js`, as ESM wants). */
export function importPath(fromDir: string, file: string): string {
  const path = relative(fromDir, file.replace(/\.ts$/, '.js')).split(sep).join('/')
  return path.startsWith('.') ? path : `./${path}`
}

/** The definition named on the command line, or usage that names the ones there are. */
export function requireDefinition(model: Model, kind: string, name: string, definitionsDir: string): DefinitionModel {
  if (!(STUB_KINDS as readonly string[]).includes(kind)) throw new UsageError(`cannot scaffold '${kind}'; scaffold one of ${STUB_KINDS.join(', ')}`)
  const definition = newestDefinition(model, kind as StubKind, name)
  if (definition) return definition
  const names = [...new Set([...model.definitions.values()].filter((d) => d.kind === kind).map((d) => d.name))].sort()
  const list = names.length > 0 ? `; its ${kind}s are ${listNames(names)}` : `; it has no ${kind}s`
  throw new UsageError(`no ${kind} named '${name}' in ${displayPath(definitionsDir)}${didYouMean(name, names)}${list}`)
}

export async function runScaffold(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonFlags,
      out: { type: 'string' },
      generated: { type: 'string' },
      update: { type: 'boolean' },
      check: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      prune: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  })
  const [kind, name, ...rest] = positionals
  const update = values.update === true
  if (!update && (values.check || values['dry-run'] || values.prune)) throw new UsageError('--check, --dry-run and --prune go with --update')
  if (values.check && values['dry-run']) throw new UsageError('--check and --dry-run are two ways of writing nothing; give one')
  if (rest.length > 0 || (kind !== undefined && (name === undefined || values.out === undefined)) || (!update && kind === undefined))
    throw new UsageError(USAGE)
  if (update && kind === undefined && values.out !== undefined) throw new UsageError('--out goes with KIND NAME: botwire scaffold --update KIND NAME --out DIR')
  const options = commonOptions(values)
  const checked = checkWorkspace({ definitionsDir: options.definitionsDir, builtins: options.builtins, cache: options.cache })
  if (hasErrors(checked.diagnostics)) {
    printDiagnostics(checked.diagnostics, options.format)
    printSummary(checked.diagnostics, options.format, '')
    return EXIT.definitionErrors
  }
  const generatedDir = resolve(values.generated ?? 'generated')
  const named =
    kind === undefined || name === undefined
      ? null
      : { definition: requireDefinition(checked.model, kind, name, options.definitionsDir), file: join(resolve(values.out ?? '.'), `${name}.ts`) }
  if (update) {
    const mode = values.check ? 'check' : values['dry-run'] ? 'dry-run' : 'write'
    return runScaffoldUpdate({ model: checked.model, generatedDir, named, mode, prune: values.prune === true })
  }
  if (named === null) throw new UsageError(USAGE)
  return writeStubs(checked.model, named.definition, named.file, generatedDir)
}

async function writeStubs(model: Model, definition: DefinitionModel, file: string, generatedDir: string): Promise<number> {
  const kind = definition.kind as StubKind
  if (existsSync(file)) {
    throw new UsageError(
      `${displayPath(file)} already exists; botwire scaffold never overwrites a file (botwire scaffold ${kind} ${definition.name} --out ${displayPath(dirname(file))} --update brings it in step with the definition)`,
    )
  }
  // the stub imports the generated module: without it, it could not compile
  const generatedModule = join(generatedDir, `${kind}s`, definition.name, 'index.ts')
  if (!existsSync(generatedModule)) {
    throw new UsageError(
      `${displayPath(generatedModule)} does not exist; run botwire generate (into ${displayPath(generatedDir)}, or pass --generated DIR) before scaffolding ${kind} '${definition.name}'`,
    )
  }
  const tsMorph = await loadTsMorph()
  const plan = stubPlan(definition, model)
  const outDir = dirname(file)
  const text = buildStub(tsMorph, plan, { generatedImport: importPath(outDir, generatedModule), label: displayPath(file) })
  mkdirSync(outDir, { recursive: true })
  writeNewFile(file, text)
  saveRecord(generatedDir, recordOf(generatedDir, file, plan))
  const deliveries = plan.deliveries.reduce((sum, d) => sum + d.types.length, 0)
  const timed = (plan.timed?.recurringEvents.length ?? 0) + (plan.timed?.expiringStates.length ?? 0)
  const what =
    kind === 'bot'
      ? `a '*' handler that answers text with text${timed === 0 ? '' : `, and ${timed} for its recurring events and expiring states`}`
      : `${plan.actions.length} action handler${plan.actions.length === 1 ? '' : 's'}${deliveries > 0 ? `, ${deliveries} delivery handler${deliveries === 1 ? '' : 's'}` : ''}`
  process.stdout.write(`wrote ${displayPath(file)} (${kind} '${definition.name}' ${definition.version}, ${what})\n`)
  if (definition.kind !== 'bot') return EXIT.ok

  const entry = join(outDir, ENTRY_FILE)
  if (existsSync(entry)) {
    process.stdout.write(`kept ${displayPath(entry)}: it exists (scaffold never overwrites a file); import { bot } from '${importPath(outDir, file)}' there\n`)
    return EXIT.ok
  }
  const names = (keys: readonly string[]) => [...new Set(keys.map((key) => model.definitions.get(key)?.name ?? key))]
  const entryText = buildEntry(tsMorph, plan, {
    handlersImport: importPath(outDir, file),
    label: displayPath(entry),
    integrations: names(definition.integrations.map((i) => i.integrationKey)),
    plugins: names(definition.plugins.map((p) => p.pluginKey)),
  })
  writeNewFile(entry, entryText)
  process.stdout.write(`wrote ${displayPath(entry)} (the entry: creates the runtime with the bot and receives a first message)\n`)
  return EXIT.ok
}
