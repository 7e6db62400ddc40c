// Every place a definition writes a name botwire binds, with the symbol it binds to:
// declarations (a definition's name and version, the keys of entities, members, $defs,
// configurations and aliases) and references (interface and integration names and
// versions, `$entity`, `$ref`, mapping keys and values, overrides, wiring).
import { own } from '../jsonSchema/own.js'
import { defsName, isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { BotModel, DefinitionKey, DefinitionModel, EntityScope, IntegrationModel, InterfaceModel, Model, PluginModel } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { Span } from '../source/sourceNodes.js'
import { schemaSites, walkSchema } from '../validate/schemaSites.js'
import { entryAtPointer, keySpan, unquoted, valueSpan } from './sourceNames.js'
import { type NameSymbol, type Occurrence, type SymbolKind, symbolId } from './symbols.js'

/** The member maps of interfaces and integrations, with the symbol kind of their names. */
export const MEMBER_KINDS = [
  ['entities', 'entity'],
  ['actions', 'action'],
  ['events', 'event'],
  ['channels', 'channel'],
] as const

/** The members an integration's implementation may override. */
const OVERRIDE_KINDS = [
  ['actions', 'action'],
  ['events', 'event'],
  ['channels', 'channel'],
] as const

class Collector {
  readonly found: Occurrence[] = []
  constructor(readonly file: SourceFile) {}

  add(kind: SymbolKind, owner: DefinitionKey, name: string, span: Span | null, declaration: boolean): void {
    if (span === null) return
    const symbol: NameSymbol = { id: symbolId(kind, owner, name), kind, name, owner }
    this.found.push({ symbol, path: this.file.absolutePath, start: span.start, end: span.end, declaration })
  }

  key(kind: SymbolKind, owner: DefinitionKey, name: string, path: readonly string[], declaration: boolean): void {
    this.add(kind, owner, name, keySpan(this.file, path), declaration)
  }

  value(kind: SymbolKind, owner: DefinitionKey, name: string, path: readonly string[], declaration: boolean): void {
    this.add(kind, owner, name, valueSpan(this.file, path), declaration)
  }
}

function has(map: unknown, key: string): boolean {
  return map !== null && typeof map === 'object' && Object.hasOwn(map, key)
}

function keys(map: unknown): string[] {
  return map !== null && typeof map === 'object' && !Array.isArray(map) ? Object.keys(map) : []
}

/**
 * A definition's occurrences, by its model object. The incremental engine keeps a
 * definition's model as the same object until an edit reaches its file or a name it
 * reaches (the definitions its occurrences read: an integration's interfaces, a bot's
 * integrations and plugins), so a kept object's occurrences still stand; a new object is
 * collected anew.
 */
export type OccurrenceCache = WeakMap<DefinitionModel, Occurrence[]>
const collected: OccurrenceCache = new WeakMap()

/** Every occurrence of the model; `cache` (default: the server's) holds what earlier calls collected. */
export function collectOccurrences(model: Model, cache: OccurrenceCache = collected): Occurrence[] {
  const out: Occurrence[] = []
  for (const definition of model.definitions.values()) {
    let occurrences = cache.get(definition)
    if (occurrences === undefined) {
      occurrences = definitionOccurrences(model, definition)
      cache.set(definition, occurrences)
    }
    for (const occurrence of occurrences) out.push(occurrence)
  }
  return out
}

function definitionOccurrences(model: Model, definition: DefinitionModel): Occurrence[] {
  const c = new Collector(definition.file)
  c.value('definition', definition.key, definition.name, ['name'], true)
  c.value('definition', definition.key, definition.name, ['version'], true)
  switch (definition.kind) {
    case 'interface':
      ownMembers(c, definition)
      schemaReferences(c, definition, definition.scope)
      break
    case 'integration':
      ownMembers(c, definition)
      for (const name of keys(definition.spec.configurations)) c.key('configuration', definition.key, name, ['configurations', name], true)
      for (const name of keys(definition.spec.states)) c.key('state', definition.key, name, ['states', name], true)
      implementations(c, model, definition)
      schemaReferences(c, definition, definition.scope)
      break
    case 'plugin':
      pluginInterfaces(c, definition)
      for (const [kind, symbol] of [
        ['actions', 'action'],
        ['events', 'event'],
        ['states', 'state'],
      ] as const) {
        for (const name of keys(definition.spec[kind])) c.key(symbol, definition.key, name, [kind, name], true)
      }
      schemaReferences(c, definition, definition.scope)
      break
    case 'bot':
      botReferences(c, model, definition)
      // the bot's own events and its states (docs/definitions.md#bot)
      for (const name of keys(definition.spec.events)) c.key('event', definition.key, name, ['events', name], true)
      for (const name of keys(definition.spec.states)) c.key('state', definition.key, name, ['states', name], true)
      break
  }
  return c.found
}

function ownMembers(c: Collector, definition: InterfaceModel | IntegrationModel): void {
  for (const [map, kind] of MEMBER_KINDS) {
    for (const name of keys(definition.spec[map])) c.key(kind, definition.key, name, [map, name], true)
  }
  for (const name of keys(definition.spec.$defs)) c.key('defs', definition.key, name, ['$defs', name], true)
}

/** `$entity` and `$ref` in a definition's schemas, bound by its scope. */
function schemaReferences(c: Collector, definition: InterfaceModel | IntegrationModel | PluginModel, scope: EntityScope): void {
  for (const site of schemaSites(definition.spec)) {
    walkSchema(site.schema, site.pointer, (node: SchemaNode, pointer: string) => {
      const entity = node.$entity
      if (typeof entity === 'string') entityReference(c, definition, scope, entity, `${pointer}/$entity`)
      const ref = node.$ref
      if (typeof ref === 'string' && isDefsReference(ref)) {
        const entry = entryAtPointer(c.file, `${pointer}/$ref`)
        if (entry?.value.kind === 'scalar') {
          const span = unquoted(c.file, entry.value)
          const name = defsName(ref)
          // the name is the end of the written reference ('#/$defs/NAME')
          c.add('defs', definition.key, name, { start: span.end - name.length, end: span.end }, false)
        }
      }
    })
  }
}

function entityReference(c: Collector, definition: DefinitionModel, scope: EntityScope, written: string, pointer: string): void {
  const entry = entryAtPointer(c.file, pointer)
  if (entry?.value.kind !== 'scalar') return
  const span = unquoted(c.file, entry.value)
  const bound = own(scope, written)
  if (definition.kind !== 'plugin') {
    if (bound) c.add('entity', bound.owner, bound.entity, span, false)
    return
  }
  // LOCAL.ENTITY: the local name, then the interface's entity
  const dot = written.indexOf('.')
  if (dot < 0) return
  const local = written.slice(0, dot)
  c.add('pluginLocal', definition.key, local, { start: span.start, end: span.start + local.length }, false)
  if (bound) c.add('entity', bound.owner, bound.entity, { start: span.start + dot + 1, end: span.end }, false)
}

function implementations(c: Collector, model: Model, integration: IntegrationModel): void {
  for (const alias of keys(integration.spec.interfaces)) c.key('interfaceAlias', integration.key, alias, ['interfaces', alias], true)
  for (const implemented of integration.implemented) {
    const base = ['interfaces', implemented.alias]
    const iface = model.definitions.get(implemented.interfaceKey)
    c.value('definition', implemented.interfaceKey, implemented.interfaceName, [...base, 'name'], false)
    c.value('definition', implemented.interfaceKey, implemented.interfaceName, [...base, 'version'], false)
    const spec = own(integration.spec.interfaces, implemented.alias)
    if (!spec || iface?.kind !== 'interface') continue
    for (const [interfaceEntity, ownEntity] of Object.entries(spec.entities)) {
      if (own(iface.spec.entities, interfaceEntity)) c.key('entity', iface.key, interfaceEntity, [...base, 'entities', interfaceEntity], false)
      if (own(integration.spec.entities, ownEntity)) c.value('entity', integration.key, ownEntity, [...base, 'entities', interfaceEntity], false)
    }
    for (const [map, kind] of OVERRIDE_KINDS) {
      const overrides: Readonly<Record<string, { name?: string }>> = spec[map] ?? {}
      for (const member of keys(overrides)) {
        if (!has(iface.spec[map], member)) continue
        c.key(kind, iface.key, member, [...base, map, member], false)
        const renamed = overrides[member]?.name
        if (typeof renamed !== 'string') continue
        // an own member of that name stands for the interface's (a binding); otherwise the override names a new member
        const bound = has(integration.spec[map], renamed)
        c.value(kind, integration.key, renamed, [...base, map, member, 'name'], !bound)
      }
    }
  }
}

function pluginInterfaces(c: Collector, plugin: PluginModel): void {
  for (const dependency of plugin.dependencies) {
    const base = ['interfaces', dependency.local]
    c.key('pluginLocal', plugin.key, dependency.local, base, true)
    if (dependency.interfaceKey === null) continue
    c.value('definition', dependency.interfaceKey, dependency.interfaceName, [...base, 'name'], false)
    c.value('definition', dependency.interfaceKey, dependency.interfaceName, [...base, 'version'], false)
  }
}

function botReferences(c: Collector, model: Model, bot: BotModel): void {
  for (const alias of keys(bot.spec.integrations)) c.key('integrationAlias', bot.key, alias, ['integrations', alias], true)
  for (const alias of keys(bot.spec.plugins)) c.key('pluginAlias', bot.key, alias, ['plugins', alias], true)
  for (const instance of bot.integrations) {
    const integration = model.definitions.get(instance.integrationKey)
    if (!integration) continue
    const base = ['integrations', instance.alias]
    c.value('definition', integration.key, integration.name, [...base, 'integration'], false)
    c.value('definition', integration.key, integration.name, [...base, 'version'], false)
    const chosen = own(bot.spec.integrations, instance.alias)?.configurationType
    if (typeof chosen === 'string' && integration.kind === 'integration' && own(integration.spec.configurations, chosen)) {
      c.value('configuration', integration.key, chosen, [...base, 'configurationType'], false)
    }
  }
  for (const instance of bot.plugins) {
    const plugin = model.definitions.get(instance.pluginKey)
    if (plugin?.kind !== 'plugin') continue
    const base = ['plugins', instance.alias]
    c.value('definition', plugin.key, plugin.name, [...base, 'plugin'], false)
    c.value('definition', plugin.key, plugin.name, [...base, 'version'], false)
    const dependencies = own(bot.spec.plugins, instance.alias)?.dependencies ?? {}
    for (const [local, wiring] of Object.entries(dependencies)) {
      const at = [...base, 'dependencies', local]
      if (plugin.dependencies.some((d) => d.local === local)) c.key('pluginLocal', plugin.key, local, at, false)
      const integrationInstance = bot.integrations.find((i) => i.alias === wiring.integrationAlias)
      if (!integrationInstance) continue
      c.value('integrationAlias', bot.key, wiring.integrationAlias, [...at, 'integrationAlias'], false)
      const integration = model.definitions.get(integrationInstance.integrationKey)
      if (integration?.kind === 'integration' && own(integration.spec.interfaces, wiring.integrationInterfaceAlias)) {
        c.value('interfaceAlias', integration.key, wiring.integrationInterfaceAlias, [...at, 'integrationInterfaceAlias'], false)
      }
    }
  }
}
