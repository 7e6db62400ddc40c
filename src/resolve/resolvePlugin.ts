// A plugin's interface dependencies, each bound to the lowest workspace version that
// satisfies its range (docs/definitions.md#plugin), and its `LOCAL.ENTITY` references bound to them.
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import type { PluginSpec, RawDefinition } from '../validate/definitionTypes.js'
import { compareVersions } from '../validate/versions.js'
import { checkEntityReferences } from './entityReferences.js'
import { defsScope, type EntityScope, type InterfaceModel, type PluginDependency, type PluginModel } from './model.js'
import { availableVersions, hasName, modelBase, resolveRange, type SymbolTable, type TableEntry, unknownInterfaceHint } from './symbolTable.js'

export function resolvePlugin(
  entry: TableEntry,
  table: SymbolTable,
  interfaces: ReadonlyMap<string, InterfaceModel>,
): { model: PluginModel; diagnostics: Diagnostic[] } {
  const { file, spec } = entry.raw as RawDefinition<PluginSpec>
  const diagnostics: Diagnostic[] = []
  const dependencies: PluginDependency[] = []
  const scope: EntityScope = defsScope(entry.key, spec.$defs)
  const unresolvedLocals = new Set<string>()
  for (const [local, wanted] of Object.entries(spec.interfaces ?? {})) {
    const base = formatPointer(['interfaces', local])
    const dependency: PluginDependency = { local, interfaceName: wanted.name, range: wanted.version, interfaceKey: null }
    dependencies.push(dependency)
    unresolvedLocals.add(local)
    if (!hasName(table, 'interface', wanted.name)) {
      const { hint, suggestion } = unknownInterfaceHint(table, wanted.name)
      diagnostics.push(
        diagnostic('BW3004', 'unknownInterface', { name: wanted.name, hint }, locate(file, `${base}/name`), { path: `${base}/name`, suggestion }),
      )
      continue
    }
    const resolved = resolveRange(table, 'interface', wanted.name, wanted.version, 'lowest')
    if (resolved.found === null) {
      // a broken version (or one that may be) is reported in its own file, and its entities are unknown
      if (resolved.broken) continue
      diagnostics.push(
        diagnostic(
          'BW4004',
          'noVersionInRange',
          { name: wanted.name, range: wanted.version, available: availableVersions(resolved.available) },
          locate(file, `${base}/version`),
          {
            path: `${base}/version`,
            data: { available: resolved.available },
          },
        ),
      )
      continue
    }
    const iface = interfaces.get(resolved.found.key)
    if (!iface) continue
    dependency.interfaceKey = iface.key
    unresolvedLocals.delete(local)
    for (const entity of Object.keys(iface.spec.entities)) scope[`${local}.${entity}`] = { owner: iface.key, entity }
  }
  const compiledAgainst = new Map<string, { iface: InterfaceModel; range: string }>()
  for (const dependency of dependencies) {
    const iface = dependency.interfaceKey === null ? undefined : interfaces.get(dependency.interfaceKey)
    if (iface) compiledAgainst.set(dependency.local, { iface, range: dependency.range })
  }
  const entityElsewhere = (local: string, entity: string): string => {
    const compiled = compiledAgainst.get(local)
    if (!compiled) return ''
    const later = [...interfaces.values()]
      .filter((i) => i.name === compiled.iface.name && compareVersions(i.version, compiled.iface.version) > 0 && Object.hasOwn(i.spec.entities, entity))
      .sort((a, b) => compareVersions(a.version, b.version))[0]
    if (!later) return ''
    return `. The plugin compiles against '${compiled.iface.name}' ${compiled.iface.version}, the lowest version satisfying '${compiled.range}', and '${entity}' comes with ${later.version}: make the range '^${later.version}'`
  }
  diagnostics.push(...checkEntityReferences(file, spec, scope, { unresolvedLocals, entityElsewhere }))
  return {
    model: { kind: 'plugin', ...modelBase(entry), spec, dependencies, scope },
    diagnostics,
  }
}
