// The extension rules on strings (pattern, format), listed values (enum, const) and
// allOf, asserted as a user sees them: the verdict, and each reason with where it points
// in S and in T. Written for the mutants a mutation run left alive
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import type { SideSpec } from './sides.js'
import { no, unsure, verdict } from './verdict.js'

const str = (extra: Partial<SchemaNode> = {}): SchemaNode => ({ type: 'string', ...extra })
const obj = (properties: Record<string, SchemaNode>, required: string[] = []): SchemaNode => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
})

describe('strings: format', () => {
  it('a format S has and T does not ask for is fine', () => {
    expect(verdict(str({ format: 'email' }), str()).verdict).toBe('extends')
  })
  it('a different format points at both formats, with a string of the one that the other rejects', () => {
    expect(verdict(str({ format: 'uuid' }), str({ format: 'email' }))).toEqual({
      verdict: 'does not',
      reasons: [
        no(
          ':/format',
          ':/format',
          "strings such as '123e4567-e89b-12d3-a456-426614174000' are valid 'uuid' but not valid 'email' (T schema requires format 'email')",
        ),
      ],
    })
    expect(verdict(str({ format: 'date' }), str({ format: 'date-time' })).reasons).toEqual([
      no(':/format', ':/format', "strings such as '2024-01-31' are valid 'date' but not valid 'date-time' (T schema requires format 'date-time')"),
    ])
  })
  it('a different format whose example S itself rules out (by length or pattern) cannot be told', () => {
    for (const s of [str({ format: 'uuid', maxLength: 10 }), str({ format: 'uuid', pattern: '^urn:' })]) {
      expect(verdict(s, str({ format: 'email' }))).toEqual({
        verdict: 'cannot tell',
        reasons: [unsure(':/format', ':/format', "cannot tell whether every 'uuid' string is a valid 'email' (T schema requires format 'email')")],
      })
    }
  })
  it('every pair of formats botwire takes has a counterexample', () => {
    const formats = ['uri', 'email', 'date-time', 'date', 'uuid'] as const
    for (const s of formats)
      for (const t of formats) if (s !== t) expect(verdict(str({ format: s }), str({ format: t })).verdict, `${s} -> ${t}`).toBe('does not')
  })
  it("a format not kept points at T's format", () => {
    expect(verdict(str(), str({ format: 'email' }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/format', "T schema requires format 'email', which is not kept here")],
    })
  })
})

describe('strings: pattern', () => {
  it("T's pattern is read as a Unicode regular expression", () => {
    // with the `u` flag `\u{61}` is `a`: the first probe that fails is 'Z', not 'a'
    expect(verdict(str({ minLength: 1 }), str({ pattern: '^\\u{61}' }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/pattern', "strings such as 'Z' are allowed here but do not match T schema's pattern '^\\u{61}'")],
    })
  })
  it('the probes include the longest length S allows', () => {
    expect(verdict(str({ minLength: 1, maxLength: 1 }), str({ pattern: '^a' }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/pattern', "strings such as 'Z' are allowed here but do not match T schema's pattern '^a'")],
    })
  })
  it('a pattern that is not a valid regular expression cannot be compared', () => {
    expect(verdict(str(), str({ pattern: '(' }))).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':', ':/pattern', "cannot compare with T schema's pattern '(': it is not a valid regular expression")],
    })
  })
  it('S with a format is not probed with strings that may not be of that format', () => {
    expect(verdict(str({ format: 'email' }), str({ format: 'email', pattern: '^a' }))).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':', ':/pattern', "cannot tell whether every string allowed here matches T schema's pattern '^a' (no pattern here)")],
    })
  })
})

describe('listed values', () => {
  it("T's const is named, and pointed at", () => {
    expect(verdict(str(), { const: 'a' })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/const', "any string is allowed here, but T schema allows only 'a'")],
    })
  })
  it("T's enum is named, and pointed at", () => {
    expect(verdict(str(), { enum: ['a', 'b'] })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/enum', "any string is allowed here, but T schema allows only 'a', 'b'")],
    })
  })
  it('S without a type admits any value', () => {
    expect(verdict({ minLength: 1 }, { enum: ['a'] })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/enum', "any value is allowed here, but T schema allows only 'a'")],
    })
  })
  it('a value S lists but its own keywords reject is not compared', () => {
    expect(verdict(str({ enum: ['a', 1] }), str()).verdict).toBe('extends')
  })
  it('a value T cannot be said to admit is undecidable', () => {
    // as loaded from a file: SchemaNode's type lists only the formats botwire knows
    const unknownFormat = JSON.parse('{"type": "string", "format": "no-such-format"}') as SchemaNode
    expect(verdict({ const: 'x' }, unknownFormat)).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':/const', ':/format', "cannot tell whether 'x' is allowed by T schema: format 'no-such-format' is not known")],
    })
  })
})

describe('allOf', () => {
  it("T's keywords beside its allOf are compared too", () => {
    expect(verdict(str(), { type: 'integer', allOf: [{ minimum: 0 }] })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':', 'string does not extend integer')],
    })
  })
  it("a cycle through T's allOf branch that never enters a value cannot be compared", () => {
    const t: SideSpec = { entities: { a: { type: 'object', allOf: [{ $entity: 'a' }] } }, entity: 'a' }
    expect(verdict({ type: 'object' }, t)).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':', 'a:', 'the references here form a cycle that never enters a property or items, so it cannot be compared')],
    })
  })
  it("a cycle through the union beside T's allOf that never enters a value cannot be compared", () => {
    const t: SideSpec = { entities: { a: { allOf: [{ type: 'object' }], anyOf: [{ $entity: 'a' }, { type: 'string' }] } }, entity: 'a' }
    expect(verdict({ type: 'object' }, t)).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':', 'a:', 'the references here form a cycle that never enters a property or items, so it cannot be compared')],
    })
  })
  it("a cycle through S's allOf that never enters a value cannot be compared", () => {
    const s: SideSpec = { entities: { a: { allOf: [{ anyOf: [{ $entity: 'a' }, obj({}, ['x'])] }] } }, entity: 'a' }
    expect(verdict(s, obj({}, ['x']))).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure('a:', ':', 'the references here form a cycle that never enters a property or items, so it cannot be compared')],
    })
  })
  it('a union that leads back to the allOf holding it is undecidable, not a stack overflow', () => {
    // each turn merges the allOf anew, a view no pair repeats: the bound on nested comparisons ends it
    const s: SideSpec = { entities: { a: { allOf: [{ type: 'object' }], anyOf: [{ $entity: 'a' }, obj({}, ['x'])] } }, entity: 'a' }
    const reason = 'the comparison here nests more than 256 schemas deep (references that lead back into a union or an allOf), so it cannot be compared'
    expect(verdict(s, obj({}, ['x']))).toEqual({ verdict: 'cannot tell', reasons: [unsure('a:', ':', reason), unsure('a:/anyOf/1', ':', reason)] })
  })
  it('an allOf without an exact merge extends a union branch that is an allOf of the same parts, or looser ones', () => {
    const pattern = obj({ a: str({ pattern: '^x' }) }, ['a'])
    const s: SchemaNode = { allOf: [pattern, obj({ a: str({ minLength: 2 }) })] }
    const t: SchemaNode = { anyOf: [{ allOf: [pattern, obj({ a: str({ minLength: 1 }) })] }, { type: 'null' }] }
    expect(verdict(s, t)).toEqual({ verdict: 'extends', reasons: [] })
  })
})
