// What one extension check does around the rules: a subject that admits no value, references
// that cannot be followed, many comparisons in one run, and the order of the reasons. Written
// for the mutants a mutation run left alive (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { no, unsure, verdict } from './verdict.js'

describe('an extension check', () => {
  it('answers "does not" for a subject that admits no value, saying why', () => {
    expect(verdict({ type: 'integer', minimum: 5, maximum: 3 }, { type: 'string' })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':', 'admits no value: minimum 5 is above maximum 3')],
    })
  })
  it('answers "does not" for a T that is an unknown entity, pointing at T\'s reference', () => {
    expect(verdict({ type: 'string' }, { $entity: 'nope' })).toEqual({
      verdict: 'does not',
      reasons: [no(':', ':', "entity 'nope' is not defined")],
    })
  })
  it('cannot tell for a T whose references lead to each other without end', () => {
    const t = { entities: { a: { $entity: 'b' }, b: { $entity: 'a' } }, entity: 'a' }
    expect(verdict({ type: 'string' }, t)).toEqual({
      verdict: 'cannot tell',
      reasons: [unsure(':', 'a:', 'the references here form a cycle that never ends')],
    })
  })
  it('compares more pairs in one run than may be nested at once', () => {
    const names = Array.from({ length: 300 }, (_, i) => `p${i}`)
    const s: SchemaNode = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1 }])) }
    const t: SchemaNode = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])) }
    expect(verdict(s, t)).toEqual({ verdict: 'extends', reasons: [] })
  })
  it('gives the reasons in the order of their places, not of the comparisons', () => {
    const s: SchemaNode = { type: 'object', properties: { b: { type: 'integer' }, a: { type: 'integer' } } }
    const t: SchemaNode = { type: 'object', properties: { b: { type: 'string' }, a: { type: 'string' } } }
    expect(verdict(s, t)).toEqual({
      verdict: 'does not',
      reasons: [
        no(':/properties/a', ':/properties/a', 'integer does not extend string'),
        no(':/properties/b', ':/properties/b', 'integer does not extend string'),
      ],
    })
  })
})

describe('a check with unions and allOfs nested in each other', () => {
  /** three branches at each level, each an allOf of the level below and a keyword: the pairs to compare multiply */
  const nested = (depth: number, leaf: SchemaNode): SchemaNode =>
    depth === 0
      ? leaf
      : {
          anyOf: [
            { allOf: [nested(depth - 1, leaf), { minLength: depth }] },
            { allOf: [nested(depth - 1, leaf), { maxLength: depth + 10 }] },
            { allOf: [nested(depth - 1, leaf), { pattern: `^${depth}` }] },
          ],
        }

  it('stops at its budget of comparisons and cannot tell, rather than running for minutes', () => {
    const result = verdict(nested(6, { type: 'string' }), nested(6, { type: 'integer' }))
    expect(result.verdict).not.toBe('extends')
    expect(result.reasons.filter((r) => r.undecidable).map((r) => r.reason)).toContain(
      'comparing these takes more than 100000 steps (unions and allOfs nested in each other), so it cannot be compared',
    )
  })

  it('answers in full below it', () => {
    const result = verdict(nested(2, { type: 'string' }), nested(2, { type: 'integer' }))
    expect(result.verdict).toBe('does not')
    expect(result.reasons.map((r) => r.reason)).toContain('string does not extend integer')
    expect(result.reasons.filter((r) => r.reason.includes('steps'))).toEqual([])
  })
})
