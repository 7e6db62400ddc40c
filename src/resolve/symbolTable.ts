// Every definition by (kind, name, version), built-ins included, and beside them the
// identities that files with errors claim, as versions that are present but broken.
// Duplicates and clashes with built-ins are reported here; every resolution step goes
// through resolveExact/resolveRange, so that none binds a reference past a broken version.

import { readdirSync } from 'node:fs'
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { builtinDefinitionsDir } from '../load/packageRoot.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { type ClaimedDefinition, claimLocation } from '../validate/claimedNames.js'
import type { DefinitionSpec, RawDefinition } from '../validate/definitionTypes.js'
import { isDefinitionName } from '../validate/metaSchemas.js'
import { compareVersions, isExactVersion, isPrerelease, parseVersion, pickInRange, satisfiesRange, versionIdentity } from '../validate/versions.js'
import { type DefinitionKey, type DefinitionKind, definitionKey } from './model.js'

export interface TableEntry {
  key: DefinitionKey
  kind: DefinitionKind
  name: string
  version: string
  raw: RawDefinition
}

/**
 * One version of a name as every resolution step sees it: a definition, or a version that
 * is present but broken (`entry` null): claimed by a file with errors, or defined twice
 * where a copy has errors. A reference that lands on a broken version is not checked
 * further: the broken file's own diagnostics are the ones that explain it.
 */
export interface VersionSlot {
  version: string
  entry: TableEntry | null
}

export interface SymbolTable {
  /** kind/name -> its versions, ascending, broken ones included */
  byName: Map<string, VersionSlot[]>
  /** the definitions to resolve, one per key */
  entries: TableEntry[]
  /** kind/name claimed by a file with errors whose version cannot be read: it may be any version */
  unversioned: ReadonlySet<string>
  /**
   * kind -> the names that files with errors write where a definition name belongs but is
   * none (`Ticketing`, `Triage_Plugin`), in the form a reference would use (`ticketing`,
   * `triage-plugin`): a reference near one of them is to that broken file
   */
  invalidNames: ReadonlyMap<DefinitionKind, readonly string[]>
  /**
   * kind/name (as a reference writes it) -> the versions that files with errors claim under
   * a name that is none (`Llm` 2.3.0 under `interface/llm`; null: unreadable, any version):
   * a reference to a name that does exist, at a version only such a file claims, is to that
   * file
   */
  invalidlyClaimedVersions: ReadonlyMap<string, readonly (string | null)[]>
}

/** A name as a reference would write it: lower case, words joined by dashes. */
export function asDefinitionName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * Whether a reference to an unknown name is, most likely, to a file whose name is invalid:
 * the same name once written as a definition name, one that starts with it as a word
 * (`triage` for `Triage_Plugin`), or a near miss of it. That file's own error explains the
 * reference: one mistake, one diagnostic.
 */
function claimedInvalidly(table: SymbolTable, kind: DefinitionKind, name: string): boolean {
  const claimed = table.invalidNames.get(kind) ?? []
  return claimed.some(
    (written) => written === name || written.startsWith(`${name}-`) || name.startsWith(`${written}-`) || closest(name, [written]) !== undefined,
  )
}

/** A bot's version is optional; the model gives it 0.0.0 so that it has a key. */
export function versionOf(spec: DefinitionSpec): string {
  return spec.version ?? '0.0.0'
}

/** One file that says it is (kind, name, version): a definition, or a claim of a file with errors. */
interface Contender {
  kind: DefinitionKind
  name: string
  version: string
  file: SourceFile
  raw: RawDefinition | null
  claim: ClaimedDefinition | null
}

function contenderLocation(c: Contender): SourceRange {
  if (c.claim) return claimLocation(c.claim)
  return locate(c.file, c.raw?.spec.version === undefined ? '/name' : '/version')
}

function byFile(a: Contender, b: Contender): number {
  // built-ins first, so that a workspace file is the one reported when both exist
  return Number(b.file.builtin) - Number(a.file.builtin) || (a.file.displayPath < b.file.displayPath ? -1 : a.file.displayPath > b.file.displayPath ? 1 : 0)
}

