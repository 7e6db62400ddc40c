// Matches the definitions of the two sides and enforces the bump.
//
// Definitions are matched by kind and name. Each version of the new side is compared
// with the same version on the old side when there is one (its content must then be
// unchanged), else with the highest lower version found on either side (the old
// side's copy where both have it), and the result says which. A new version lower
// than every old version of its name went down. An old version that no new version
// was compared with is reported as removed (informational: there is no version left
// to bump).
import semver from 'semver'
import { present } from '../jsonSchema/invariant.js'
import type { RawChange } from '../versioning/changes.js'
import { compareDefinitionVersions } from '../versioning/compareVersions.js'
import { covers } from '../versioning/levels.js'
import type { LoadedSide, SideDefinition } from './loadSide.js'
import type { DeclaredBump, DefinitionDiff, Level } from './types.js'

export interface DefinitionComparison {
  kind: DefinitionDiff['kind']
  name: string
  status: DefinitionDiff['status']
  old: SideDefinition | null
  new: SideDefinition | null
  changes: RawChange[]
  level: Level
  required: Level
  declared: DeclaredBump | null
  ok: boolean
  problem?: string
  notes: string[]
}

const KIND_ORDER = ['interface', 'integration', 'plugin', 'bot']

function byVersion(a: SideDefinition, b: SideDefinition): number {
  return semver.compare(a.version, b.version) || (a.side === b.side ? 0 : a.side === 'old' ? -1 : 1)
}

/** SemVer's 0.x rule, with the bumps of the version at hand (`0.2.0 -> 0.3.0`). */
export function zeroXNote(version: string): string {
  const parsed = semver.parse(version)
  const example = (bump: 'minor' | 'patch'): string =>
    parsed ? `${parsed.version} -> ${present(semver.inc(parsed.version, bump), 'a valid version has a next one')}` : bump
  return `below 1.0.0 the minor number is the breaking number: a breaking change needs a minor bump (${example('minor')}), an addition or a fix a patch bump (${example('patch')})`
}

function compareWith(
  base: SideDefinition,
  def: SideDefinition,
  how: 'same' | 'lower' | 'down',
  old: LoadedSide,
  neu: LoadedSide,
  notes: string[],
): DefinitionComparison {
  const sideModel = (d: SideDefinition) => (d.side === 'old' ? old.model : neu.model)
  const { changes, level, required } = compareDefinitionVersions(base, def, sideModel(base), sideModel(def))
  const result: DefinitionComparison = {
    kind: def.kind,
    name: def.name,
    status: changes.length === 0 ? 'unchanged' : 'changed',
    old: base,
    new: def,
    changes,
    level,
    required,
    declared: null,
    ok: true,
    notes,
  }
  if (required !== level) notes.push(zeroXNote(base.version))
  if (def.kind === 'bot' && !def.versioned) {
    if (changes.length > 0) notes.push('this bot has no version, so its changes are reported but no bump is enforced')
    return result
  }
  if (how === 'down') {
    result.declared = 'down'
    result.ok = false
    result.problem = `the version went down (${base.version} -> ${def.version})`
    return result
  }
  const verdict = covers(base.version, def.version, required)
  result.declared = verdict.declared
  if (verdict.ok) {
    if (verdict.note) notes.push(verdict.note)
  } else {
    result.ok = false
    result.problem = verdict.problem
  }
  return result
}

export function compareSides(old: LoadedSide, neu: LoadedSide): DefinitionComparison[] {
  const groups = new Map<string, { olds: SideDefinition[]; news: SideDefinition[] }>()
  for (const d of [...old.definitions, ...neu.definitions]) {
    const key = `${d.kind}/${d.name}`
    const group = groups.get(key) ?? { olds: [], news: [] }
    ;(d.side === 'old' ? group.olds : group.news).push(d)
    groups.set(key, group)
  }
  const results: DefinitionComparison[] = []
  for (const [key, { olds, news }] of groups) {
    // a file with errors on either side: its name is left out (the errors are reported)
    if (old.broken.has(key) || neu.broken.has(key)) continue
    olds.sort(byVersion)
    news.sort(byVersion)
    const several = olds.length > 1 || news.length > 1
    const used = new Set<SideDefinition>()
    for (const def of news) {
      const same = olds.find((o) => semver.eq(o.version, def.version))
      if (same) {
        used.add(same)
        results.push(compareWith(same, def, 'same', old, neu, several ? [`compared with ${same.version} of the old side (the same version)`] : []))
        continue
      }
      const lower = [...olds, ...news].filter((d) => semver.lt(d.version, def.version)).sort(byVersion)
      // the highest lower version; the old side's copy where both sides have it
      const highest = lower[lower.length - 1]
      const base = highest && (lower.find((d) => d.side === 'old' && semver.eq(d.version, highest.version)) ?? highest)
      if (base) {
        if (base.side === 'old') used.add(base)
        const notes = several || base.side === 'new' ? [`compared with ${base.version} of the ${base.side} side, the highest version below ${def.version}`] : []
        results.push(compareWith(base, def, 'lower', old, neu, notes))
        continue
      }
      const higher = olds.find((o) => semver.gt(o.version, def.version))
      if (higher) {
        used.add(higher)
        results.push(
          compareWith(higher, def, 'down', old, neu, [
            `no version below ${def.version} exists; compared with ${higher.version}, the lowest old version above it`,
          ]),
        )
        continue
      }
      // the same file on the old side could not be loaded: not known to be new
      if (old.brokenFiles.has(def.relativePath)) continue
      results.push({
        kind: def.kind,
        name: def.name,
        status: 'added',
        old: null,
        new: def,
        changes: [],
        level: 'none',
        required: 'none',
        declared: null,
        ok: true,
        notes: [],
      })
    }
    for (const o of olds) {
      if (used.has(o) || news.some((n) => semver.eq(n.version, o.version))) continue
      // its file on the new side could not be loaded: not known to be gone
      if (neu.brokenFiles.has(o.relativePath)) continue
      results.push({
        kind: o.kind,
        name: o.name,
        status: 'removed',
        old: o,
        new: null,
        changes: [],
        level: 'none',
        required: 'none',
        declared: null,
        ok: true,
        notes: [news.length === 0 ? `${o.kind} '${o.name}' is gone from the new side` : `version ${o.version} is gone from the new side`],
      })
    }
  }
  return results.sort((a, b) => {
    const ka = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)
    if (ka !== 0) return ka
    if (a.name !== b.name) return a.name < b.name ? -1 : 1
    const va = (a.new ?? a.old)?.version ?? '0.0.0'
    const vb = (b.new ?? b.old)?.version ?? '0.0.0'
    return semver.compare(va, vb)
  })
}
