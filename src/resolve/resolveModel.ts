// Builds the resolved model from the definitions that passed shape validation (and the
// identities that files with errors claim): the symbol table, then interfaces,
// integrations, plugins and bots in that order, each binding its references to what the
// previous steps resolved.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { InterfaceSpec, RawDefinition } from '../validate/definitionTypes.js'
import { checkEntityReferences } from './entityReferences.js'
import type { BotModel, DefinitionModel, IntegrationModel, InterfaceModel, Model, PluginModel } from './model.js'
import { resolveBot } from './resolveBot.js'
import { ownScope, resolveIntegration } from './resolveIntegration.js'
import { resolvePlugin } from './resolvePlugin.js'
import { buildSymbolTable, modelBase } from './symbolTable.js'

export function resolveModel(definitions: readonly RawDefinition[], claims: readonly ClaimedDefinition[] = []): { model: Model; diagnostics: Diagnostic[] } {
  const { table, diagnostics } = buildSymbolTable(definitions, claims)

  const interfaces = new Map<string, InterfaceModel>()
  for (const entry of table.entries) {
    if (entry.kind !== 'interface') continue
    const { file, spec } = entry.raw as RawDefinition<InterfaceSpec>
    const scope = ownScope(entry.key, spec.entities, spec.$defs)
    diagnostics.push(...checkEntityReferences(file, spec, scope))
    interfaces.set(entry.key, { kind: 'interface', ...modelBase(entry), spec, scope })
  }
  const integrations = new Map<string, IntegrationModel>()
  const plugins = new Map<string, PluginModel>()
  for (const entry of table.entries) {
    if (entry.kind === 'integration') {
      const resolved = resolveIntegration(entry, table, interfaces)
      integrations.set(entry.key, resolved.model)
      diagnostics.push(...resolved.diagnostics)
    } else if (entry.kind === 'plugin') {
      const resolved = resolvePlugin(entry, table, interfaces)
      plugins.set(entry.key, resolved.model)
      diagnostics.push(...resolved.diagnostics)
    }
  }
  const bots = new Map<string, BotModel>()
  for (const entry of table.entries) {
    if (entry.kind !== 'bot') continue
    const resolved = resolveBot(entry, table, { integrations, plugins })
    bots.set(entry.key, resolved.model)
    diagnostics.push(...resolved.diagnostics)
  }

  const all: DefinitionModel[] = [...interfaces.values(), ...integrations.values(), ...plugins.values(), ...bots.values()]
  const order = new Map(table.entries.map((e, i) => [e.key, i]))
  all.sort((a, b) => (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0))
  return {
    model: {
      definitions: new Map(all.map((d) => [d.key, d])),
      interfaces: [...interfaces.values()],
      integrations: [...integrations.values()],
      plugins: [...plugins.values()],
      bots: [...bots.values()],
    },
    diagnostics,
  }
}
