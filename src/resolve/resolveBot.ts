// A bot's integration and plugin instances bound to definitions (highest version that
// satisfies each range), each plugin dependency bound to an integration's implemented
// interface, and each plugin instance's entity references dereferenced (docs/definitions.md#bot).
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import type { BotSpec, RawDefinition } from '../validate/definitionTypes.js'
import type { BotModel, DefinitionKind, EntityScope, IntegrationInstance, IntegrationModel, PluginInstance, PluginModel, PluginWiring } from './model.js'
import { availableVersions, hasName, knownNames, modelBase, namesOf, resolveRange, type SymbolTable, type TableEntry } from './symbolTable.js'

interface Resolved {
  integrations: ReadonlyMap<string, IntegrationModel>
  plugins: ReadonlyMap<string, PluginModel>
}

/** A name of the wrong kind: a plugin added as an integration, an integration as a plugin, an interface as either. */
function otherKindHint(table: SymbolTable, kind: Extract<DefinitionKind, 'integration' | 'plugin'>, name: string): string {
  const other = kind === 'integration' ? 'plugin' : 'integration'
  if (hasName(table, other, name))
    return ` ('${name}' is ${other === 'plugin' ? 'a plugin: add it under plugins' : 'an integration: add it under integrations'})`
  if (hasName(table, 'interface', name))
    return ` ('${name}' is an interface: a bot adds ${kind === 'integration' ? 'an integration that implements it' : 'a plugin that depends on it'})`
  return ''
}

function pickInstance(
  raw: RawDefinition<BotSpec>,
  table: SymbolTable,
  kind: Extract<DefinitionKind, 'integration' | 'plugin'>,
  base: string,
  name: string,
  range: string,
  out: Diagnostic[],
): TableEntry | undefined {
  const nameKey = kind === 'integration' ? 'integration' : 'plugin'
  if (!hasName(table, kind, name)) {
    const names = namesOf(table, kind)
    const suggestion = closest(name, names)
    const hint = suggestionText(suggestion) || otherKindHint(table, kind, name) || knownNames(`${kind}s`, names)
    const range = locate(raw.file, `${base}/${nameKey}`)
    const extra = { path: `${base}/${nameKey}`, suggestion }
    out.push(
      kind === 'integration'
        ? diagnostic('BW3009', 'unknownIntegration', { name, hint }, range, extra)
        : diagnostic('BW3010', 'unknownPlugin', { name, hint }, range, extra),
    )
    return undefined
  }
  const resolved = resolveRange(table, kind, name, range, 'highest')
  if (resolved.found === null && !resolved.broken) {
    out.push(
      diagnostic('BW3011', 'noVersionInRange', { kind, name, range, available: availableVersions(resolved.available) }, locate(raw.file, `${base}/version`), {
        path: `${base}/version`,
        data: { available: resolved.available },
      }),
    )
  }
  // a broken version (or one that may be) is reported in its own file, not here
  return resolved.found ?? undefined
}

