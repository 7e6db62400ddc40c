// What one extension check does around the rules: a subject that admits no value, references
// that cannot be followed, many comparisons in one run, and the order of the reasons. Written
// for the mutants a mutation run left alive (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { checkExtension, ExtensionChecker } from '../../src/jsonSchema/extension.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { makeSide } from './sides.js'
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

describe('a check of entities reached along many paths', () => {
  /** `e0` holds `e1` twice, `e1` holds `e2` twice...: 2^depth paths to the last; each entity may also hold itself */
  const chain = (depth: number, leaf: SchemaNode, self: boolean): Record<string, SchemaNode> =>
    Object.fromEntries(
      Array.from({ length: depth + 1 }, (_, i) => [
        `e${i}`,
        i === depth
          ? leaf
          : { type: 'object', properties: { a: { $entity: `e${i + 1}` }, b: { $entity: `e${i + 1}` }, ...(self ? { again: { $entity: `e${i}` } } : {}) } },
      ]),
    )

  // compared once per pair of entities, not once per path: 2^18 paths is past the budget of comparisons
  it('compares each pair of entities once, and answers', () => {
    for (const self of [false, true]) {
      const s = { entities: chain(18, { type: 'string', minLength: 1 }, self), entity: 'e0' }
      const t = { entities: chain(18, { type: 'string' }, self), entity: 'e0' }
      expect(verdict(s, t)).toEqual({ verdict: 'extends', reasons: [] })
    }
  })
})

describe('a checker shared by several checks', () => {
  /** `e0` holds `e1` in a property, `e1` holds `e2`...: comparing `e0` nests one comparison per entity */
  const deep = (leaf: SchemaNode): Record<string, SchemaNode> =>
    Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`e${i}`, i === 300 ? leaf : { type: 'object', properties: { next: { $entity: `e${i + 1}` } } }]))
  const S = deep({ type: 'string', minLength: 1 })
  const T = deep({ type: 'string' })
  const sides = (entity: string): [ReturnType<typeof makeSide>, ReturnType<typeof makeSide>] => [
    makeSide({ entities: S, entity }, 'S'),
    makeSide({ entities: T, entity }, 'T'),
  ]

  // the first check cannot tell past 256 nested comparisons, which its pair at e250 meets
  // 6 below; checked on its own, that pair is 50 deep: the failure must not be kept for it
  it('answers a pair as a fresh check would, after a check that could not tell at that pair', () => {
    const shared = new ExtensionChecker(...sides('e0'))
    const first = shared.check(...sides('e0'))
    expect(first.extends ? [] : first.failures.map((f) => f.reason)).toEqual([
      'the comparison here nests more than 256 schemas deep (references that lead back into a union or an allOf), so it cannot be compared',
    ])
    expect(checkExtension(...sides('e250'))).toEqual({ extends: true })
    expect(shared.check(...sides('e250'))).toEqual({ extends: true })
  })

  // a -> b -> c -> a: comparing a, the pair c extends while a is assumed to; a then fails
  // (its x), so neither c nor b may keep "extends" for a later check
  it('answers a pair as a fresh check would, after a check in which it leaned on a pair that failed', () => {
    const cycle = (x: SchemaNode): Record<string, SchemaNode> => ({
      a: { type: 'object', properties: { b: { $entity: 'b' }, x } },
      b: { type: 'object', properties: { c: { $entity: 'c' } } },
      c: { type: 'object', properties: { a: { $entity: 'a' } } },
    })
    const S = cycle({ type: 'integer' })
    const T = cycle({ type: 'string' })
    const pair = (entity: string): [ReturnType<typeof makeSide>, ReturnType<typeof makeSide>] => [
      makeSide({ entities: S, entity }, 'S'),
      makeSide({ entities: T, entity }, 'T'),
    ]
    const shared = new ExtensionChecker(...pair('a'))
    expect(shared.check(...pair('a')).extends).toBe(false)
    for (const entity of ['b', 'c']) {
      const fresh = checkExtension(...pair(entity))
      expect(fresh.extends).toBe(false)
      expect(shared.check(...pair(entity))).toEqual(fresh)
    }
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
