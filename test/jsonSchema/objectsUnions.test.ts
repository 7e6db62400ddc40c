// The extension rules on objects and unions, asserted as a user sees them: the verdict, and
// each reason with where it points in S and in T. Written for the mutants a mutation run
// left alive (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import type { SideSpec } from './sides.js'
import { no, unsure, verdict } from './verdict.js'

const str: SchemaNode = { type: 'string' }
const int: SchemaNode = { type: 'integer' }
const obj = (properties: Record<string, SchemaNode>, extra: Partial<SchemaNode> = {}): SchemaNode => ({ type: 'object', properties, ...extra })
const entity = (name: string, schema: SchemaNode): SideSpec => ({ entities: { [name]: schema }, entity: name })

describe('objects: what an object admits beside its properties', () => {
  it('an additionalProperties schema without constraints is the same as none', () => {
    expect(verdict(obj({ a: str }, { required: ['a'] }), obj({ a: str }, { additionalProperties: { description: 'anything' } })).verdict).toBe('extends')
  })
  it('an additionalProperties schema that admits no value closes the object', () => {
    const never: SchemaNode = { type: 'string', minLength: 2, maxLength: 1 }
    expect(verdict(obj({ a: str }, { additionalProperties: never }), obj({ a: str }, { additionalProperties: false })).verdict).toBe('extends')
    expect(verdict(obj({ a: str, b: never }, { additionalProperties: false }), obj({ a: str }, { additionalProperties: false })).verdict).toBe('extends')
  })
  it('a closed T names what S admits beyond its properties', () => {
    expect(verdict(obj({ a: str }), obj({ a: str }, { additionalProperties: false }))).toEqual({
      verdict: 'does not',
      reasons: [
        no(':', ':/additionalProperties', 'T schema is closed (additionalProperties: false), so this object must be closed too, but it admits any properties'),
      ],
    })
    expect(verdict(obj({ a: str }, { additionalProperties: str }), obj({ a: str }, { additionalProperties: false }))).toEqual({
      verdict: 'does not',
      reasons: [
        no(
          ':/additionalProperties',
          ':/additionalProperties',
          'T schema is closed (additionalProperties: false), so this object must be closed too, but it admits other properties',
        ),
      ],
    })
  })
})

describe('objects: properties T declares and S does not', () => {
  it('a property T requires and S leaves out is reported once, not compared with S’s additionalProperties', () => {
    expect(verdict({ type: 'object', additionalProperties: int }, obj({ a: str }, { required: ['a'] }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/required/0', "property 'a' is required by T schema but missing here")],
    })
  })
  it('a property S requires without a schema may hold any value', () => {
    expect(verdict({ type: 'object', required: ['a'] }, obj({ a: str }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/properties/a', "property 'a' is required here but has no schema, so it may hold any value")],
    })
  })
  it('a closed S with a union beside it never carries a property only its branches declare', () => {
    const s: SchemaNode = { type: 'object', additionalProperties: false, anyOf: [{ properties: { a: str } }, { properties: { b: str } }] }
    expect(verdict(s, obj({ a: int })).verdict).toBe('extends')
  })
})

describe('objects: recursion through additionalProperties enters a value', () => {
  it("S's additionalProperties against T's property", () => {
    const s = entity('a', { type: 'object', additionalProperties: { $entity: 'a' } })
    expect(verdict(s, entity('b', obj({ p: { $entity: 'b' } }))).verdict).toBe('extends')
  })
  it("S's property and S's additionalProperties against T's additionalProperties", () => {
    const s = entity('a', obj({ x: { $entity: 'a' } }, { additionalProperties: { $entity: 'a' } }))
    expect(verdict(s, entity('b', { type: 'object', additionalProperties: { $entity: 'b' } })).verdict).toBe('extends')
  })
})

describe('unions', () => {
  it('a list of types is compared type by type with the branches', () => {
    expect(verdict({ type: ['string', 'null'], maxLength: 3 }, { anyOf: [str, { type: 'null' }] }).verdict).toBe('extends')
    expect(verdict({ type: ['string', 'integer'] }, { anyOf: [str, { type: 'null' }] })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/anyOf', 'integer does not extend string or null')],
    })
  })
  it('a branch that is an unknown entity is undecidable, beside the other branches’ failures', () => {
    expect(verdict({ type: 'object', anyOf: [{ $entity: 'nope' }, { properties: { a: str } }] }, obj({ a: str }, { required: ['a'] }))).toEqual({
      verdict: 'does not',
      reasons: [
        unsure(':/anyOf/0', ':', "entity 'nope' is not defined"),
        no(':/anyOf/1', ':/required/0', "property 'a' is required by T schema but optional here"),
      ],
    })
  })
  it('a oneOf no branch of which fits names every branch’s first failure', () => {
    expect(
      verdict(str, {
        oneOf: [
          { type: 'string', minLength: 2 },
          { type: 'string', maxLength: 1 },
        ],
      }),
    ).toEqual({
      verdict: 'does not',
      reasons: [
        no(
          ':',
          ':/oneOf',
          "this extends none of the branches of T schema's oneOf (branch 0: no minLength here, but T schema requires minLength 2; branch 1: no maxLength here, but T schema requires maxLength 1)",
        ),
      ],
    })
  })
  it('the only branch of the same type gives its own failures', () => {
    expect(verdict(str, { anyOf: [{ type: 'string', minLength: 2 }, int] })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/anyOf/0/minLength', 'no minLength here, but T schema requires minLength 2')],
    })
  })
  it('undecidable when a candidate branch fails only undecidably', () => {
    expect(
      verdict(
        { type: 'string', pattern: '^a' },
        {
          anyOf: [
            { type: 'string', pattern: '^b' },
            { type: 'string', maxLength: 1 },
          ],
        },
      ),
    ).toEqual({
      verdict: 'cannot tell',
      reasons: [
        unsure(
          ':',
          ':/anyOf',
          "cannot tell whether this extends a branch of T schema's anyOf (branch 0: cannot tell whether every string matching pattern '^a' also matches T schema's pattern '^b'; branch 1: no maxLength here, but T schema requires maxLength 1)",
        ),
      ],
    })
  })
  it('decided when every candidate branch has a decided failure', () => {
    expect(
      verdict(
        { type: 'string', pattern: '^a' },
        {
          anyOf: [
            { type: 'string', pattern: '^b', maxLength: 1 },
            { type: 'string', maxLength: 2 },
          ],
        },
      ),
    ).toEqual({
      verdict: 'does not',
      reasons: [
        no(
          ':',
          ':/anyOf',
          "this extends none of the branches of T schema's anyOf (branch 0: no maxLength here, but T schema requires maxLength 1; branch 1: no maxLength here, but T schema requires maxLength 2)",
        ),
      ],
    })
  })
})