export function resolveBot(entry: TableEntry, table: SymbolTable, resolved: Resolved): { model: BotModel; diagnostics: Diagnostic[] } {
  const raw = entry.raw as RawDefinition<BotSpec>
  const { file, spec } = raw
  const diagnostics: Diagnostic[] = []

  const integrations: IntegrationInstance[] = []
  for (const [alias, instance] of Object.entries(spec.integrations ?? {})) {
    const chosen = pickInstance(raw, table, 'integration', formatPointer(['integrations', alias]), instance.integration, instance.version, diagnostics)
    if (!chosen || !resolved.integrations.has(chosen.key)) continue
    integrations.push({ alias, integrationKey: chosen.key, configuration: instance.configuration ?? {} })
  }
  const integrationAliases = Object.keys(spec.integrations ?? {})

  const plugins: PluginInstance[] = []
  for (const [alias, instance] of Object.entries(spec.plugins ?? {})) {
    const base = formatPointer(['plugins', alias])
    const chosen = pickInstance(raw, table, 'plugin', base, instance.plugin, instance.version, diagnostics)
    const plugin = chosen && resolved.plugins.get(chosen.key)
    if (!plugin) continue
    const wiring: PluginWiring[] = []
    const scope: EntityScope = { ...plugin.scope }
    for (const [local, wire] of Object.entries(instance.dependencies ?? {})) {
      const at = formatPointer(['plugins', alias, 'dependencies', local])
      const dependency = plugin.dependencies.find((d) => d.local === local)
      if (!dependency) continue // an extra key: check/wiring reports it
      const target = integrations.find((i) => i.alias === wire.integrationAlias)
      if (!target) {
        if (!integrationAliases.includes(wire.integrationAlias)) {
          const list = integrationAliases.length > 0 ? `; this bot's integrations are ${listNames(integrationAliases)}` : '; this bot adds no integrations'
          // a plugin's alias here is a plugin wired where an integration must be
          const isPlugin = Object.hasOwn(raw.spec.plugins ?? {}, wire.integrationAlias)
            ? ` ('${wire.integrationAlias}' is a plugin of this bot; a plugin's interfaces are wired to integrations)`
            : ''
          const suggestion = isPlugin ? undefined : closest(wire.integrationAlias, integrationAliases)
          const hint = isPlugin || suggestionText(suggestion)
          diagnostics.push(
            diagnostic('BW3012', 'unknownIntegrationAlias', { alias: wire.integrationAlias, hint, known: list }, locate(file, `${at}/integrationAlias`), {
              path: `${at}/integrationAlias`,
              suggestion,
            }),
          )
        }
        continue
      }
      const integration = resolved.integrations.get(target.integrationKey)
      if (!integration) continue
      const implemented = integration.implemented.find((i) => i.alias === wire.integrationInterfaceAlias)
      if (!implemented) {
        const declared = Object.keys(integration.spec.interfaces ?? {})
        const list = declared.length > 0 ? `; it implements ${listNames(declared)}` : '; it implements no interfaces'
        if (!declared.includes(wire.integrationInterfaceAlias)) {
          // a near miss by spelling, or else the one alias under which it implements the interface the plugin depends on
          const byInterface = integration.implemented.filter((i) => i.interfaceName === dependency.interfaceName)
          const spelt = closest(wire.integrationInterfaceAlias, declared)
          const suggestion = spelt ?? (byInterface.length === 1 ? byInterface[0]?.alias : undefined)
          const didYouMean =
            spelt === undefined && suggestion !== undefined
              ? ` (did you mean '${suggestion}'? it implements ${dependency.interfaceName} under that alias)`
              : suggestionText(suggestion)
          diagnostics.push(
            diagnostic(
              'BW3013',
              'unknownInterfaceAlias',
              {
                integration: integration.name,
                alias: target.alias,
                interfaceAlias: wire.integrationInterfaceAlias,
                didYouMean,
                known: list,
              },
              locate(file, `${at}/integrationInterfaceAlias`),
              {
                path: `${at}/integrationInterfaceAlias`,
                suggestion,
              },
            ),
          )
        }
        continue
      }
      wiring.push({
        local,
        integrationAlias: target.alias,
        integrationInterfaceAlias: implemented.alias,
        integrationKey: integration.key,
        interfaceKey: implemented.interfaceKey,
      })
      for (const name of Object.keys(plugin.scope)) {
        if (!name.startsWith(`${local}.`)) continue
        const mapped = own(implemented.entityMap, name.slice(local.length + 1))
        if (mapped !== undefined) scope[name] = { owner: integration.key, entity: mapped }
      }
    }
    plugins.push({ alias, pluginKey: plugin.key, configuration: instance.configuration ?? {}, wiring, scope })
  }

  return {
    model: {
      kind: 'bot',
      ...modelBase(entry),
      spec,
      tags: Object.keys(spec.message?.tags ?? {}),
      integrations,
      plugins,
    },
    diagnostics,
  }
}
