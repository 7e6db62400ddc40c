// Definition values as object literals: JSON text is printed as it is, yet a
// `__proto__` key in it stays an own property, wherever it is.
import { describe, expect, it } from 'vitest'
import { printValue } from '../../src/emit/printValue.js'
import { type ConstValue, JsonText } from '../../src/lower/plan.js'

function evaluate(value: ConstValue): unknown {
  return new Function(`return (${printValue(value)})`)() as unknown
}

/** JSON text with own `__proto__` keys (JSON.parse makes them own data properties). */
function text(json: string): JsonText {
  return new JsonText(JSON.stringify(JSON.parse(json)))
}

describe('printValue', () => {
  it('prints JSON text on one line inside the indented structure', () => {
    expect(printValue({ kind: 'x', schema: text('{"type": "object", "properties": {}}') })).toBe(
      '{\n  kind: "x",\n  schema: {"type":"object","properties":{}},\n}',
    )
  })

  it('keeps `__proto__` keys in JSON text own properties, and leaves `__proto__` strings alone', () => {
    const json = '{"__proto__": {"__proto__": 1}, "a": [{"__proto__": "__proto__"}, "__proto__", "{\\"__proto__\\": 2}"], "b": {"x": 1, "__proto__": {}}}'
    const value = evaluate({ schema: text(json) }) as { schema: Record<string, unknown> }
    expect(JSON.stringify(value.schema)).toBe(JSON.stringify(JSON.parse(json)))
    const objects: object[] = []
    const collect = (v: unknown): void => {
      if (v === null || typeof v !== 'object') return
      objects.push(v)
      for (const child of Object.values(v)) collect(child)
    }
    collect(value)
    for (const o of objects) expect([Object.prototype, Array.prototype]).toContain(Object.getPrototypeOf(o))
    expect(Object.hasOwn(value.schema, '__proto__')).toBe(true)
  })

  it('writes a `__proto__` key of the structure as a computed key', () => {
    const structure = JSON.parse('{"__proto__": "own"}') as ConstValue
    const value = evaluate(structure) as object
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('own')
  })
})
