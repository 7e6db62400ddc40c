// Completion: the keys the meta-schema allows where the cursor is, and values from the
// model: kinds, definition names and the versions present (and ranges that match them),
// `$entity` and `$ref` targets, mapping targets, override keys, a bot's aliases and wiring
// (only interfaces that fit the plugin's dependency), dependency keys, `$secret` names, and
// the keys of an integration's or a plugin's configuration in a bot.
import semver from 'semver'
import type { CompletionItem, CompletionItemKind } from 'vscode-languageserver'
import { own } from '../jsonSchema/own.js'
import type { BotModel, DefinitionModel, IntegrationModel, Model } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { configurationKeys, configurationSchemaOf } from './configurationKeys.js'
import { type CursorContext, cursorContext } from './cursorContext.js'
import { plainMarkdown } from './markdownText.js'
import { allowedKeys } from './metaSchemaKeys.js'
import { entryAt, mappingKeys } from './sourceNames.js'
import type { WorkspaceIndex } from './workspaceIndex.js'

// LSP CompletionItemKind numbers
const PROPERTY: CompletionItemKind = 10
const VALUE: CompletionItemKind = 12
const ENUM_MEMBER: CompletionItemKind = 20
const REFERENCE: CompletionItemKind = 18
const MODULE: CompletionItemKind = 9

function items(labels: Iterable<string>, kind: CompletionItemKind, detail: string): CompletionItem[] {
  return [...new Set(labels)].map((label) => ({ label, kind, detail }))
}

