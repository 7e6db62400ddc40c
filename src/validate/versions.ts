// Semantic versions and ranges, parsed once per text: a workspace of 1,000 definitions
// compares the same few hundred versions and ranges thousands of times (sorting the
// symbol table, picking versions, checking wiring), and semver parses its arguments
// again on every call. Only semver's three classes are loaded, not its 47 modules.
import type Comparator from 'semver/classes/comparator.js'
import Range from 'semver/classes/range.js'
import SemVer from 'semver/classes/semver.js'

const versions = new Map<string, SemVer | null>()
const ranges = new Map<string, Range | null>()
const prereleaseRanges = new Map<string, Range | null>()

/** The parsed version, or null for a text that is not a semantic version. */
export function parseVersion(version: string): SemVer | null {
  let parsed = versions.get(version)
  if (parsed === undefined) {
    try {
      parsed = new SemVer(version)
    } catch {
      parsed = null
    }
    versions.set(version, parsed)
  }
  return parsed
}

function parsedOrThrow(version: string): SemVer {
  const parsed = parseVersion(version)
  if (!parsed) throw new TypeError(`Invalid Version: ${version}`)
  return parsed
}

/** major.minor.patch with optional pre-release and build parts, as a definition writes it (semver also reads `v1.0.0`). */
const EXACT_VERSION =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/

/** Whether a text is a version a definition may give (the meta-schemas' pattern) and semver can read. */
export function isExactVersion(version: string): boolean {
  return EXACT_VERSION.test(version) && parseVersion(version) !== null
}

/** semver.compare: -1, 0 or 1; build metadata does not count. Throws on an invalid version. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  return parsedOrThrow(a).compare(parsedOrThrow(b))
}

/**
 * What makes two valid versions the same to `compareVersions` (build metadata left out:
 * `1.0.0+a` is `1.0.0`), as a text to key a map by; a text that is not a version is itself.
 */
export function versionIdentity(version: string): string {
  return parseVersion(version)?.version ?? version
}

/** semver.prerelease(...) !== null: whether a valid version has a pre-release part. */
export function isPrerelease(version: string): boolean {
  return (parseVersion(version)?.prerelease.length ?? 0) > 0
}

function rangeOf(range: string, includePrerelease: boolean): Range | null {
  const cache = includePrerelease ? prereleaseRanges : ranges
  let parsed = cache.get(range)
  if (parsed === undefined) {
    try {
      parsed = new Range(range, { includePrerelease })
    } catch {
      parsed = null
    }
    cache.set(range, parsed)
  }
  return parsed
}

/** semver.validRange(range) !== null. */
export function isValidRange(range: string): boolean {
  return rangeOf(range, false) !== null
}

/** semver.satisfies: false for an invalid version or range. */
export function satisfiesRange(version: string, range: string, options: { includePrerelease?: boolean } = {}): boolean {
  const parsed = parseVersion(version)
  const wanted = rangeOf(range, options.includePrerelease === true)
  return parsed !== null && (wanted?.test(parsed) ?? false)
}

/**
 * One `||` alternative of a range, as the two sides of the interval of versions it admits:
 * the versions its upper bounds admit are a prefix of the versions in ascending order, those
 * its lower bounds admit a suffix.
 */
interface VersionInterval {
  withinUpper(version: string): boolean
  withinLower(version: string): boolean
}

/**
 * A range as intervals (null when it is invalid), so that the highest or lowest version it
 * admits is found by binary search among sorted versions, not by testing each. Exactly what
 * semver tests for a release version, and for any version with `includePrerelease`: a test
 * of every comparator of one alternative (semver's extra rule for a pre-release version
 * without `includePrerelease` is not in it).
 */
function rangeIntervals(range: string, includePrerelease: boolean): VersionInterval[] | null {
  const parsed = rangeOf(range, includePrerelease)
  if (!parsed) return null
  return parsed.set.map((comparators) => {
    // semver's `*` comparator (value '') admits every version
    const bounded = comparators.filter((c) => c.value !== '')
    // an exact comparator (`=1.2.3`, operator '') is a bound on both sides: at most it, at least it
    const upper = bounded.filter((c) => c.operator === '' || c.operator.startsWith('<'))
    const lower = bounded.filter((c) => c.operator === '' || c.operator.startsWith('>'))
    const admits = (bounds: readonly Comparator[], side: 1 | -1, version: string): boolean => {
      const semver = parseVersion(version)
      return semver !== null && bounds.every((c) => (c.operator === '' ? semver.compare(c.semver) !== side : c.test(semver)))
    }
    return { withinUpper: (version) => admits(upper, 1, version), withinLower: (version) => admits(lower, -1, version) }
  })
}

/**
 * The highest or lowest of `sorted` (ascending versions, `versionOf` each) that `range`
 * admits, by binary search in each of its intervals: what testing each would find, with
 * semver's `satisfies` for a release version, or any version with `includePrerelease`.
 */
export function pickInRange<T>(
  sorted: readonly T[],
  versionOf: (item: T) => string,
  range: string,
  options: { includePrerelease: boolean },
  which: 'highest' | 'lowest',
): T | undefined {
  let best: T | undefined
  for (const interval of rangeIntervals(range, options.includePrerelease) ?? []) {
    const found = which === 'highest' ? highestIn(sorted, versionOf, interval) : lowestIn(sorted, versionOf, interval)
    if (found === undefined) continue
    if (best === undefined || compareVersions(versionOf(found), versionOf(best)) === (which === 'highest' ? 1 : -1)) best = found
  }
  return best
}

function highestIn<T>(sorted: readonly T[], versionOf: (item: T) => string, interval: VersionInterval): T | undefined {
  const candidate = sorted[prefixLength(sorted, (item) => interval.withinUpper(versionOf(item))) - 1]
  return candidate !== undefined && interval.withinLower(versionOf(candidate)) ? candidate : undefined
}

function lowestIn<T>(sorted: readonly T[], versionOf: (item: T) => string, interval: VersionInterval): T | undefined {
  const candidate = sorted[prefixLength(sorted, (item) => !interval.withinLower(versionOf(item)))]
  return candidate !== undefined && interval.withinUpper(versionOf(candidate)) ? candidate : undefined
}

/** How many of the first items `holds` is true of, for a `holds` true of a prefix of them. */
function prefixLength<T>(sorted: readonly T[], holds: (item: T) => boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (holds(sorted[middle] as T)) low = middle + 1
    else high = middle
  }
  return low
}
