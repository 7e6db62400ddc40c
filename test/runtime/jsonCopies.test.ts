// copyJson (src/runtime/jsonCopies.ts): the in-memory state store's copies in and out are what
// a JSON round trip makes (docs/runtime.md#the-state-store: copies in and out), walked for
// plain values instead of written and parsed.

import { describe, expect, it } from 'vitest'
import { copyJson } from '../../src/runtime/jsonCopies.js'

const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

describe('copyJson', () => {
  it('gives what a JSON round trip gives, for plain values and for values JSON changes', () => {
    class WithToJson {
      toJSON() {
        return { written: true }
      }
    }
    const nullPrototype = Object.assign(Object.create(null) as object, { a: 1 })
    const values: unknown[] = [
      'text \u0000 \ud800',
      0,
      -0,
      1.5,
      true,
      null,
      { count: 5, lastTopic: 'bench', nested: { list: [1, 'two', null, false, { deep: [] }] } },
      { 2: 'b', 1: 'a', z: 'last', y: 'first' },
      nullPrototype,
      { left: undefined, kept: 1 },
      [undefined, () => 1, Number.NaN, Number.POSITIVE_INFINITY],
      { at: new Date(0), custom: new WithToJson() },
      { skipped: Symbol('s'), fn: () => 1 },
    ]
    for (const value of values) {
      const copy = copyJson(value)
      expect(copy).toStrictEqual(roundTrip(value))
      expect(JSON.stringify(copy)).toBe(JSON.stringify(value))
    }
    expect(Object.is(copyJson(-0), 0)).toBe(true)
    expect(Object.keys(copyJson({ 2: 'b', 1: 'a', z: 'last', y: 'first' }))).toEqual(['1', '2', 'z', 'y'])
  })

  it('keeps a __proto__ key an own key, and never sets the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "other": 1}') as { [key: string]: unknown }
    const copy = copyJson(value) as { [key: string]: unknown }
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'other'])
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true })
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('shares no object with the value it copies', () => {
    const value = { nested: { list: [{ n: 1 }] } }
    const copy = copyJson(value)
    copy.nested.list.push({ n: 2 })
    ;(copy.nested.list[0] as { n: number }).n = 9
    expect(value).toEqual({ nested: { list: [{ n: 1 }] } })
  })

  it('throws where the round trip throws: a cycle, a bigint', () => {
    const cyclic: { [key: string]: unknown } = {}
    cyclic['self'] = cyclic
    expect(() => copyJson(cyclic)).toThrow(TypeError)
    expect(() => copyJson({ big: 1n })).toThrow(TypeError)
  })
})
