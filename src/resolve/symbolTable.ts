// Every definition by (kind, name, version), built-ins included. Duplicates and clashes
// with built-ins are reported here; later passes only ever see one definition per key.
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js'
import { listNames } from '../diagnostics/suggest.js'
import { locate } from '../load/yamlNodes.js'
import type { DefinitionSpec, RawDefinition } from '../validate/definitionTypes.js'
import { definitionKey, type DefinitionKey, type DefinitionKind } from './model.js'
import { compareVersions, isPrerelease, parseVersion, satisfiesRange } from './versions.js'

export interface TableEntry {
  key: DefinitionKey
  kind: DefinitionKind
  name: string
  version: string
  raw: RawDefinition
}

export interface SymbolTable {
  /** kind/name -> entries sorted by ascending version */
  byName: Map<string, TableEntry[]>
  entries: TableEntry[]
  /** kind/name of definitions whose files had errors: references to them are not reported again */
  broken: ReadonlySet<string>
}

/** A bot's version is optional; the model gives it 0.0.0 so that it has a key. */
export function versionOf(spec: DefinitionSpec): string {
  return spec.version ?? '0.0.0'
}

export function buildSymbolTable(definitions: readonly RawDefinition[], broken: ReadonlySet<string> = new Set()): { table: SymbolTable; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const byName = new Map<string, TableEntry[]>()
  // built-ins first, so that a workspace file is the one reported when both exist
  const ordered = [...definitions].sort((a, b) => Number(b.file.builtin) - Number(a.file.builtin) || (a.file.displayPath < b.file.displayPath ? -1 : a.file.displayPath > b.file.displayPath ? 1 : 0))
  for (const raw of ordered) {
    const { kind, name } = raw.spec
    const version = versionOf(raw.spec)
    const group = byName.get(`${kind}/${name}`) ?? []
    const same = group.find((e) => compareVersions(e.version, version) === 0)
    if (same) {
      const builtinClash = same.raw.file.builtin && !raw.file.builtin
      const code = builtinClash ? 'BW3002' : 'BW3001'
      const message = builtinClash
        ? `${kind} '${name}' ${version} is a built-in interface of botwire; give this one another version or name (or run with --no-builtins)`
        : `${kind} '${name}' ${version} is defined twice${same.version !== version ? ` (${same.version} and ${version} differ only in build metadata, so they are the same version)` : ''}`
      diagnostics.push(
        diagnostic(code, message, locate(raw.file, raw.spec.version === undefined ? '/name' : '/version'), {
          path: '/version',
          related: [{ message: builtinClash ? 'the built-in is here' : 'first defined here', range: locate(same.raw.file, same.raw.spec.version === undefined ? '/name' : '/version') }],
        }),
      )
      continue
    }
    group.push({ key: definitionKey(kind, name, version), kind, name, version, raw })
    byName.set(`${kind}/${name}`, group)
  }
  for (const group of byName.values()) group.sort((a, b) => compareVersions(a.version, b.version))
  const entries = [...byName.values()].flat().sort((a, b) => (a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.name !== b.name ? (a.name < b.name ? -1 : 1) : compareVersions(a.version, b.version)))
  return { table: { byName, entries, broken }, diagnostics }
}

/** Whether a missing definition is already explained by an error in its own file. */
export function isBroken(table: SymbolTable, kind: DefinitionKind, name: string): boolean {
  return table.broken.has(`${kind}/${name}`)
}

/** The fields every definition model takes from its table entry. */
export function modelBase(entry: TableEntry): { key: DefinitionKey; name: string; version: string; file: TableEntry['raw']['file']; builtin: boolean } {
  return { key: entry.key, name: entry.name, version: entry.version, file: entry.raw.file, builtin: entry.raw.file.builtin }
}

export function versionsOf(table: SymbolTable, kind: DefinitionKind, name: string): TableEntry[] {
  return table.byName.get(`${kind}/${name}`) ?? []
}

/** "; the workspace has the integrations 'a' and 'b'" (or says it has none), after an unknown name with no near miss. */
export function knownNames(what: string, names: readonly string[]): string {
  return names.length > 0 ? `; the workspace has the ${what} ${listNames([...names].sort())}` : `; the workspace has no ${what}`
}

/** The names of a kind in the workspace, those of definitions with errors included (they exist, they are only broken). */
export function namesOf(table: SymbolTable, kind: DefinitionKind): string[] {
  const broken = [...table.broken].filter((key) => key.startsWith(`${kind}/`)).map((key) => key.slice(kind.length + 1))
  return [...new Set([...table.entries.filter((e) => e.kind === kind).map((e) => e.name), ...broken])]
}

/**
 * The version a range picks: the highest (bots) or lowest (plugins) release version
 * that satisfies it; a pre-release only when no release version qualifies (SPEC §1).
 */
export function pickVersion(entries: readonly TableEntry[], range: string, which: 'highest' | 'lowest'): TableEntry | undefined {
  const pick = (candidates: TableEntry[]): TableEntry | undefined => (which === 'highest' ? candidates[candidates.length - 1] : candidates[0])
  const releases = entries.filter((e) => !isPrerelease(e.version) && satisfiesRange(e.version, range))
  if (releases.length > 0) return pick(releases)
  return pick(entries.filter((e) => satisfiesRange(e.version, range, { includePrerelease: true })))
}

export function exactVersion(entries: readonly TableEntry[], version: string): TableEntry | undefined {
  return entries.find((e) => parseVersion(version) !== null && compareVersions(e.version, version) === 0)
}
