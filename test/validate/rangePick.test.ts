// The version a range picks (docs/definitions.md#versions-and-ranges), found by binary
// search in each interval of the range (so that many distinct ranges of a name with many
// versions cost their sum, not their product: docs/security.md), must be the one testing
// every version finds.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareVersions, isPrerelease, pickInRange, satisfiesRange } from '../../src/validate/versions.js'

const version = fc
  .tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.option(fc.constantFrom('alpha', 'beta.1', 'rc.2', '0'), { nil: undefined }))
  .map(([major, minor, patch, pre]) => `${major}.${minor}.${patch}${pre === undefined ? '' : `-${pre}`}`)

const comparator = fc.tuple(fc.constantFrom('', '=', '>', '>=', '<', '<=', '^', '~'), version).map(([operator, v]) => `${operator}${v}`)
const alternative = fc.oneof(
  fc.array(comparator, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' ')),
  fc.tuple(version, version).map(([a, b]) => `${a} - ${b}`),
  fc.constantFrom('*', '1.x', '2', '>=1.1', '<3.0', 'x'),
)
const range = fc.array(alternative, { minLength: 1, maxLength: 3 }).map((alternatives) => alternatives.join(' || '))

/** What resolution picked before (src/resolve/symbolTable.ts): every version tested. */
function pickedByTesting(sorted: readonly string[], wanted: string, which: 'highest' | 'lowest'): string | undefined {
  const pick = (candidates: string[]) => (which === 'highest' ? candidates.at(-1) : candidates[0])
  const releases = sorted.filter((v) => !isPrerelease(v) && satisfiesRange(v, wanted))
  return releases.length > 0 ? pick(releases) : pick(sorted.filter((v) => satisfiesRange(v, wanted, { includePrerelease: true })))
}

describe('the version a range picks', () => {
  it('is the one testing every version finds, the highest and the lowest, pre-releases only when no release fits', () => {
    fc.assert(
      fc.property(fc.uniqueArray(version, { maxLength: 30 }), range, fc.constantFrom('highest' as const, 'lowest' as const), (versions, wanted, which) => {
        const sorted = [...versions].sort(compareVersions)
        const same = (v: string) => v
        const picked =
          pickInRange(
            sorted.filter((v) => !isPrerelease(v)),
            same,
            wanted,
            { includePrerelease: false },
            which,
          ) ?? pickInRange(sorted, same, wanted, { includePrerelease: true }, which)
        expect(picked).toBe(pickedByTesting(sorted, wanted, which))
      }),
      { numRuns: 3000 },
    )
  })
})
