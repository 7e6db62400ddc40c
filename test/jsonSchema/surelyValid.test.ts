// surelyValid may say "valid" only when ajv, set up as the value validator is, says so
// too: checked on random schemas of the keywords it decides (and some it does not) and
// random values, many of them near the schemas' limits.
import { Ajv, type Options, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { surelyValid } from '../../src/jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../../src/jsonSchema/types.js'
import { createValueAjv } from '../../src/jsonSchema/valueAjv.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { type Rng, seededRandom } from '../support/seededRandom.js'

/**
 * Ajv as the value validator sets it up, without its logger: the random schemas use
 * `hostname` on purpose (a format definitions cannot name, so ajv ignores it and
 * surelyValid must leave it undecided), and ajv would print "unknown format ignored" for
 * every schema that has it.
 */
class SilentAjv extends Ajv {
  constructor(options: Options) {
    super({ ...options, logger: false })
  }
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T
}

const STRINGS = [
  '',
  'a',
  'ab',
  'abc',
  'hello world',
  'x@y.io',
  'not an email',
  'https://example.com/a',
  'mailto:',
  '2024-01-31',
  '2024-02-30',
  '2024-01-31T10:00:00Z',
  '00000000-0000-0000-0000-000000000000',
  'é',
  '😀',
  'A1',
  '__proto__',
]
const NUMBERS = [0, 1, -1, 2.5, 3, 10, 100, -0.5, 1e21]
const NAMES = ['a', 'b', 'c', 'toString', 'constructor']

function randomSchema(rng: Rng, depth: number): SchemaNode {
  const schema: Record<string, unknown> = {}
  const roll = rng()
  const type =
    roll < 0.25
      ? 'string'
      : roll < 0.4
        ? pick(rng, ['number', 'integer'])
        : roll < 0.5
          ? 'boolean'
          : roll < 0.55
            ? 'null'
            : roll < 0.75 && depth > 0
              ? 'object'
              : roll < 0.85 && depth > 0
                ? 'array'
                : undefined
  if (type !== undefined) schema.type = rng() < 0.15 ? [type, pick(rng, ['null', 'string', 'number'])] : type
  const maybe = (p: number, key: string, value: () => unknown): void => {
    if (rng() < p) schema[key] = value()
  }
  maybe(0.15, 'minLength', () => pick(rng, [0, 1, 2, 3]))
  maybe(0.15, 'maxLength', () => pick(rng, [0, 1, 2, 5]))
  maybe(0.1, 'pattern', () => pick(rng, ['^a', 'b$', '^[A-Z][0-9]$', '.', '\\p{L}']))
  maybe(0.15, 'format', () => pick(rng, ['email', 'uri', 'date', 'date-time', 'uuid', 'hostname']))
  maybe(0.15, 'minimum', () => pick(rng, [0, 1, 2.5]))
  maybe(0.15, 'maximum', () => pick(rng, [1, 3, 10]))
  maybe(0.1, 'exclusiveMinimum', () => pick(rng, [0, 1]))
  maybe(0.1, 'exclusiveMaximum', () => pick(rng, [3, 10]))
  maybe(0.1, 'enum', () => Array.from({ length: 1 + Math.floor(rng() * 3) }, () => randomValue(rng, 1)))
  maybe(0.05, 'const', () => randomValue(rng, 1))
  maybe(0.1, 'title', () => 'T')
  maybe(0.03, 'multipleOf', () => 2) // not decided: must answer false
  maybe(0.03, 'anyOf', () => [randomSchema(rng, 0), randomSchema(rng, 0)])
  if (depth > 0 && (type === 'object' || rng() < 0.2)) {
    const properties: Record<string, SchemaNode> = {}
    for (const name of NAMES) if (rng() < 0.4) properties[name] = randomSchema(rng, depth - 1)
    schema.properties = properties
    maybe(0.5, 'required', () => NAMES.filter(() => rng() < 0.3))
    maybe(0.5, 'additionalProperties', () => (rng() < 0.7 ? false : randomSchema(rng, depth - 1)))
  }
  if (depth > 0 && (type === 'array' || rng() < 0.1)) {
    schema.items = randomSchema(rng, depth - 1)
    maybe(0.3, 'minItems', () => pick(rng, [0, 1, 2]))
    maybe(0.3, 'maxItems', () => pick(rng, [1, 2]))
  }
  return schema as SchemaNode
}

function randomValue(rng: Rng, depth: number): JsonValue {
  const roll = rng()
  if (roll < 0.3) return pick(rng, STRINGS)
  if (roll < 0.5) return pick(rng, NUMBERS)
  if (roll < 0.6) return rng() < 0.5
  if (roll < 0.65) return null
  if (roll < 0.8 && depth > 0) return Array.from({ length: Math.floor(rng() * 3) }, () => randomValue(rng, depth - 1))
  if (depth > 0) {
    const value: Record<string, JsonValue> = {}
    for (const name of NAMES) if (rng() < 0.5) value[name] = randomValue(rng, depth - 1)
    return value
  }
  return pick(rng, STRINGS)
}

describe('surelyValid', () => {
  it('says valid only when ajv does, on random schemas and values', () => {
    const ajv = createValueAjv(SilentAjv, addFormats.default)
    const rng = seededRandom(20261122)
    // a fifth of the random schemas repeat an earlier one: compiled once
    const compiled = new Map<string, ValidateFunction>()
    let sure = 0
    let validByAjv = 0
    for (let i = 0, runs = propertyRuns(800); i < runs; i++) {
      const schema = randomSchema(rng, 2)
      const text = JSON.stringify(schema)
      const validate = compiled.get(text) ?? ajv.compile(schema)
      compiled.set(text, validate)
      for (let j = 0; j < 8; j++) {
        const value = randomValue(rng, 2)
        let valid: boolean
        try {
          valid = validate(value)
        } catch {
          continue // ajv's deep equality (fast-deep-equal) throws on an object whose toString is not a function
        }
        if (valid) validByAjv++
        if (surelyValid(schema, value)) {
          sure++
          expect(valid, `${JSON.stringify(schema)} ${JSON.stringify(value)}`).toBe(true)
        }
      }
    }
    // it decides most of what ajv accepts, or it would save nothing
    expect(sure).toBeGreaterThan(validByAjv * 0.6)
  })

  it('leaves undecided keywords, formats ajv is not given, and __proto__ keys to ajv', () => {
    expect(surelyValid({ type: 'number', multipleOf: 2 } as SchemaNode, 4)).toBe(false)
    expect(surelyValid({ type: 'string', format: 'hostname' } as unknown as SchemaNode, 'example.com')).toBe(false)
    expect(surelyValid({ type: 'object' }, JSON.parse('{"__proto__": 1}') as JsonValue)).toBe(false)
    expect(surelyValid({ type: 'string', minLength: 2 }, '😀')).toBe(false) // one character, as ajv counts
    expect(surelyValid({ type: 'string', maxLength: 1 }, '😀')).toBe(true)
    expect(surelyValid({ type: 'integer', minimum: 1, maximum: 3 }, 2)).toBe(true)
  })

  it('checks only the type of a secret, whose string constraints are checked at run time', () => {
    const schema: SchemaNode = { type: 'object', properties: { apiKey: { type: 'string', minLength: 1 }, port: { type: 'integer' } }, required: ['apiKey'] }
    expect(surelyValid(schema, { apiKey: '' }, new Set(['/apiKey']))).toBe(true)
    expect(surelyValid(schema, { apiKey: '' })).toBe(false)
    expect(surelyValid(schema, { apiKey: 'k', port: '' }, new Set(['/port']))).toBe(false)
  })
})
