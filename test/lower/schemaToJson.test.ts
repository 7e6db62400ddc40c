// The JSON Schemas of `definition` constants: lowering writes each schema's text once as a
// template with a hole per `$entity` and fills the holes per module. Its text must equal
// `JSON.stringify` of the plainly lowered schema (every `$entity` node replaced by a
// `$ref`), whatever the scope, and property names such as `default` or `$entity` must be
// read as names, never as keywords.
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { JsonSchemaLowering, referencesEntities } from '../../src/lower/schemaToJson.js'
import type { EntityScope, Model, QualifiedEntity } from '../../src/resolve/model.js'
import { type Rng, seededRandom } from '../support/seededRandom.js'

/** With no definitions in the model, an entity's key is `owner:entity`. */
const model = { definitions: new Map() } as unknown as Model

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples'])

/** An own property whatever the key, `__proto__` included, as the loaders make them. */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * The plain reading of the lowering: what the template text must equal. A branch of a
 * union also declares each property it requires and does not declare, with its
 * `additionalProperties` schema (`{}` without one), for ajv's strict mode.
 */
function expectedLowering(value: unknown, scope: EntityScope, isBranch = false): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => expectedLowering(item, scope))
  const node = value as Record<string, unknown>
  if (isBranch && typeof node.$entity !== 'string' && Array.isArray(node.required)) {
    const declared = (node.properties ?? {}) as Record<string, unknown>
    const missing = (node.required as string[]).filter((name) => !Object.hasOwn(declared, name))
    if (missing.length > 0) {
      const extra = node.additionalProperties === undefined || node.additionalProperties === true ? {} : node.additionalProperties
      const properties: Record<string, unknown> = {}
      for (const name of Object.keys(declared)) put(properties, name, declared[name])
      for (const name of missing) if (!Object.hasOwn(properties, name)) put(properties, name, extra)
      const withDeclarations: Record<string, unknown> = {}
      for (const key of Object.keys(node)) put(withDeclarations, key, node[key])
      put(withDeclarations, 'properties', properties)
      return expectedLowering(withDeclarations, scope)
    }
  }
  if (typeof node.$entity === 'string') {
    const target = Object.hasOwn(scope, node.$entity) ? scope[node.$entity] : undefined
    const ref: Record<string, unknown> = { $ref: target ? `#/definitions/${target.owner}:${target.entity}` : '#/definitions/unresolved' }
    if (node.title !== undefined) ref.title = node.title
    if (node.description !== undefined) ref.description = node.description
    return ref
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(node)) {
    const child = node[key]
    if (DATA_KEYWORDS.has(key)) put(out, key, child)
    else if (key === 'properties' && child !== null && typeof child === 'object') {
      const properties: Record<string, unknown> = {}
      for (const name of Object.keys(child)) put(properties, name, expectedLowering((child as Record<string, unknown>)[name], scope))
      put(out, key, properties)
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(child))
      put(
        out,
        key,
        child.map((branch) => expectedLowering(branch, scope, true)),
      )
    else put(out, key, expectedLowering(child, scope))
  }
  return out
}

const NAMES = ['a', 'default', 'enum', 'const', '$entity', '__proto__', 'properties', 'items', 'title', 'x y', '0', '10']
const ENTITIES = ['ticket', 'user', 'local.item', 'missing']

