// BW4012 names every reference of a cycle: the one that closes it, and the others as related places.
import { describe, expect, it } from 'vitest'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { invalidFixtureOptions } from '../support/invalidFixtures.js'

function cycleRecords(fixture: string) {
  return checkWorkspace(invalidFixtureOptions(fixture))
    .diagnostics.filter((d) => d.code === 'BW4012')
    .map(toRecord)
}

describe('entity reference cycles', () => {
  it('point at the reference that closes the cycle, with every other reference of it related', () => {
    const [record, ...more] = cycleRecords('BW4012-entity-reference-cycle')
    expect(more).toEqual([])
    expect(record).toMatchObject({ file: 'knowledge-base.yaml', line: 19, column: 22, path: '/entities/articleLink/schema/anyOf/0/$entity' })
    expect(record?.related).toMatchObject([{ message: "'articleRef' references 'articleLink' here", file: 'knowledge-base.yaml', line: 15, column: 16 }])
  })

  it('say that an entity is its own schema, with nothing related', () => {
    const [record, ...more] = cycleRecords('BW4012-entity-references-itself')
    expect(more).toEqual([])
    expect(record).toMatchObject({ line: 9, column: 22, related: [] })
    expect(record?.message).toMatch(/^entity 'label' is its own schema/)
  })
})
