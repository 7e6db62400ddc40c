// The extension rules on numeric bounds, counted bounds, arrays and types, asserted as a
// user sees them: the verdict, and each reason with where it points in S and in T. Written
// for the mutants a mutation run left alive (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { admitsNoValue } from '../../src/jsonSchema/extension.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { no, unsure, verdict } from './verdict.js'

const num = (extra: Partial<SchemaNode>): SchemaNode => ({ type: 'number', ...extra })
const int = (extra: Partial<SchemaNode>): SchemaNode => ({ type: 'integer', ...extra })
const root = { entity: null, pointer: '' }
const none = (): undefined => undefined

describe('numeric bounds: minimum and exclusiveMinimum together', () => {
  it('the exclusive one counts when it is the higher', () => {
    expect(verdict(num({ minimum: 0, exclusiveMinimum: 1 }), num({ exclusiveMinimum: 0.5 })).verdict).toBe('extends')
    expect(verdict(num({ minimum: 0, exclusiveMinimum: 1 }), num({ minimum: 2 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/exclusiveMinimum', ':/minimum', "exclusiveMinimum 1 is looser than T schema's minimum 2")],
    })
  })
  it('the exclusive one counts at an equal value', () => {
    expect(verdict(num({ minimum: 0, exclusiveMinimum: 0 }), num({ exclusiveMinimum: 0 })).verdict).toBe('extends')
  })
  it("T's exclusive bound counts when it is the higher", () => {
    expect(verdict(num({ minimum: 0.5 }), num({ minimum: 0, exclusiveMinimum: 1 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/minimum', ':/exclusiveMinimum', "minimum 0.5 is looser than T schema's exclusiveMinimum 1")],
    })
  })
})

describe('numeric bounds: maximum and exclusiveMaximum together', () => {
  it('the exclusive one counts when it is the lower', () => {
    expect(verdict(num({ maximum: 10, exclusiveMaximum: 5 }), num({ maximum: 6 })).verdict).toBe('extends')
  })
  it('the inclusive one counts when it is the lower', () => {
    expect(verdict(num({ maximum: 3, exclusiveMaximum: 5 }), num({ maximum: 4 })).verdict).toBe('extends')
    expect(verdict(num({ maximum: 3, exclusiveMaximum: 5 }), num({ maximum: 2 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/maximum', ':/maximum', "maximum 3 is looser than T schema's maximum 2")],
    })
  })
  it('the exclusive one counts at an equal value', () => {
    expect(verdict(num({ maximum: 5, exclusiveMaximum: 5 }), num({ exclusiveMaximum: 5 })).verdict).toBe('extends')
  })
  it("T's exclusive bound counts when it is the lower", () => {
    expect(verdict(num({ maximum: 7 }), num({ maximum: 10, exclusiveMaximum: 6 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/maximum', ':/exclusiveMaximum', "maximum 7 is looser than T schema's exclusiveMaximum 6")],
    })
  })
})

describe('numeric bounds: upper bounds compared', () => {
  it('a missing maximum is named as an upper bound', () => {
    expect(verdict(num({ minimum: 0 }), num({ maximum: 10 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/maximum', 'no upper bound here, but T schema requires maximum 10')],
    })
    expect(verdict(int({}), int({ exclusiveMaximum: 3 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/exclusiveMaximum', 'no upper bound here, but T schema requires exclusiveMaximum 3')],
    })
  })
  it('an equal inclusive maximum is within, an exclusive one within an inclusive one', () => {
    expect(verdict(num({ minimum: 0, maximum: 5 }), num({ maximum: 5 })).verdict).toBe('extends')
    expect(verdict(num({ exclusiveMaximum: 5 }), num({ maximum: 5 })).verdict).toBe('extends')
  })
  it('for integers, a fractional maximum counts as the integer below it', () => {
    expect(verdict(int({ maximum: 5.5 }), num({ maximum: 5 })).verdict).toBe('extends')
    expect(verdict(int({ maximum: 5.5 }), num({ exclusiveMaximum: 5 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/maximum', ':/exclusiveMaximum', "maximum 5.5 is looser than T schema's exclusiveMaximum 5")],
    })
  })
  it('for numbers, it does not', () => {
    expect(verdict(num({ maximum: 4.6 }), num({ maximum: 4.5 }))).toEqual({
      verdict: 'does not',
      reasons: [no(':/maximum', ':/maximum', "maximum 4.6 is looser than T schema's maximum 4.5")],
    })
  })
})

describe('numeric bounds: ranges that hold one value, or none', () => {
  it('a range of one value admits it', () => {
    expect(admitsNoValue(int({ minimum: 5, maximum: 5 }), root, none)).toBeNull()
    expect(admitsNoValue(num({ minimum: 5, maximum: 5 }), root, none)).toBeNull()
    expect(verdict(num({ minimum: 5, maximum: 5 }), { type: 'string' })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':', 'number does not extend string')],
    })
  })
  it('an empty range at one value is described as leaving no value', () => {
    expect(admitsNoValue(num({ minimum: 5, exclusiveMaximum: 5 }), root, none)).toEqual({
      location: root,
      reason: 'minimum 5 and exclusiveMaximum 5 leave no value',
      cause: 'bounds',
    })
    expect(admitsNoValue(num({ exclusiveMinimum: 5, maximum: 5 }), root, none)?.reason).toBe('exclusiveMinimum 5 and maximum 5 leave no value')
    expect(admitsNoValue(num({ minimum: 6, maximum: 5 }), root, none)?.reason).toBe('minimum 6 is above maximum 5')
  })
})

describe("numeric ranges proven apart, for T's oneOf", () => {
  // S fits branch 0; it extends the oneOf only when it is proven to share no value with branch 1
  const oneOf = (...branches: SchemaNode[]): SchemaNode => ({ oneOf: branches })
  const apart = (s: SchemaNode, t: SchemaNode): void => expect(verdict(s, t)).toEqual({ verdict: 'extends', reasons: [] })
  it("S's upper bound against the branch's lower bound", () => {
    apart(num({ minimum: 0, maximum: 1 }), oneOf(num({ minimum: 0, maximum: 1 }), num({ minimum: 2 })))
  })
  it("S's lower bound against the branch's upper bound", () => {
    apart(num({ minimum: 5 }), oneOf(num({ minimum: 0 }), num({ maximum: 1 })))
    apart(num({ minimum: 3, maximum: 10 }), oneOf(num({ minimum: 0 }), num({ maximum: 2 })))
  })
  it('fractional bounds are compared as numbers, not integers', () => {
    apart(num({ minimum: 0.5, maximum: 0.7 }), oneOf(num({ minimum: 0, maximum: 1 }), num({ minimum: 1 })))
    apart(num({ minimum: 0.6, maximum: 0.8 }), oneOf(num({ minimum: 0, maximum: 1 }), num({ maximum: 0.5 })))
  })
  it('ranges that overlap are not apart', () => {
    expect(verdict(num({ minimum: 0, maximum: 1 }), oneOf(num({ minimum: 0, maximum: 1 }), num({ minimum: 0.5 })))).toEqual({
      verdict: 'cannot tell',
      reasons: [
        unsure(
          ':',
          ':/oneOf/1',
          "cannot tell whether values here, which fit branch 0 of T schema's oneOf, also match branch 1 (oneOf needs exactly one to match)",
        ),
      ],
    })
  })
})

describe('counted bounds', () => {
  it('a missing or looser count is named with its keyword', () => {
    expect(verdict({ type: 'string', minLength: 1 }, { type: 'string', maxLength: 3 })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/maxLength', 'no maxLength here, but T schema requires maxLength 3')],
    })
    expect(verdict({ type: 'array', minItems: 1 }, { type: 'array', minItems: 2 })).toEqual({
      verdict: 'does not',
      reasons: [no(':/minItems', ':/minItems', "minItems 1 is looser than T schema's minItems 2")],
    })
  })
  it('a minimum count of 0 asks nothing', () => {
    expect(verdict({ type: 'array', maxItems: 2 }, { type: 'array', minItems: 0 }).verdict).toBe('extends')
  })
})

describe('arrays', () => {
  it('items are compared only when T constrains them', () => {
    expect(verdict({ type: 'array', items: { type: 'string' }, minItems: 2 }, { type: 'array', minItems: 1 }).verdict).toBe('extends')
  })
  it('a missing items points at T’s items', () => {
    expect(verdict({ type: 'array', minItems: 1 }, { type: 'array', items: { type: 'string' } })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':/items', 'items may be any value here, but T schema constrains its items')],
    })
  })
  it('a list whose items are the list itself is compared by induction on its items', () => {
    const list = (extra: Partial<SchemaNode>): SchemaNode => ({ type: 'array', items: { $entity: 'list' }, ...extra })
    expect(verdict({ entities: { list: list({ maxItems: 3 }) }, entity: 'list' }, { entities: { list: list({}) }, entity: 'list' }).verdict).toBe('extends')
    expect(verdict({ entities: { list: list({}) }, entity: 'list' }, { entities: { list: list({ maxItems: 3 }) }, entity: 'list' })).toEqual({
      verdict: 'does not',
      reasons: [no('list:', 'list:/maxItems', 'no maxItems here, but T.list requires maxItems 3')],
    })
  })
})

describe('types', () => {
  it('S without a type extends a T without one when its other keywords do', () => {
    expect(verdict({ minimum: 1 }, { minimum: 0 }).verdict).toBe('extends')
  })
  it('the types outside T are listed, joined with "or"', () => {
    expect(verdict({ type: ['string', 'null', 'integer'] }, { type: 'integer' })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':', 'string or null does not extend integer')],
    })
  })
  it("T's keywords for types S does not have say nothing about S", () => {
    expect(verdict({ type: 'string' }, { type: ['string', 'number'], minimum: 3 }).verdict).toBe('extends')
    expect(verdict({ type: 'integer' }, { type: ['integer', 'string'], minLength: 2 }).verdict).toBe('extends')
    expect(verdict({ type: 'string' }, { type: ['string', 'array'], minItems: 1 }).verdict).toBe('extends')
    expect(verdict({ type: 'string' }, { type: ['string', 'object'], required: ['a'] }).verdict).toBe('extends')
  })
})
