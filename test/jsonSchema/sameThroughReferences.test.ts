// A schema the same as T only through its references: the rules alone cannot decide an
// overlapping `oneOf` (a value may fit two branches), so the answer rests on the shortcut
// that follows the references of both sides and finds them the same
// (src/jsonSchema/sameSchema.ts). Written for the mutants a mutation run left alive
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { verdict } from './verdict.js'

// an object with `a`, one with `b`: `{}` fits both, so `oneOf` of the two is not `anyOf`
const ENTITIES: Record<string, SchemaNode> = {
  withA: { type: 'object', properties: { a: { type: 'string' } } },
  withB: { type: 'object', properties: { b: { type: 'string' } } },
  either: { oneOf: [{ $entity: 'withA' }, { $entity: 'withB' }] },
}

describe('a oneOf of entities that overlap', () => {
  it('written the same on both sides, through references, extends', () => {
    expect(verdict({ entities: ENTITIES, entity: 'either' }, { entities: ENTITIES, entity: 'either' })).toEqual({ verdict: 'extends', reasons: [] })
  })
})
