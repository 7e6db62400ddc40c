// Semantic versions and ranges, parsed once per text: a workspace of 1,000 definitions
// compares the same few hundred versions and ranges thousands of times (sorting the
// symbol table, picking versions, checking wiring), and semver parses its arguments
// again on every call. Only semver's two classes are loaded, not its 47 modules.
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
