// BW4012 names every reference of a cycle: the one that closes it, and the others as related places.
import { describe, expect, it } from 'vitest'
import { checkFixture, expectReported } from '../support/checkHarness.js'

const cycles = (fixture: string) => checkFixture(fixture).diagnostics.filter((d) => d.code === 'BW4012')

describe('entity reference cycles', () => {
  it('point at the reference that closes the cycle, with every other reference of it related', () => {
    expectReported(cycles('BW4012-entity-reference-cycle')).toMatchObject([
      {
        file: 'knowledge-base.yaml',
        line: 19,
        column: 22,
        path: '/entities/articleLink/schema/anyOf/0/$entity',
        related: ["knowledge-base.yaml:15:16 'articleRef' references 'articleLink' here"],
      },
    ])
  })

  it('say that an entity is its own schema, with nothing related', () => {
    expectReported(cycles('BW4012-entity-references-itself')).toMatchObject([
      { line: 9, column: 22, related: [], message: expect.stringMatching(/^entity 'label' is its own schema/) },
    ])
  })
})