function scalarAt(file: SourceFile, path: readonly string[]): string | undefined {
  const entry = entryAt(file, path)
  return entry?.value.kind === 'scalar' ? file.text.slice(entry.value.start, entry.value.end).replace(/^["']|["']$/g, '') : undefined
}

/** YAML's spellings of null (core schema), unquoted: `configurationType: null` chooses the default, as leaving it out. */
const YAML_NULLS = new Set(['', '~', 'null', 'Null', 'NULL'])

/** The alternative configuration an integration instance chooses, as written; undefined for the default. */
function chosenConfiguration(file: SourceFile, alias: string): string | undefined {
  const entry = entryAt(file, ['integrations', alias, 'configurationType'])
  if (entry?.value.kind !== 'scalar') return undefined
  const raw = file.text.slice(entry.value.start, entry.value.end)
  return YAML_NULLS.has(raw) ? undefined : raw.replace(/^["']|["']$/g, '')
}

function versionsOf(model: Model, kind: DefinitionModel['kind'], name: string | undefined, ranges: boolean): CompletionItem[] {
  const versions = [...model.definitions.values()].filter((d) => d.kind === kind && d.name === name).map((d) => d.version)
  const exact = items(versions, VALUE, `${kind} ${name ?? ''} in the workspace`)
  if (!ranges) return exact
  return [
    ...exact,
    ...items(
      versions.map((v) => `^${v}`),
      VALUE,
      'a range that matches a version present',
    ),
  ]
}

/** What completion offers from the whole workspace, computed once per analysis (per model), not per request. */
interface WorkspaceNames {
  names: Map<DefinitionModel['kind'], CompletionItem[]>
  secrets: CompletionItem[]
}

const workspaceNamesOf = new WeakMap<Model, WorkspaceNames>()

function workspaceNames(model: Model): WorkspaceNames {
  let found = workspaceNamesOf.get(model)
  if (!found) {
    const names = new Map<DefinitionModel['kind'], CompletionItem[]>()
    for (const d of model.definitions.values()) {
      const list = names.get(d.kind) ?? []
      if (!list.some((item) => item.label === d.name)) {
        list.push({
          label: d.name,
          kind: MODULE,
          detail: `${d.kind}${d.builtin ? ' (built-in)' : ''}`,
          ...(d.spec.title ? { documentation: d.spec.title } : {}),
        })
      }
      names.set(d.kind, list)
    }
    found = { names, secrets: items(secretNames(model), VALUE, 'a secret used elsewhere in the workspace') }
    workspaceNamesOf.set(model, found)
  }
  return found
}

function namesOf(model: Model, kind: DefinitionModel['kind']): CompletionItem[] {
  return workspaceNames(model).names.get(kind) ?? []
}

/** `$secret` names the workspace's bots already use. */
function secretNames(model: Model): string[] {
  const names = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const v of value) visit(v)
    else if (value !== null && typeof value === 'object') {
      const secret = (value as Record<string, unknown>).$secret
      if (typeof secret === 'string') names.add(secret)
      for (const v of Object.values(value)) visit(v)
    }
  }
  for (const bot of model.bots) visit(bot.spec.integrations)
  return [...names].sort()
}

function botIntegration(index: WorkspaceIndex, file: SourceFile, alias: string | undefined): IntegrationModel | undefined {
  const name = alias === undefined ? undefined : scalarAt(file, ['integrations', alias, 'integration'])
  const range = alias === undefined ? undefined : scalarAt(file, ['integrations', alias, 'version'])
  const candidates = index.model.integrations.filter((i) => i.name === name)
  const bot = index.definitions.get(file.absolutePath)
  const bound = bot?.kind === 'bot' ? (bot as BotModel).integrations.find((i) => i.alias === alias)?.integrationKey : undefined
  return (
    candidates.find((i) => i.key === bound) ??
    candidates.filter((i) => range === undefined || semver.satisfies(i.version, range)).sort((a, b) => semver.rcompare(a.version, b.version))[0]
  )
}

function pluginOfInstance(index: WorkspaceIndex, file: SourceFile, alias: string | undefined) {
  const name = alias === undefined ? undefined : scalarAt(file, ['plugins', alias, 'plugin'])
  const range = alias === undefined ? undefined : scalarAt(file, ['plugins', alias, 'version'])
  return index.model.plugins
    .filter((p) => p.name === name && (range === undefined || semver.satisfies(p.version, range)))
    .sort((a, b) => semver.rcompare(a.version, b.version))[0]
}

function implementedInterface(index: WorkspaceIndex, file: SourceFile, alias: string | undefined) {
  if (alias === undefined) return undefined
  const name = scalarAt(file, ['interfaces', alias, 'name'])
  const version = scalarAt(file, ['interfaces', alias, 'version'])
  return index.model.interfaces.find((i) => i.name === name && i.version === version)
}

function valueItems(
  index: WorkspaceIndex,
  file: SourceFile,
  kind: string,
  context: CursorContext & { writing: { what: 'value'; key: string } },
): CompletionItem[] {
  const { model } = index
  const { path } = context
  const key = context.writing.key
  const [top, alias, third, fourth] = path
  if (path.length === 0 && key === 'kind') return items(['interface', 'integration', 'plugin', 'bot'], ENUM_MEMBER, 'definition kind')
  if (key === '$secret') return workspaceNames(model).secrets
  if (key === '$entity') {
    if (kind === 'plugin') {
      const plugin = index.definitions.get(file.absolutePath)
      const locals = mappingKeys(file, ['interfaces'])
      return locals.flatMap((local) => {
        const dependency = plugin?.kind === 'plugin' ? plugin.dependencies.find((d) => d.local === local) : undefined
        const name = scalarAt(file, ['interfaces', local, 'name']) ?? dependency?.interfaceName
        const iface = (dependency?.interfaceKey && model.definitions.get(dependency.interfaceKey)) || model.interfaces.find((i) => i.name === name)
        return iface?.kind === 'interface'
          ? items(
              Object.keys(iface.spec.entities).map((e) => `${local}.${e}`),
              REFERENCE,
              `entity of ${iface.name} ${iface.version}`,
            )
          : []
      })
    }
    return items(mappingKeys(file, ['entities']), REFERENCE, 'entity of this definition')
  }
  if (key === '$ref')
    return items(
      mappingKeys(file, ['$defs']).map((name) => `'#/$defs/${name}'`),
      REFERENCE,
      'named schema of this definition',
    )
  if (top === 'interfaces' && path.length === 2 && (kind === 'integration' || kind === 'plugin')) {
    if (key === 'name') return namesOf(model, 'interface')
    if (key === 'version') return versionsOf(model, 'interface', scalarAt(file, ['interfaces', alias ?? '', 'name']), kind === 'plugin')
  }
  // docs/definitions.md#identifier: the properties of this integration's configuration
  if (kind === 'integration' && top === 'identifier' && path.length === 1 && key === 'configuration') {
    const integration = index.definitions.get(file.absolutePath)
    const schema = integration?.kind === 'integration' ? integration.spec.configuration?.schema : undefined
    if (integration?.kind !== 'integration' || schema === undefined) return []
    return configurationKeys(integration, schema, []).map((property) => ({
      label: property.name,
      kind: VALUE,
      detail: property.title ?? 'configuration property that holds the identifier',
      ...(property.description ? { documentation: { kind: 'markdown' as const, value: plainMarkdown(property.description) } } : {}),
    }))
  }
  if (kind === 'integration' && top === 'interfaces' && third === 'entities' && path.length === 3) {
    return items(mappingKeys(file, ['entities']), REFERENCE, 'entity of this integration')
  }
  if (kind === 'bot' && top === 'integrations' && path.length === 2) {
    if (key === 'integration') return namesOf(model, 'integration')
    if (key === 'version') return versionsOf(model, 'integration', scalarAt(file, ['integrations', alias ?? '', 'integration']), true)
    if (key === 'configurationType') return items(Object.keys(botIntegration(index, file, alias)?.spec.configurations ?? {}), VALUE, 'configuration')
  }
  if (kind === 'bot' && top === 'plugins' && path.length === 2) {
    if (key === 'plugin') return namesOf(model, 'plugin')
    if (key === 'version') return versionsOf(model, 'plugin', scalarAt(file, ['plugins', alias ?? '', 'plugin']), true)
  }
  if (kind === 'bot' && top === 'plugins' && third === 'dependencies' && path.length === 4) {
    if (key === 'integrationAlias') return items(mappingKeys(file, ['integrations']), REFERENCE, 'integration alias of this bot')
    if (key === 'integrationInterfaceAlias') {
      const integration = botIntegration(index, file, scalarAt(file, [...path, 'integrationAlias']))
      const dependency = pluginOfInstance(index, file, alias)?.dependencies.find((d) => d.local === fourth)
      const fits = (integration?.implemented ?? []).filter(
        (i) => dependency === undefined || (i.interfaceName === dependency.interfaceName && semver.satisfies(i.version, dependency.range)),
      )
      return items(
        fits.map((i) => i.alias),
        REFERENCE,
        dependency ? `implements ${dependency.interfaceName} ${dependency.range}` : 'interface alias',
      )
    }
  }
  return []
}

/** Keys the model knows beyond the meta-schema: mapped entities, overrides, dependencies. */
function modelKeys(index: WorkspaceIndex, file: SourceFile, kind: string, path: readonly string[]): CompletionItem[] {
  const [top, alias, third] = path
  if (kind === 'integration' && top === 'interfaces' && path.length === 3 && alias !== undefined) {
    const iface = implementedInterface(index, file, alias)
    if (!iface) return []
    if (third === 'entities') return items(Object.keys(iface.spec.entities), PROPERTY, `entity of ${iface.name} ${iface.version} to map`)
    if (third === 'actions' || third === 'events' || third === 'channels') {
      const members: unknown = own(iface.spec as unknown as Record<string, unknown>, third)
      return items(Object.keys(members ?? {}), PROPERTY, `${third.slice(0, -1)} of ${iface.name} ${iface.version}`)
    }
  }
  if (kind === 'bot' && top === 'plugins' && third === 'dependencies' && path.length === 3) {
    const plugin = pluginOfInstance(index, file, alias)
    return items(plugin?.dependencies.map((d) => d.local) ?? [], PROPERTY, `interface of plugin ${plugin?.name ?? ''} to wire`)
  }
  if (kind === 'bot' && (top === 'integrations' || top === 'plugins') && third === 'configuration' && alias !== undefined) {
    const owner = top === 'integrations' ? botIntegration(index, file, alias) : pluginOfInstance(index, file, alias)
    // only an integration has alternative configurations
    const chosen = top === 'integrations' ? chosenConfiguration(file, alias) : undefined
    const schema = owner && configurationSchemaOf(owner, chosen)
    if (!owner || !schema) return []
    return configurationKeys(owner, schema, path.slice(3)).map((key) => ({
      label: key.name,
      kind: PROPERTY,
      detail: key.title ?? `configuration of ${owner.kind} ${owner.name} ${owner.version}`,
      ...(key.description ? { documentation: { kind: 'markdown' as const, value: plainMarkdown(key.description) } } : {}),
    }))
  }
  return []
}

export function completionAt(index: WorkspaceIndex, file: SourceFile, offset: number): CompletionItem[] {
  const context = cursorContext(file.text, offset)
  const kind = /^kind:\s*["']?(\w+)/m.exec(file.text)?.[1] ?? ''
  if (context.writing.what === 'value') return valueItems(index, file, kind, { ...context, writing: context.writing })
  const present = new Set(mappingKeys(file, context.path))
  const fromModel = modelKeys(index, file, kind, context.path)
  const fromSchema: CompletionItem[] = allowedKeys(kind, context.path).map((k) => ({
    label: k.key,
    kind: PROPERTY,
    ...(k.title ? { detail: k.title } : {}),
    ...(k.description ? { documentation: { kind: 'markdown' as const, value: plainMarkdown(k.description) } } : {}),
  }))
  return [...fromModel, ...fromSchema]
    .filter((item) => !present.has(item.label) || item.label === context.typed)
    .map((item) => ({ ...item, insertText: `${item.label}: ` }))
}
