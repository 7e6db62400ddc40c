// Change levels and version arithmetic: which bump a set of changes needs, which bump
// two versions show, and how versions below 1.0.0 shift both (SemVer's 0.x rule).
import semver from 'semver'
import type { DeclaredBump, Level } from './types.js'

const RANK: Record<Level, number> = { none: 0, patch: 1, minor: 2, major: 3 }

export function rank(level: Level): number {
  return RANK[level]
}

export function maxLevel(levels: Iterable<Level>): Level {
  let highest: Level = 'none'
  for (const level of levels) if (RANK[level] > RANK[highest]) highest = level
  return highest
}

/** True below 1.0.0, where the minor number is the breaking number. */
export function isInitialDevelopment(version: string): boolean {
  return semver.major(version) === 0
}

/**
 * The bump a change level needs from `base`, in `base`'s numbering: from 1.0.0 on the
 * same level; below 1.0.0 a breaking change needs a minor bump (0.3.0 -> 0.4.0) and an
 * addition or a fix a patch bump (0.3.0 -> 0.3.1).
 */
export function requiredBump(level: Level, base: string): Level {
  if (!isInitialDevelopment(base)) return level
  if (level === 'major') return 'minor'
  if (level === 'minor') return 'patch'
  return level
}

/**
 * The bump from `from` to `to` as the versions show it: `down` when `to` is lower,
 * `none` when equal (build metadata ignored). A pre-release counts as the bump it
 * leads to (1.2.0 -> 2.0.0-rc.1 is major); between pre-releases of one version it is
 * `prerelease` (semver.diff's word).
 */
export function declaredBump(from: string, to: string): DeclaredBump {
  if (semver.eq(from, to)) return 'none'
  if (semver.lt(to, from)) return 'down'
  const diff = semver.diff(from, to)
  switch (diff) {
    case 'major':
    case 'premajor':
      return 'major'
    case 'minor':
    case 'preminor':
      return 'minor'
    case 'patch':
    case 'prepatch':
      return 'patch'
    case 'prerelease':
      return 'prerelease'
    default:
      return 'none'
  }
}

/**
 * Whether going from `from` to `to` may carry changes of the given required bump.
 * A pre-release promises nothing (SemVer §9): from a pre-release to another
 * pre-release or to the release of the same major.minor.patch, any change is allowed.
 */
export function covers(
  from: string,
  to: string,
  required: Level,
): { ok: true; declared: DeclaredBump; note?: string } | { ok: false; declared: DeclaredBump; problem: string } {
  const bump = declaredBump(from, to)
  if (bump === 'down') return { ok: false, declared: 'down', problem: `the version went down (${from} -> ${to})` }
  if (bump === 'prerelease' || (semver.prerelease(from) !== null && sameRelease(from, to))) {
    if (required === 'none') return { ok: true, declared: bump }
    return { ok: true, declared: bump, note: `${from} is a pre-release, which promises no compatibility: any change is allowed up to its release` }
  }
  if (bump === 'none') {
    if (required === 'none') return { ok: true, declared: 'none' }
    return { ok: false, declared: 'none', problem: `the content changed but the version did not (${to})` }
  }
  if (RANK[bump] >= RANK[required]) return { ok: true, declared: bump }
  return {
    ok: false,
    declared: bump,
    problem: `a ${required} bump is needed (at least ${minimalVersion(from, required)}), but ${from} -> ${to} is a ${bump} bump`,
  }
}

function sameRelease(a: string, b: string): boolean {
  return semver.major(a) === semver.major(b) && semver.minor(a) === semver.minor(b) && semver.patch(a) === semver.patch(b)
}

/** The lowest version after `from` that makes the given bump. */
export function minimalVersion(from: string, bump: Level): string {
  if (bump === 'none') return from
  // from a pre-release, semver.inc('1.0.0-rc.1', 'major') gives 1.0.0 only when it is x.0.0; use the release part
  const release = `${semver.major(from)}.${semver.minor(from)}.${semver.patch(from)}`
  return semver.inc(release, bump) ?? release
}

/**
 * What moving a dependency from interface version `from` to `to` means to those who
 * use it: `major` for a lower version or another breaking number (the major, or the
 * minor below 1.0.0), `minor` for a higher minor (or patch below 1.0.0, which may add),
 * `patch` for a higher patch.
 */
export function interfaceVersionChange(from: string, to: string): Level {
  if (semver.eq(from, to)) return semver.compareBuild(from, to) === 0 ? 'none' : 'patch'
  if (semver.lt(to, from)) return 'major'
  if (semver.major(from) !== semver.major(to)) return 'major'
  if (isInitialDevelopment(from)) {
    if (semver.minor(from) !== semver.minor(to)) return 'major'
    return 'minor'
  }
  if (semver.minor(from) !== semver.minor(to)) return 'minor'
  if (semver.patch(from) !== semver.patch(to)) return 'patch'
  return 'patch' // pre-release parts only
}

export type RangeRelation = 'same' | 'wider' | 'narrower' | 'other'

/** How the set of versions `to` accepts relates to the set `from` accepts. */
export function rangeRelation(from: string, to: string): RangeRelation {
  if (semver.validRange(from) === null || semver.validRange(to) === null) return from === to ? 'same' : 'other'
  const toWithin = semver.subset(to, from)
  const fromWithin = semver.subset(from, to)
  if (toWithin && fromWithin) return 'same'
  if (fromWithin) return 'wider'
  if (toWithin) return 'narrower'
  return 'other'
}