function pick<T>(random: Rng, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

/** Data that looks like schemas: an `$entity` key in it is data, not a reference. */
function randomData(random: Rng, depth: number): unknown {
  const roll = random()
  if (depth <= 0 || roll < 0.4) return pick(random, ['s', 1, true, null, '"quoted"', '__proto__'])
  if (roll < 0.6) return [randomData(random, depth - 1), randomData(random, depth - 1)]
  const record: Record<string, unknown> = {}
  put(record, pick(random, NAMES), randomData(random, depth - 1))
  if (random() < 0.5) put(record, '$entity', pick(random, ENTITIES))
  return record
}

function randomSchema(random: Rng, depth: number): Record<string, unknown> {
  if (depth <= 0 || random() < 0.25) {
    const reference: Record<string, unknown> = { $entity: pick(random, ENTITIES) }
    if (random() < 0.4) reference.title = pick(random, ['T', 'with "quotes"', '*/'])
    if (random() < 0.4) reference.description = 'D'
    return random() < 0.5 ? reference : { type: pick(random, ['string', 'number']) }
  }
  const node: Record<string, unknown> = { type: 'object' }
  if (random() < 0.8) {
    const properties: Record<string, unknown> = {}
    const count = 1 + Math.floor(random() * 4)
    for (let i = 0; i < count; i++) put(properties, pick(random, NAMES), randomSchema(random, depth - 1))
    node.properties = properties
  }
  if (random() < 0.3) node.items = randomSchema(random, depth - 1)
  if (random() < 0.3) node.anyOf = [randomSchema(random, depth - 1), randomSchema(random, depth - 1)]
  if (random() < 0.3) node.additionalProperties = random() < 0.5 ? false : randomSchema(random, depth - 1)
  if (random() < 0.4) put(node, pick(random, [...DATA_KEYWORDS]), randomData(random, 2))
  if (random() < 0.2) node.required = ['a', 'default']
  return node
}

function scopeOf(owner: string): EntityScope {
  const entity = (name: string): QualifiedEntity => ({ owner: owner as QualifiedEntity['owner'], entity: name.replace('.', '_') })
  return { ticket: entity('ticket'), user: entity('user'), 'local.item': entity('local.item') }
}

describe('schema lowering to JSON text', () => {
  it('equals JSON.stringify of the plainly lowered schema, for random schemas, in every scope', () => {
    const random = seededRandom(20261122)
    const scopes = [scopeOf('integration:a@1.0.0'), scopeOf('integration:b@2.0.0'), {}]
    for (let i = 0; i < 1500; i++) {
      const schema = randomSchema(random, 4)
      for (const scope of scopes) {
        const lowered = new JsonSchemaLowering(model).lower(schema as SchemaNode, scope)
        const expected = JSON.stringify(expectedLowering(schema, scope))
        expect(lowered.text, JSON.stringify(schema)).toBe(expected)
        if (!lowered.mayHaveProtoKey) expect(lowered.text).not.toMatch(/[{,]"__proto__":/)
      }
    }
  })

  it('reads names in `properties` as names: a property named `default` can hold a reference', () => {
    const scope = scopeOf('interface:i@1.0.0')
    const schema = { type: 'object', properties: { default: { $entity: 'ticket' }, enum: { type: 'string' } } }
    expect(referencesEntities(schema)).toBe(true)
    expect(JSON.parse(new JsonSchemaLowering(model).lower(schema as SchemaNode, scope).text)).toEqual({
      type: 'object',
      properties: { default: { $ref: '#/definitions/interface:i@1.0.0:ticket' }, enum: { type: 'string' } },
    })
    const keyword = { type: 'object', default: { $entity: 'ticket' } }
    expect(referencesEntities(keyword)).toBe(false)
    expect(new JsonSchemaLowering(model).lower(keyword as SchemaNode, scope).text).toBe(JSON.stringify(keyword))
  })

  it('declares in each union branch the properties it requires from beside it ("at least one of"), as ajv strict mode wants', () => {
    const scope = scopeOf('interface:i@1.0.0')
    const schema = {
      type: 'object',
      properties: { email: { type: 'string' }, phone: { type: 'string' }, owner: { $entity: 'user' } },
      anyOf: [{ type: 'object', required: ['email'] }, { required: ['phone'] }, { required: ['owner'], additionalProperties: { $entity: 'user' } }],
    }
    expect(JSON.parse(new JsonSchemaLowering(model).lower(schema as SchemaNode, scope).text)).toEqual({
      type: 'object',
      properties: { email: { type: 'string' }, phone: { type: 'string' }, owner: { $ref: '#/definitions/interface:i@1.0.0:user' } },
      anyOf: [
        { type: 'object', required: ['email'], properties: { email: {} } },
        { required: ['phone'], properties: { phone: {} } },
        // the branch applied its additionalProperties to 'owner': declared with it, nothing changes
        {
          required: ['owner'],
          additionalProperties: { $ref: '#/definitions/interface:i@1.0.0:user' },
          properties: { owner: { $ref: '#/definitions/interface:i@1.0.0:user' } },
        },
      ],
    })
    // the schema as written is left alone
    expect(schema.anyOf[0]).toEqual({ type: 'object', required: ['email'] })
  })

  it('marks text with a `__proto__` key, which the emitter must write as a computed key', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"$entity":"ticket"}}}') as SchemaNode
    const lowered = new JsonSchemaLowering(model).lower(schema, scopeOf('integration:a@1.0.0'))
    expect(lowered.mayHaveProtoKey).toBe(true)
    expect(lowered.text).toBe('{"type":"object","properties":{"__proto__":{"$ref":"#/definitions/integration:a@1.0.0:ticket"}}}')
  })
})
