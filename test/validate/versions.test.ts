// The cached version helpers must answer exactly as semver's functions do.
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { compareVersions, isPrerelease, isValidRange, parseVersion, satisfiesRange } from '../../src/validate/versions.js'

const VERSIONS = [
  '0.0.0',
  '0.0.3',
  '1.0.0',
  '1.0.1',
  '1.2.0',
  '1.10.0',
  '2.0.0-rc.1',
  '2.0.0',
  '2.0.0+build.5',
  '9.9.9',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  'not-a-version',
  '1.0',
  '',
]
const RANGES = [
  '^1.0.0',
  '~1.2.0',
  '>=1.0.0 <2.0.0',
  '*',
  '1.x',
  '2.0.0',
  '^2.0.0-rc.0',
  '>=0.0.1',
  '1.0.0 - 1.2.0',
  '^0.0.3',
  'nonsense',
  '>=',
  '',
  '^1.0.0 || ^2.0.0',
]

describe('version helpers', () => {
  it('compare, parse and tell pre-releases as semver does', () => {
    const valid = VERSIONS.filter((v) => semver.valid(v) !== null)
    for (const a of valid) {
      expect(isPrerelease(a), a).toBe(semver.prerelease(a) !== null)
      for (const b of valid) expect(compareVersions(a, b), `${a} ${b}`).toBe(semver.compare(a, b))
    }
    for (const v of VERSIONS) expect(parseVersion(v) !== null, v).toBe(semver.valid(v) !== null)
    expect(() => compareVersions('1.0', '1.0.0')).toThrow(TypeError)
  })

  it('check ranges as semver does, with and without pre-releases', () => {
    for (const range of RANGES) {
      expect(isValidRange(range), range).toBe(semver.validRange(range) !== null)
      for (const version of VERSIONS) {
        expect(satisfiesRange(version, range), `${version} ${range}`).toBe(semver.satisfies(version, range))
        expect(satisfiesRange(version, range, { includePrerelease: true }), `${version} ${range} +pre`).toBe(
          semver.satisfies(version, range, { includePrerelease: true }),
        )
      }
    }
  })
})