/** A version of a name while the table is built. */
interface Building {
  slot: VersionSlot
  /** the first contender whose kind is certain: a later one with a certain kind is its duplicate */
  first: Contender | null
  /** the first definition: the one resolved (a copy beside a broken one too: its own problems are its own) */
  definition: TableEntry | null
  broken: boolean
}

export function buildSymbolTable(
  definitions: readonly RawDefinition[],
  claims: readonly ClaimedDefinition[] = [],
): { table: SymbolTable; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const unversioned = new Set<string>()
  const invalidNames = new Map<DefinitionKind, string[]>()
  const invalidlyClaimedVersions = new Map<string, (string | null)[]>()
  const contenders: Contender[] = definitions.map((raw) => ({
    kind: raw.spec.kind,
    name: raw.spec.name,
    version: versionOf(raw.spec),
    file: raw.file,
    raw,
    claim: null,
  }))
  for (const claim of claims) {
    if (!isDefinitionName(claim.name)) {
      const written = asDefinitionName(claim.name)
      invalidNames.set(claim.kind, [...(invalidNames.get(claim.kind) ?? []), written])
      const key = `${claim.kind}/${written}`
      const version = claim.version !== null && isExactVersion(claim.version) ? claim.version : null
      invalidlyClaimedVersions.set(key, [...(invalidlyClaimedVersions.get(key) ?? []), version])
    }
    // a version that is not one (BW2006) is no better than none: the claim stands for every version
    if (claim.version === null || !isExactVersion(claim.version)) unversioned.add(`${claim.kind}/${claim.name}`)
    else contenders.push({ kind: claim.kind, name: claim.name, version: claim.version, file: claim.file, raw: null, claim })
  }
  contenders.sort(byFile)
  const groups = new Map<string, Building[]>()
  // each version of a name by its identity, so that finding it costs the same for 20,000 versions as for one
  const byVersion = new Map<string, Building>()
  for (const c of contenders) {
    const { kind, name, version } = c
    const group = groups.get(`${kind}/${name}`) ?? []
    groups.set(`${kind}/${name}`, group)
    const slotKey = `${kind}/${name}@${versionIdentity(version)}`
    let building = byVersion.get(slotKey)
    if (!building) {
      building = { slot: { version, entry: null }, first: null, definition: null, broken: false }
      group.push(building)
      byVersion.set(slotKey, building)
    }
    // a file of unknown kind claims its name under every kind: it is a duplicate of nothing for sure
    const certain = c.claim?.kindKnown !== false
    const first = building.first
    if (certain && first) {
      const builtinClash = first.file.builtin && !c.file.builtin
      const extra = { path: '/version', related: [relatedLocation(builtinClash ? 'builtinHere' : 'firstDefined', {}, contenderLocation(first))] }
      diagnostics.push(
        builtinClash
          ? diagnostic('BW3002', 'builtinClash', { kind, name, version }, contenderLocation(c), extra)
          : first.version !== version
            ? diagnostic('BW3001', 'definedTwiceBuildMetadata', { kind, name, version, first: first.version }, contenderLocation(c), extra)
            : diagnostic('BW3001', 'definedTwice', { kind, name, version }, contenderLocation(c), extra),
      )
    } else if (certain) building.first = c
    if (!c.raw) building.broken = true
    else if (!building.definition) building.definition = { key: definitionKey(kind, name, version), kind, name, version, raw: c.raw }
  }
  const byName = new Map<string, VersionSlot[]>()
  const entries: TableEntry[] = []
  for (const [key, group] of groups) {
    for (const b of group) {
      b.slot.entry = b.broken ? null : b.definition
      if (b.definition) entries.push(b.definition)
    }
    byName.set(
      key,
      group.map((b) => b.slot).sort((a, b) => compareVersions(a.version, b.version)),
    )
  }
  entries.sort((a, b) =>
    a.kind !== b.kind ? (a.kind < b.kind ? -1 : 1) : a.name !== b.name ? (a.name < b.name ? -1 : 1) : compareVersions(a.version, b.version),
  )
  return { table: { byName, entries, unversioned, invalidNames, invalidlyClaimedVersions }, diagnostics }
}

