// The words of version comparison: how much a change matters, and which bump a version
// change declares. Shared by `botwire diff` and the check of the versions a workspace holds.

/**
 * How much a change matters to the definitions and code that use a definition:
 * `major` breaks them, `minor` adds to what they may use, `patch` changes nothing they
 * rely on (titles, descriptions, attributes, `billable`, `cacheable`).
 */
export type ChangeLevel = 'major' | 'minor' | 'patch'

/** A change level, or `none` where nothing changed. */
export type Level = ChangeLevel | 'none'

/**
 * The part of the version that changed from the compared version to this one; `down`
 * when it went down; `prerelease` between pre-releases of one version.
 */
export type DeclaredBump = Level | 'down' | 'prerelease'

export type Side = 'old' | 'new'
