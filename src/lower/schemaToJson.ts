// A definition schema lowered to a plain JSON Schema for the runtime: every `$entity`
// becomes `$ref: '#/definitions/<key>'`, and the entities it reaches are collected
// into the definitions section, each under one stable key.
import { entitySchema, type EntityScope, type Model, type QualifiedEntity } from '../resolve/model.js'
import { own } from '../schema/own.js'
import type { JsonValue, SchemaNode } from '../schema/types.js'

/** `openai@2.0.0:model`: one key per entity, unique across definitions. */
export function definitionsKey(model: Model, entity: QualifiedEntity): string {
  const owner = model.definitions.get(entity.owner)
  return owner ? `${owner.name}@${owner.version}:${entity.entity}` : `${entity.owner}:${entity.entity}`
}

function copy(value: unknown, scope: EntityScope, reached: (entity: QualifiedEntity) => string): JsonValue {
  if (Array.isArray(value)) return value.map((v) => copy(v, scope, reached))
  if (value === null || typeof value !== 'object') return value as JsonValue
  const node = value as SchemaNode
  if (typeof node.$entity === 'string') {
    const target = own(scope, node.$entity)
    const ref = target ? `#/definitions/${reached(target)}` : '#/definitions/unresolved'
    return Object.fromEntries([['$ref', ref], ...(['title', 'description'] as const).filter((k) => node[k] !== undefined).map((k) => [k, node[k] as string])])
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [
      key,
      key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? (child as JsonValue) : key === 'properties' ? copyProperties(child, scope, reached) : copy(child, scope, reached),
    ]),
  )
}

function copyProperties(properties: unknown, scope: EntityScope, reached: (entity: QualifiedEntity) => string): JsonValue {
  return Object.fromEntries(Object.entries(properties as Record<string, unknown>).map(([name, schema]) => [name, copy(schema, scope, reached)]))
}

/** Lowers schemas that share one definitions section. */
export class JsonSchemaLowering {
  private readonly definitions = new Map<string, JsonValue>()
  private readonly pending: { key: string; entity: QualifiedEntity }[] = []

  constructor(private readonly model: Model) {}

  private readonly reach = (entity: QualifiedEntity): string => {
    const key = definitionsKey(this.model, entity)
    if (!this.definitions.has(key) && !this.pending.some((p) => p.key === key)) this.pending.push({ key, entity })
    return key
  }

  lower(schema: SchemaNode, scope: EntityScope): JsonValue {
    return copy(schema, scope, this.reach)
  }

  /** Adds an entity (and what it reaches) to the section; returns its key. */
  include(entity: QualifiedEntity): string {
    return this.reach(entity)
  }

  /** The definitions section, with every entity reached so far, in a stable order. */
  section(): Record<string, JsonValue> {
    while (this.pending.length > 0) {
      const next = this.pending.shift()
      if (!next || this.definitions.has(next.key)) continue
      const lowered = lowerEntity(this.model, next.entity)
      for (const reached of lowered.reaches) this.reach(reached)
      this.definitions.set(next.key, lowered.value)
    }
    return Object.fromEntries([...this.definitions.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  }
}

interface LoweredEntity {
  value: JsonValue
  /** the entities its `$ref`s point at */
  reaches: QualifiedEntity[]
}

/**
 * An entity's JSON Schema depends only on the entity, so it is lowered once per model and
 * shared by every definitions section that reaches it (an integration entity appears in
 * the section of every bot plugin instance wired to it). The value is never mutated.
 */
const loweredEntities = new WeakMap<Model, Map<string, LoweredEntity>>()

function lowerEntity(model: Model, entity: QualifiedEntity): LoweredEntity {
  let cache = loweredEntities.get(model)
  if (!cache) {
    cache = new Map()
    loweredEntities.set(model, cache)
  }
  const key = `${entity.owner}#${entity.entity}`
  let lowered = cache.get(key)
  if (!lowered) {
    const reaches: QualifiedEntity[] = []
    const resolved = entitySchema(model, entity)
    const value = resolved
      ? copy(resolved.schema, resolved.scope, (target) => {
          reaches.push(target)
          return definitionsKey(model, target)
        })
      : {}
    lowered = { value, reaches }
    cache.set(key, lowered)
  }
  return lowered
}