/** The fields every definition model takes from its table entry. */
export function modelBase(entry: TableEntry): { key: DefinitionKey; name: string; version: string; file: TableEntry['raw']['file']; builtin: boolean } {
  return { key: entry.key, name: entry.name, version: entry.version, file: entry.raw.file, builtin: entry.raw.file.builtin }
}

/** Whether anything of that kind and name is in the workspace, a file with errors that claims it included. */
export function hasName(table: SymbolTable, kind: DefinitionKind, name: string): boolean {
  return table.byName.has(`${kind}/${name}`) || table.unversioned.has(`${kind}/${name}`) || claimedInvalidly(table, kind, name)
}

/**
 * What follows "unknown interface 'x'": a near miss, or that it is a built-in and built-ins
 * are off (--no-builtins), or the interfaces there are.
 */
export function unknownInterfaceHint(table: SymbolTable, name: string): { hint: string; suggestion?: string } {
  const names = namesOf(table, 'interface')
  const builtinsOff = !table.entries.some((e) => e.raw.file.builtin)
  if (builtinsOff && builtinInterfaceNames().includes(name)) return { hint: `; '${name}' is a built-in interface, and built-ins are off (--no-builtins)` }
  const suggestion = closest(name, names)
  return suggestion === undefined ? { hint: knownNames('interfaces', names) } : { hint: suggestionText(suggestion), suggestion }
}

/** The names of the built-in interfaces, from the package's files (read only when a hint needs them). */
function builtinInterfaceNames(): string[] {
  try {
    return readdirSync(builtinDefinitionsDir)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.slice(0, -'.yaml'.length))
  } catch {
    return []
  }
}

/** "; the workspace has the integrations 'a' and 'b'" (or says it has none), after an unknown name with no near miss. */
export function knownNames(what: string, names: readonly string[]): string {
  return names.length > 0 ? `; the workspace has the ${what} ${listNames([...names].sort())}` : `; the workspace has no ${what}`
}

/**
 * The names of a kind in the workspace, those of definitions with errors included (they
 * exist, they are only broken), but not a claimed one that is no name at all
 * (`Triage_Plugin`): no reference can use it, so it is never suggested.
 */
export function namesOf(table: SymbolTable, kind: DefinitionKind): string[] {
  const names = new Set<string>()
  for (const key of [...table.byName.keys(), ...table.unversioned]) if (key.startsWith(`${kind}/`)) names.add(key.slice(kind.length + 1))
  return [...names].filter(isDefinitionName)
}

/**
 * Where a reference to a name that exists (`hasName`) leads: a definition; a version that
 * is broken, or may be (a file with errors claims the name and its version cannot be
 * read), which is not checked further; or no version at all.
 */
export type Resolution = { found: TableEntry } | { found: null; broken: true } | { found: null; broken: false; available: string[] }

const BROKEN: Resolution = { found: null, broken: true }

/**
 * Where a reference lands, given the version slot it picks (if any) and which versions it
 * would take (`wants`). With no slot, a file with errors whose name is none but would read
 * as this one (`Llm` for `llm`), claiming a version the reference would take (or one it
 * cannot read), is what it refers to: that file's own error explains the reference, even
 * when other versions of the name exist (the built-in `llm` 1.0.0 beside a broken `Llm` 2.3.0).
 */
function resolution(table: SymbolTable, kind: DefinitionKind, name: string, slot: VersionSlot | undefined, wants: (version: string) => boolean): Resolution {
  if (table.unversioned.has(`${kind}/${name}`) || (!table.byName.has(`${kind}/${name}`) && claimedInvalidly(table, kind, name))) return BROKEN
  if (slot) return slot.entry ? { found: slot.entry } : BROKEN
  if (table.invalidlyClaimedVersions.get(`${kind}/${name}`)?.some((claimed) => claimed === null || wants(claimed))) return BROKEN
  return { found: null, broken: false, available: versionsOf(table.byName.get(`${kind}/${name}`) ?? NO_SLOTS) }
}

