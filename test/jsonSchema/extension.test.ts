// Table-driven tests of the entity extension check (docs/entity-extension.md#the-rules): each row is a
// pair S/T, whether S extends T, and for failures where in S and why.
import { describe, expect, it } from 'vitest'
import { admitsNoValue, checkExtension } from '../../src/jsonSchema/extension.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { int, obj, type Row, str } from './extensionCases.js'
import { allOfRows } from './extensionRowsAllOf.js'
import { objectRows } from './extensionRowsObjects.js'
import { scalarRows } from './extensionRowsScalars.js'
import { makeSide } from './sides.js'

const rows: Row[] = [...scalarRows, ...objectRows, ...allOfRows]

describe('checkExtension', () => {
  it('has a table of at least 60 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(60)
  })

  it.each(rows)('$name', (row) => {
    const subject = makeSide(row.s, 'S')
    const target = makeSide(row.t, 'T')
    const result = checkExtension(subject, target)
    const failures = result.extends ? [] : result.failures
    const shown = JSON.stringify(failures, null, 2)
    expect(result.extends, shown).toBe(row.extends)
    if (row.extends) return
    const expected = row.failures ?? []
    expect(failures.length, shown).toBe(expected.length)
    for (const want of expected) {
      const entity = want.entity === undefined ? subject.entity : want.entity
      const match = failures.find(
        (f) =>
          f.subject.pointer === want.at &&
          f.subject.entity === entity &&
          f.reason.includes(want.reason) &&
          (want.undecidable === undefined || f.undecidable === want.undecidable) &&
          (want.target === undefined || f.target.pointer === want.target),
      )
      expect(match, `expected ${JSON.stringify(want)} among ${shown}`).toBeDefined()
    }
  })
})

describe('admitsNoValue', () => {
  const none = (): undefined => undefined
  it('is null for a schema that admits something', () => {
    expect(admitsNoValue(obj({ a: str }, ['a']), { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('points at the deepest node and keeps the given location', () => {
    const result = admitsNoValue(obj({ a: { type: 'string', minLength: 3, maxLength: 1 } }, ['a']), { entity: 'e', pointer: '/schema' }, none)
    expect(result).toEqual({ location: { entity: 'e', pointer: '/schema/properties/a' }, reason: 'minLength 3 is above maxLength 1', cause: 'bounds' })
  })
  it('treats unknown entities as admitting values (reported elsewhere)', () => {
    expect(admitsNoValue(obj({ a: { $entity: 'x' } }, ['a']), { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('finds that allOf branches of different types admit nothing together', () => {
    const result = admitsNoValue({ allOf: [str, int] }, { entity: null, pointer: '' }, none)
    expect(result).toMatchObject({ location: { pointer: '/allOf' }, cause: 'allOf' })
  })
  it('finds that a property required by one allOf branch and not declared by a closed one admits nothing', () => {
    const closed = obj({ a: str }, [], { additionalProperties: false })
    expect(admitsNoValue({ allOf: [closed, { type: 'object', required: ['b'] }] }, { entity: null, pointer: '' }, none)?.cause).toBe('allOf')
    expect(admitsNoValue({ allOf: [closed, { type: 'object', required: ['a'] }] }, { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('finds that a property two allOf branches declare with types that never meet admits nothing, and says where', () => {
    const closed = obj({ id: str }, [], { additionalProperties: false })
    const result = admitsNoValue({ allOf: [closed, obj({ id: int }, ['id'])] }, { entity: null, pointer: '' }, none)
    expect(result).toMatchObject({ location: { pointer: '/allOf' }, cause: 'allOf' })
    expect(result?.reason).toBe(
      'together the branches leave nothing at /allOf/0/properties/id: branch 1 admits only integer, but what stands before it admits only string',
    )
    // optional there, the property may be left out: something is admitted
    expect(admitsNoValue({ allOf: [closed, obj({ id: int }, [])] }, { entity: null, pointer: '' }, none)).toBeNull()
  })
  it('follows entity branches of an allOf', () => {
    const entities: Record<string, SchemaNode> = { n: { type: 'integer', minimum: 5 } }
    const result = admitsNoValue({ allOf: [{ $entity: 'n' }, { type: 'integer', maximum: 3 }] }, { entity: null, pointer: '' }, (name) => entities[name])
    expect(result?.reason).toContain('minimum 5 is above maximum 3')
  })
  it('finds that a union of empty branches admits nothing', () => {
    const result = admitsNoValue({ type: 'string', anyOf: [int, { type: 'boolean' }] }, { entity: null, pointer: '' }, none)
    expect(result?.location.pointer).toBe('/anyOf')
  })
})
