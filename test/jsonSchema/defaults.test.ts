// fillDefaults (src/jsonSchema/defaults.ts): where defaults are filled in, and that the
// value given is never changed nor a default shared.
import { describe, expect, it } from 'vitest'
import { type DefaultsSchema, fillDefaults } from '../../src/jsonSchema/defaults.js'
import { cpuGrowth, expectNearLinear } from '../support/growth.js'

const schema: DefaultsSchema = {
  properties: {
    limit: { default: 25 },
    paging: { properties: { size: { default: 50 }, tags: { default: ['a'] } } },
    items: { items: { properties: { done: { default: false } } } },
    ref: { $ref: '#/definitions/node' },
  },
}
const definitions = { node: { properties: { kind: { default: 'leaf' }, child: { $ref: '#/definitions/node' } } } }

describe('fillDefaults', () => {
  it('fills missing and undefined properties, at any depth where the parent is present', () => {
    expect(fillDefaults({ limit: undefined, items: [{}, { done: true }] }, schema, definitions)).toEqual({
      limit: 25,
      items: [{ done: false }, { done: true }],
    })
    expect(fillDefaults({ paging: {} }, schema, definitions)).toEqual({ limit: 25, paging: { size: 50, tags: ['a'] } })
  })

  it('follows $ref into the definitions, recursively', () => {
    expect(fillDefaults({ ref: { child: { child: {} } } }, schema, definitions)).toEqual({
      limit: 25,
      ref: { kind: 'leaf', child: { kind: 'leaf', child: { kind: 'leaf' } } },
    })
  })

  it('leaves what is given, and the given object, as they are', () => {
    const given = { limit: 3, paging: { size: 1 } }
    const filled = fillDefaults(given, schema, definitions)
    expect(filled).toEqual({ limit: 3, paging: { size: 1, tags: ['a'] } })
    expect(given).toEqual({ limit: 3, paging: { size: 1 } })
    // nothing to fill: the same object back
    const complete = { limit: 1 }
    expect(fillDefaults(complete, { properties: { limit: { default: 2 } } })).toBe(complete)
  })

  it('gives every call its own copy of a default', () => {
    const a = fillDefaults({ paging: {} }, schema) as { paging: { tags: string[] } }
    a.paging.tags.push('changed')
    const b = fillDefaults({ paging: {} }, schema) as { paging: { tags: string[] } }
    expect(b.paging.tags).toEqual(['a'])
    expect(schema.properties?.paging?.properties?.tags?.default).toEqual(['a'])
  })

  it('fills the defaults of every allOf branch, through $ref, and items inside a branch', () => {
    const definitions = { paging: { properties: { size: { default: 25 } } } }
    const composed: DefaultsSchema = {
      properties: { q: {} },
      allOf: [{ $ref: '#/definitions/paging' }, { properties: { sort: { default: 'asc' }, tags: { items: { properties: { on: { default: true } } } } } }],
    }
    expect(fillDefaults({ q: 'x', tags: [{}] }, composed, definitions)).toEqual({ q: 'x', size: 25, sort: 'asc', tags: [{ on: true }] })
    expect(fillDefaults({ q: 'x', size: 5, sort: 'desc' }, composed, definitions)).toEqual({ q: 'x', size: 5, sort: 'desc' })
  })

  it('fills nothing inside union branches, nor into values that are not objects', () => {
    const union = { anyOf: [{ properties: { x: { default: 1 } } }] } as DefaultsSchema
    expect(fillDefaults({}, union)).toEqual({})
    expect(fillDefaults('text', schema)).toBe('text')
    expect(fillDefaults([1], schema)).toEqual([1])
  })

  it('keeps a property named __proto__ an own property', () => {
    const filled = fillDefaults({}, { properties: { ['__proto__']: { default: { a: 1 } } } }) as object
    expect(Object.hasOwn(filled, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype)
  })

  it('follows a $ref to a named schema ($defs), at the top, in items and from entry to entry', () => {
    // as lowered: `$ref: '#/$defs/NAME'` becomes a reference to the `definitions` section
    const defs = {
      'ticketing@1.0.0:$defs.filter': { properties: { status: { default: 'open' }, limit: { default: 25 } } },
      'ticketing@1.0.0:$defs.query': { properties: { filters: { items: { $ref: '#/definitions/ticketing@1.0.0:$defs.filter' } } } },
    }
    const input: DefaultsSchema = { $ref: '#/definitions/ticketing@1.0.0:$defs.query' }
    expect(fillDefaults({ filters: [{}, { limit: 3 }] }, input, defs)).toEqual({
      filters: [
        { status: 'open', limit: 25 },
        { status: 'open', limit: 3 },
      ],
    })
    // a $ref that names no definition fills nothing
    expect(fillDefaults({}, { $ref: '#/definitions/ticketing@1.0.0:$defs.missing' }, defs)).toEqual({})
  })
})

describe('fillDefaults over many allOf branches (docs/security.md#what-botwire-guarantees)', () => {
  /** `n` branches, each with a default of its own property, and one branch on an object the caller gave. */
  const branches = (n: number): DefaultsSchema => ({
    properties: { given: { properties: { x: { default: 1 } } } },
    allOf: Array.from({ length: n }, (_, i) => ({ properties: { [`p${i}`]: { default: i }, given: { properties: { [`q${i}`]: { default: i } } } } })),
  })

  it('fills each branch on the value so far, the caller objects untouched', () => {
    const given = { given: { y: 2 } }
    const filled = fillDefaults(given, branches(3)) as Record<string, unknown>
    expect(filled).toEqual({ given: { y: 2, x: 1, q0: 0, q1: 1, q2: 2 }, p0: 0, p1: 1, p2: 2 })
    expect(given).toEqual({ given: { y: 2 } })
  })

  it('takes time linear in the branches (each branch copied the object filled so far)', async () => {
    const growth = await cpuGrowth((n) => {
      const schema = branches(n)
      return () => fillDefaults({ given: { y: 2 } }, schema)
    }, 2000)
    expectNearLinear(growth)
  })
})
