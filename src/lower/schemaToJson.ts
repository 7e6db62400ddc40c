// A definition schema lowered to a plain JSON Schema for the runtime, as JSON text: every
// `$entity` becomes `$ref: '#/definitions/<key>'`, and the entities it reaches are
// collected into the definitions section, each under one stable key.
import { entitySchema, type EntityScope, type Model, type QualifiedEntity } from '../resolve/model.js'
import { own } from '../schema/own.js'
import type { SchemaNode } from '../schema/types.js'
import { JsonText } from './plan.js'

/** `openai@2.0.0:model`: one key per entity, unique across definitions. */
export function definitionsKey(model: Model, entity: QualifiedEntity): string {
  const owner = model.definitions.get(entity.owner)
  return owner ? `${owner.name}@${owner.version}:${entity.entity}` : `${entity.owner}:${entity.entity}`
}

type Reached = (entity: QualifiedEntity) => string

/** Keywords whose values are data, not schemas: an `$entity` key in them is not a reference. */
function isDataKeyword(key: string): boolean {
  return key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
}

/**
 * A copy of `record` that can take any key as an own property: without a prototype,
 * assigning `__proto__` (a property name users may choose) creates a key, it sets no prototype.
 */
function ownCopy(record: object): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, record)
}

/**
 * The schema with every `$entity` replaced by a `$ref` (keeping its title and
 * description). A subtree without `$entity` is returned as it is, not copied: the result
 * is only serialized, so sharing the model's objects is safe, and it spares allocating a
 * second tree for the 20 MB of schemas a large workspace emits.
 */
function withRefs(value: unknown, scope: EntityScope, reached: Reached): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const lowered = withRefs(value[i], scope, reached)
      if (lowered !== value[i]) (copy ??= value.slice())[i] = lowered
    }
    return copy ?? value
  }
  const node = value as SchemaNode & Record<string, unknown>
  if (typeof node.$entity === 'string') {
    const target = own(scope, node.$entity)
    const ref: Record<string, unknown> = { $ref: target ? `#/definitions/${reached(target)}` : '#/definitions/unresolved' }
    if (node.title !== undefined) ref.title = node.title
    if (node.description !== undefined) ref.description = node.description
    return ref
  }
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(node)) {
    if (isDataKeyword(key)) continue
    const child = node[key]
    const lowered = key === 'properties' ? propertiesWithRefs(child, scope, reached) : withRefs(child, scope, reached)
    if (lowered !== child) (copy ??= ownCopy(node))[key] = lowered
  }
  return copy ?? node
}

/** `properties` maps user names to schemas: the map itself is never a schema node. */
function propertiesWithRefs(properties: unknown, scope: EntityScope, reached: Reached): unknown {
  if (properties === null || typeof properties !== 'object') return properties
  const record = properties as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const name of Object.keys(record)) {
    const lowered = withRefs(record[name], scope, reached)
    if (lowered !== record[name]) (copy ??= ownCopy(record))[name] = lowered
  }
  return copy ?? record
}

function lowerToText(schema: unknown, scope: EntityScope, reached: Reached): JsonText {
  return new JsonText(JSON.stringify(withRefs(schema, scope, reached)))
}

/** Lowers schemas that share one definitions section. */
export class JsonSchemaLowering {
  private readonly definitions = new Map<string, JsonText>()
  private readonly pending: { key: string; entity: QualifiedEntity }[] = []

  constructor(private readonly model: Model) {}

  private readonly reach = (entity: QualifiedEntity): string => {
    const key = definitionsKey(this.model, entity)
    if (!this.definitions.has(key) && !this.pending.some((p) => p.key === key)) this.pending.push({ key, entity })
    return key
  }

  lower(schema: SchemaNode, scope: EntityScope): JsonText {
    return lowerToText(schema, scope, this.reach)
  }

  /** Adds an entity (and what it reaches) to the section; returns its key. */
  include(entity: QualifiedEntity): string {
    return this.reach(entity)
  }

  /** The definitions section, with every entity reached so far, in a stable order. */
  section(): Record<string, JsonText> {
    while (this.pending.length > 0) {
      const next = this.pending.shift()
      if (!next || this.definitions.has(next.key)) continue
      const lowered = lowerEntity(this.model, next.entity)
      for (const reached of lowered.reaches) this.reach(reached)
      this.definitions.set(next.key, lowered.text)
    }
    return Object.fromEntries([...this.definitions.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
  }
}

interface LoweredEntity {
  text: JsonText
  /** the entities its `$ref`s point at */
  reaches: QualifiedEntity[]
}

/**
 * An entity's JSON Schema depends only on the entity, so it is lowered and written out
 * once per model and shared by every definitions section that reaches it (an integration
 * entity appears in the section of every bot plugin instance wired to it).
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
    const text = resolved
      ? lowerToText(resolved.schema, resolved.scope, (target) => {
          reaches.push(target)
          return definitionsKey(model, target)
        })
      : new JsonText('{}')
    lowered = { text, reaches }
    cache.set(key, lowered)
  }
  return lowered
}
