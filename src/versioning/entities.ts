// How `$entity` names (and `$ref`s to `$defs` entries) are resolved when two versions of
// a definition are compared. A `$ref` is looked up in the definition's own `$defs`, and
// shared like an entity: each entry is compared on its own, by the entities' rules.
//
// Each side looks a name up where the definition's kind says (docs/definitions.md#schemas): an interface's
// or integration's own entities; in a plugin, `LOCAL.ENTITY` in the interface version
// that side's range resolves to (the lowest version on that side, built-ins included),
// with that entity's own references qualified by `LOCAL.`.
//
// One comparison then resolves a name found on both sides to ONE schema (the old
// side's): every entity is compared on its own, once, with the both-ways rule, so
// a schema that uses an entity is compared "modulo" that entity and a change inside
// the entity is not reported again at every use. A name found on one side only (a
// reference that now points elsewhere) resolves to that side's schema and is compared
// structurally. A name found on neither side (a plugin whose interface is not
// available) is opaque: equal to itself only.

import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference, isMessageReference, messageTypeOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { Model } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { messagePayloadSchema } from '../validate/messageSchemas.js'
import type { Place } from './changes.js'
import type { SideDefinition } from './sideDefinition.js'
import type { Side } from './types.js'

interface EntityHome {
  schema: SchemaNode
  file: SourceFile
  /** pointer to the entity's schema node in `file` */
  pointer: string
}

export type EntitySpace = (name: string) => EntityHome | undefined

const OPAQUE_PREFIX = 'botwire:opaque-entity:'

/** Rewrites `$entity: X` into `$entity: LOCAL.X` (an interface's entity seen from a plugin). */
function qualify(schema: SchemaNode, local: string): SchemaNode {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy)
    if (node === null || typeof node !== 'object') return node
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(node)) {
      if (key === '$entity' && typeof value === 'string') out[key] = `${local}.${value}`
      else if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') out[key] = value
      else if (key === 'properties' && value !== null && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, copy(child)]))
      } else out[key] = copy(value)
    }
    return out
  }
  return copy(schema) as SchemaNode
}

export function entitySpace(definition: SideDefinition, model: Model): EntitySpace {
  const entities = entitiesSpace(definition, model)
  const spec = definition.spec
  const defs = spec.kind === 'bot' ? undefined : spec.$defs
  return (name) => {
    if (isMessageReference(name)) {
      // the same payload on both sides, written in no file (`place` says so)
      const schema = messagePayloadSchema(messageTypeOf(name))
      return schema && { schema, file: definition.file, pointer: '' }
    }
    if (!isDefsReference(name)) return entities(name)
    const schema = own(defs, defsName(name))
    return schema && { schema, file: definition.file, pointer: formatPointer(['$defs', defsName(name)]) }
  }
}

function entitiesSpace(definition: SideDefinition, model: Model): EntitySpace {
  const spec = definition.spec
  if (spec.kind === 'interface' || spec.kind === 'integration') {
    const entities: Record<string, { schema: SchemaNode }> = spec.entities ?? {}
    return (name) => {
      const holder = own(entities, name)
      return holder && { schema: holder.schema, file: definition.file, pointer: formatPointer(['entities', name, 'schema']) }
    }
  }
  if (spec.kind === 'plugin' && definition.model?.kind === 'plugin') {
    const scope = definition.model.scope
    const cache = new Map<string, EntityHome | undefined>()
    return (name) => {
      if (cache.has(name)) return cache.get(name)
      const bound = own(scope, name)
      const owner = bound && model.definitions.get(bound.owner)
      let home: EntityHome | undefined
      if (bound && owner?.kind === 'interface') {
        const holder = own(owner.spec.entities, bound.entity)
        const local = name.slice(0, name.indexOf('.'))
        if (holder) home = { schema: qualify(holder.schema, local), file: owner.file, pointer: formatPointer(['entities', bound.entity, 'schema']) }
      }
      cache.set(name, home)
      return home
    }
  }
  return () => undefined
}

/**
 * The entities of one comparison: shared names resolve to the old side's schema.
 *
 * An opaque entity (found on neither side) is read one of two ways: as one value of its
 * own, which only that entity has (the default), or as admitting anything. Its values are
 * not known, so a verdict stands only when it is the same both ways (`compareSchemas`).
 */
export class SharedEntities {
  private readonly opaque = new Map<string, SchemaNode>()
  /** opaque names resolved since the last `takeOpaqueNames()` */
  private readonly opaqueUsed = new Set<string>()
  private opaqueAdmitsAnything = false

  constructor(
    private readonly old: EntitySpace,
    private readonly neu: EntitySpace,
  ) {}

  private find(name: string): { side: Side; home: EntityHome } | undefined {
    const fromOld = this.old(name)
    if (fromOld) return { side: 'old', home: fromOld }
    const fromNew = this.neu(name)
    return fromNew && { side: 'new', home: fromNew }
  }

  resolve(name: string): SchemaNode {
    const found = this.find(name)
    if (found) return found.home.schema
    this.opaqueUsed.add(name)
    if (this.opaqueAdmitsAnything) return {}
    let schema = this.opaque.get(name)
    if (!schema) {
      schema = { const: `${OPAQUE_PREFIX}${name}` }
      this.opaque.set(name, schema)
    }
    return schema
  }

  /** The opaque entities resolved since the last call, sorted. */
  takeOpaqueNames(): string[] {
    const names = [...this.opaqueUsed].sort()
    this.opaqueUsed.clear()
    return names
  }

  /** What `compare` answers with every opaque entity read as admitting anything. */
  withOpaqueAdmittingAnything<T>(compare: () => T): T {
    this.opaqueAdmitsAnything = true
    try {
      return compare()
    } finally {
      this.opaqueAdmitsAnything = false
    }
  }

  /**
   * Where a pointer into an entity's schema is, or undefined for an opaque entity or a
   * standard message payload: neither is written in a file, so a difference inside one is
   * shown where the schema compared is.
   */
  place(name: string, pointer: string): Place | undefined {
    if (isMessageReference(name)) return undefined
    const found = this.find(name)
    return found && { side: found.side, file: found.home.file, pointer: `${found.home.pointer}${pointer}` }
  }
}

/** Checker reasons name opaque entities by their sentinel value; say what they are. */
export function explainOpaque(text: string): string {
  const mismatch = /^'botwire:opaque-entity:([^']*)' is not allowed by .* \(not '?botwire:opaque-entity:([^']*)'?\)$/.exec(text)
  if (mismatch)
    return `entity '${present(mismatch[1], 'the pattern always matches a first name')}' is not entity '${present(mismatch[2], 'the pattern always matches a second name')}' (their interface is not available, so entities are compared by name)`
  return text.replace(/'botwire:opaque-entity:([^']*)'/g, (_, name: string) => `entity '${name}' (its interface is not available, so it is compared by name)`)
}