const NO_SLOTS: readonly VersionSlot[] = []
const versionLists = new WeakMap<readonly VersionSlot[], string[]>()

/** The versions of a name, listed once per name (not once per reference that finds none of them). */
function versionsOf(slots: readonly VersionSlot[]): string[] {
  let versions = versionLists.get(slots)
  if (!versions) {
    versions = slots.map((s) => s.version)
    versionLists.set(slots, versions)
  }
  return versions
}

/** An exact version (the interface version an integration implements). */
export function resolveExact(table: SymbolTable, kind: DefinitionKind, name: string, version: string): Resolution {
  const slots = table.byName.get(`${kind}/${name}`) ?? []
  const readable = parseVersion(version) !== null
  const wants = (candidate: string): boolean => readable && compareVersions(candidate, version) === 0
  return resolution(table, kind, name, readable ? slotOf(slots, version) : undefined, wants)
}

/** The slot of `version` among slots in ascending order, by binary search (a name may have thousands of versions). */
function slotOf(slots: readonly VersionSlot[], version: string): VersionSlot | undefined {
  let low = 0
  let high = slots.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const slot = slots[middle] as VersionSlot
    const order = compareVersions(slot.version, version)
    if (order === 0) return slot
    if (order < 0) low = middle + 1
    else high = middle - 1
  }
  return undefined
}

/**
 * A range: the highest (bots) or lowest (plugins) release version that satisfies it; a
 * pre-release only when no release version qualifies (docs/definitions.md#versions-and-ranges). Broken versions take part
 * in the choice, so that a range that picks one is not bound to another version instead.
 */
export function resolveRange(table: SymbolTable, kind: DefinitionKind, name: string, range: string, which: 'highest' | 'lowest'): Resolution {
  // many references write the same range of the same name: each distinct one is resolved once per table
  let resolved = rangeResolutions.get(table)
  if (!resolved) {
    resolved = new Map()
    rangeResolutions.set(table, resolved)
  }
  const key = `${which} ${kind}/${name} ${range}`
  let found = resolved.get(key)
  if (!found) {
    found = resolveRangeOnce(table, kind, name, range, which)
    resolved.set(key, found)
  }
  return found
}

const rangeResolutions = new WeakMap<SymbolTable, Map<string, Resolution>>()

function resolveRangeOnce(table: SymbolTable, kind: DefinitionKind, name: string, range: string, which: 'highest' | 'lowest'): Resolution {
  const slots = table.byName.get(`${kind}/${name}`) ?? NO_SLOTS
  // by binary search in each interval of the range: distinct ranges times versions would be quadratic
  const slot =
    pickInRange(releasesOf(slots), slotVersion, range, { includePrerelease: false }, which) ??
    pickInRange(slots, slotVersion, range, { includePrerelease: true }, which)
  return resolution(table, kind, name, slot, (candidate) => satisfiesRange(candidate, range, { includePrerelease: true }))
}

const slotVersion = (slot: VersionSlot): string => slot.version
const releaseLists = new WeakMap<readonly VersionSlot[], VersionSlot[]>()

/** The release versions among a name's slots, still ascending, listed once per name. */
function releasesOf(slots: readonly VersionSlot[]): readonly VersionSlot[] {
  let releases = releaseLists.get(slots)
  if (!releases) {
    releases = slots.filter((s) => !isPrerelease(s.version))
    releaseLists.set(slots, releases)
  }
  return releases
}

/** "available versions: 1.0.0, 1.1.0", or that there are none, after a version that is not there. */
export function availableVersions(available: readonly string[]): string {
  if (available.length === 0) return 'the workspace has no version of it'
  // the highest ones, at most a screenful: a name may have thousands, and each reference that finds none says this
  if (available.length <= MAX_LISTED_VERSIONS) return `available versions: ${available.join(', ')}`
  const lower = available.length - MAX_LISTED_VERSIONS
  return `available versions: ${available.slice(lower).join(', ')} (and ${lower} lower)`
}

const MAX_LISTED_VERSIONS = 20
