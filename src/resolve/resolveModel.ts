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
import { buildSymbolTable, modelBase, type SymbolTable, type TableEntry } from './symbolTable.js'

/** One definition's resolution: its model and the diagnostics resolving it gave. */
export interface Resolved<M extends DefinitionModel = DefinitionModel> {
  model: M
  diagnostics: Diagnostic[]
}

/**
 * How a caller that resolved the same definitions before (the incremental engine) gives
 * back a definition's previous resolution instead of resolving it again: `reuse` answers
 * one when nothing the definition reads has changed, `resolved` hears every resolution.
 */
export interface ResolveMemo {
  reuse(entry: TableEntry, table: SymbolTable): Resolved | undefined
  resolved(entry: TableEntry, result: Resolved): void
}

const NO_MEMO: ResolveMemo = { reuse: () => undefined, resolved: () => {} }

function memoized<M extends DefinitionModel>(memo: ResolveMemo, table: SymbolTable, entry: TableEntry, resolve: () => Resolved<M>): Resolved<M> {
  const reused = memo.reuse(entry, table) as Resolved<M> | undefined
  if (reused) return reused
  const result = resolve()
  memo.resolved(entry, result)
  return result
}

export function resolveModel(
  definitions: readonly RawDefinition[],
  claims: readonly ClaimedDefinition[] = [],
  memo: ResolveMemo = NO_MEMO,
): { model: Model; diagnostics: Diagnostic[]; table: SymbolTable } {
  const { table, diagnostics } = buildSymbolTable(definitions, claims)

  const interfaces = new Map<string, InterfaceModel>()
  for (const entry of table.entries) {
    if (entry.kind !== 'interface') continue
    const resolved = memoized(memo, table, entry, (): Resolved<InterfaceModel> => {
      const { file, spec } = entry.raw as RawDefinition<InterfaceSpec>
      const scope = ownScope(entry.key, spec.entities, spec.$defs)
      return { model: { kind: 'interface', ...modelBase(entry), spec, scope }, diagnostics: checkEntityReferences(file, spec, scope) }
    })
    diagnostics.push(...resolved.diagnostics)
    interfaces.set(entry.key, resolved.model)
  }
  const integrations = new Map<string, IntegrationModel>()
  const plugins = new Map<string, PluginModel>()
  for (const entry of table.entries) {
    if (entry.kind === 'integration') {
      const resolved = memoized(memo, table, entry, () => resolveIntegration(entry, table, interfaces))
      integrations.set(entry.key, resolved.model)
      diagnostics.push(...resolved.diagnostics)
    } else if (entry.kind === 'plugin') {
      const resolved = memoized(memo, table, entry, () => resolvePlugin(entry, table, interfaces))
      plugins.set(entry.key, resolved.model)
      diagnostics.push(...resolved.diagnostics)
    }
  }
  const bots = new Map<string, BotModel>()
  for (const entry of table.entries) {
    if (entry.kind !== 'bot') continue
    const resolved = memoized(memo, table, entry, () => resolveBot(entry, table, { integrations, plugins }))
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
    table,
  }
}
