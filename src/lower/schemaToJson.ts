// A definition schema lowered to a plain JSON Schema for the runtime, as JSON text: every
// reference (`$entity`, and `$ref` to a `$defs` entry) becomes `$ref: '#/definitions/<key>'`,
// and the entities and named schemas it reaches are collected into the definitions
// section, each under one stable key.

import { annotationsOf, isAnnotationKey } from '../jsonSchema/annotations.js'
import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { defsName, defsReference, isDefsReference, messageTypeOf, referenceOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { bindReference, type DefinitionKey, type EntityScope, entitySchema, MESSAGES_OWNER, type Model, type QualifiedEntity } from '../resolve/model.js'
import { openExtendedMessage } from './extendedMessages.js'
import { schemaWithHolderAnnotations } from './holderAnnotations.js'
import { JsonText } from './plan.js'

/**
 * `openai@2.0.0:model`: one key per entity, unique across definitions; a `$defs` entry's
 * is `openai@2.0.0:$defs.ticket` (an entity name has no `$`).
 */
export function definitionsKey(model: Model, entity: QualifiedEntity): string {
  if (entity.owner === MESSAGES_OWNER) return `${MESSAGES_OWNER}:${messageTypeOf(entity.entity)}`
  const owner = model.definitions.get(entity.owner)
  const name = isDefsReference(entity.entity) ? `$defs.${defsName(entity.entity)}` : entity.entity
  return owner ? `${owner.name}@${owner.version}:${name}` : `${entity.owner}:${name}`
}

type Reached = (entity: QualifiedEntity) => string

/** Where an entity reference that did not resolve points (BW3003 reports it; nothing is generated then). */
export const UNRESOLVED_DEFINITION = 'unresolved'

/** Keywords whose values are data, not schemas (annotations too): an `$entity` key in them is not a reference. */
function isDataKeyword(key: string): boolean {
  return key === 'const' || key === 'enum' || key === 'default' || key === 'examples' || isAnnotationKey(key)
}

/**
 * A schema's JSON text with a hole at each `$entity`: `parts[0] ref(0) parts[1] ...`.
 * The text around the references depends only on the schema, so it is written once per
 * schema object and shared by every module that lowers it (an interface's action schemas
 * are lowered again by each integration that implements the interface and each plugin
 * that uses it, with different entities in the holes).
 */
interface JsonTemplate {
  parts: string[]
  /** the `$entity` nodes, one per hole */
  references: SchemaNode[]
  /** whether an object in the text has a `__proto__` key */
  protoKey: boolean
}

const templates = new WeakMap<object, JsonTemplate>()

/**
 * Writes `value` as `JSON.stringify` would, except that a schema node with an `$entity`
 * closes the current part and becomes a hole. Subtrees without `$entity` go to
 * `JSON.stringify` whole.
 */
class TemplateWriter {
  readonly parts: string[] = []
  readonly references: SchemaNode[] = []
  private current = ''
  private protoKey = false

  schema(value: unknown): void {
    if (value === null || typeof value !== 'object' || !hasReferences(value)) {
      this.data(value)
      return
    }
    if (Array.isArray(value)) {
      this.current += '['
      for (let i = 0; i < value.length; i++) {
        if (i > 0) this.current += ','
        this.schema(value[i])
      }
      this.current += ']'
      return
    }
    const node = value as SchemaNode & Record<string, unknown>
    if (typeof referenceOf(node) === 'string') {
      this.parts.push(this.current)
      this.current = ''
      this.references.push(node)
      return
    }
    this.object(node, (key, child) => (key === 'properties' ? this.properties(child) : isDataKeyword(key) ? this.data(child) : this.schema(child)))
  }

  /** `properties` maps user names to schemas: the map itself is never a schema node. */
  private properties(value: unknown): void {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) this.data(value)
    else this.object(value as Record<string, unknown>, (_key, child) => this.schema(child))
  }

  private data(value: unknown): void {
    const text = JSON.stringify(value) ?? 'null'
    if (text.includes('"__proto__"')) this.protoKey = true
    this.current += text
  }

  /** Keys in `JSON.stringify`'s order (`Object.keys`), skipping those it skips. */
  private object(record: Record<string, unknown>, write: (key: string, child: unknown) => void): void {
    this.current += '{'
    let first = true
    for (const key of Object.keys(record)) {
      const child = record[key]
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue
      if (key === '__proto__') this.protoKey = true
      this.current += `${first ? '' : ','}${JSON.stringify(key)}:`
      first = false
      write(key, child)
    }
    this.current += '}'
  }

  finish(): JsonTemplate {
    this.parts.push(this.current)
    return { parts: this.parts, references: this.references, protoKey: this.protoKey }
  }
}

/** What a schema references outside data keywords: bit 1 an entity, bit 2 a named schema or a message (`$ref`, `$message`). */
const ENTITY = 1
const NAMED = 2
/** The references of a schema (memoized per object). */
const schemaReferences = new WeakMap<object, number>()
/** The same for a `properties` map, whose keys are user names (`default` is a name there, not a keyword). */
const propertiesReferences = new WeakMap<object, number>()

function referenceBits(schema: object): number {
  const known = schemaReferences.get(schema)
  if (known !== undefined) return known
  let found = 0
  let hasChildren = false
  if (Array.isArray(schema)) {
    for (const item of schema)
      if (item !== null && typeof item === 'object') {
        hasChildren = true
        found |= referenceBits(item)
      }
  } else {
    const record = schema as Record<string, unknown>
    for (const key of Object.keys(record)) {
      if (isDataKeyword(key)) continue
      const child = record[key]
      if (key === '$entity' && typeof child === 'string') found |= ENTITY
      else if ((key === '$ref' || key === '$message') && typeof child === 'string') found |= NAMED
      else if (child !== null && typeof child === 'object') {
        hasChildren = true
        found |= key === 'properties' && !Array.isArray(child) ? propertiesReferenceBits(child) : referenceBits(child)
      }
    }
  }
  // a leaf (no node below it: most nodes) is scanned again more cheaply than it is remembered
  if (hasChildren) schemaReferences.set(schema, found)
  return found
}

function propertiesReferenceBits(properties: object): number {
  const known = propertiesReferences.get(properties)
  if (known !== undefined) return known
  let found = 0
  for (const child of Object.values(properties)) if (child !== null && typeof child === 'object') found |= referenceBits(child as object)
  propertiesReferences.set(properties, found)
  return found
}

/** Whether a schema has an `$entity` reference outside data keywords: its type depends on how entities are bound. */
export function referencesEntities(schema: object): boolean {
  return (referenceBits(schema) & ENTITY) !== 0
}

/** Whether a schema has any reference (`$entity`, `$ref`): its lowered forms depend on the module that lowers it. */
export function hasReferences(schema: object): boolean {
  return referenceBits(schema) !== 0
}

/**
 * The schema with each `anyOf`/`oneOf`/`allOf` branch declaring the properties it requires: a
 * branch may require a property that only the schema it is a branch of declares (the
 * "at least one of" idiom, `anyOf: [{ required: [email] }, { required: [phone] }]`),
 * which ajv's strict mode (`strictRequired`) refuses. The declaration is the branch's
 * own `additionalProperties` (`{}` when it has none), which is what the branch applied
 * to that property anyway: what the schema admits does not change. Nodes that need no
 * change are kept as they are.
 */
function declareBranchRequirements(node: SchemaNode, isBranch: boolean): SchemaNode {
  if (typeof node !== 'object' || node === null || referenceOf(node) !== undefined) return node
  let copy: Record<string, unknown> | undefined
  const set = (key: string, value: unknown): void => {
    copy ??= { ...node }
    copy[key] = value
  }
  if (node.properties !== undefined) {
    // most maps change nothing: allocate only once a property does (entries, then
    // Object.fromEntries, so that a property named __proto__ stays an own property)
    let lowered: [string, SchemaNode][] | undefined
    const names = Object.keys(node.properties)
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string
      const child = node.properties[name] as SchemaNode
      const declared = declareBranchRequirements(child, false)
      if (declared === child && lowered === undefined) continue
      lowered ??= names.slice(0, i).map((n) => [n, node.properties?.[n] as SchemaNode])
      lowered.push([name, declared])
    }
    if (lowered) set('properties', Object.fromEntries(lowered))
  }
  for (const key of ['additionalProperties', 'items'] as const) {
    const child = node[key]
    if (child === undefined || typeof child === 'boolean') continue
    const lowered = declareBranchRequirements(child, false)
    if (lowered !== child) set(key, lowered)
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[key]
    if (branches === undefined) continue
    const written = (key === 'allOf' ? openExtendedMessage(branches) : undefined) ?? branches
    const lowered = written.map((branch) => declareBranchRequirements(branch, true))
    if (lowered.length !== branches.length || lowered.some((branch, i) => branch !== branches[i])) set(key, lowered)
  }
  if (isBranch) {
    const declared = (copy?.properties ?? node.properties) as Record<string, SchemaNode> | undefined
    const missing = [...new Set(node.required ?? [])].filter((name) => own(declared, name) === undefined)
    if (missing.length > 0) {
      const extra = (copy?.additionalProperties ?? node.additionalProperties) as SchemaNode['additionalProperties']
      const schema: SchemaNode | boolean = extra === undefined || extra === true ? {} : extra
      set('properties', Object.fromEntries([...Object.entries(declared ?? {}), ...missing.map((name) => [name, schema] as const)]))
    }
  }
  return (copy as SchemaNode | undefined) ?? node
}

function templateOf(schema: object): JsonTemplate {
  let template = templates.get(schema)
  if (!template) {
    const writer = new TemplateWriter()
    writer.schema(declareBranchRequirements(schema as SchemaNode, false))
    template = writer.finish()
    templates.set(schema, template)
  }
  return template
}

/**
 * The schema with every reference replaced by a `$ref` into the definitions section
 * (keeping its title, description and annotations), as JSON text.
 */
function lowerToText(schema: object, scope: EntityScope, reached: Reached): JsonText {
  const { parts, references, protoKey } = templateOf(schema)
  let text = present(parts[0], 'a template has one more part than it has references')
  for (let i = 0; i < references.length; i++) {
    const node = references[i] as SchemaNode
    const target = bindReference(scope, present(referenceOf(node), 'a template hole is a reference'))
    text += `{"$ref":${JSON.stringify(target ? `#/definitions/${reached(target)}` : `#/definitions/${UNRESOLVED_DEFINITION}`)}`
    if (node.title !== undefined) text += `,"title":${JSON.stringify(node.title)}`
    if (node.description !== undefined) text += `,"description":${JSON.stringify(node.description)}`
    for (const [key, value] of Object.entries(annotationsOf(node))) text += `,${JSON.stringify(key)}:${JSON.stringify(value)}`
    text += `}${present(parts[i + 1], 'a template has one more part than it has references')}`
  }
  return new JsonText(text, protoKey)
}

/** Lowers schemas that share one definitions section. */
export class JsonSchemaLowering {
  private readonly definitions = new Map<string, JsonText>()
  /** reached and not yet lowered, by key */
  private readonly pending = new Map<string, QualifiedEntity>()

  constructor(private readonly model: Model) {}

  private readonly reach = (entity: QualifiedEntity): string => {
    const key = definitionsKey(this.model, entity)
    if (!this.definitions.has(key) && !this.pending.has(key)) this.pending.set(key, entity)
    return key
  }

  lower(schema: SchemaNode, scope: EntityScope): JsonText {
    return lowerToText(schema, scope, this.reach)
  }

  /** Adds an entity (and what it reaches) to the section; returns its key. */
  include(entity: QualifiedEntity): string {
    return this.reach(entity)
  }

  /** Adds every `$defs` entry of a definition to the section: each is the definition's, used or not. */
  includeDefs(owner: DefinitionKey, defs: Record<string, unknown> | undefined): void {
    for (const name of Object.keys(defs ?? {})) this.reach({ owner, entity: defsReference(name) })
  }

  /** The definitions section, with every entity reached so far, in a stable order. */
  section(): Record<string, JsonText> {
    for (const [key, entity] of this.pending) {
      // a Map's iteration also visits the entries set while it runs: what this entity reaches
      this.pending.delete(key)
      if (this.definitions.has(key)) continue
      const lowered = lowerEntity(this.model, entity)
      for (const reached of lowered.reaches) this.reach(reached)
      this.definitions.set(key, lowered.text)
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
      ? lowerToText(entityHolderAnnotated(model, entity, resolved.schema), resolved.scope, (target) => {
          reaches.push(target)
          return definitionsKey(model, target)
        })
      : new JsonText('{}')
    lowered = { text, reaches }
    cache.set(key, lowered)
  }
  return lowered
}

/** An entity's schema with its holder's annotations (lower/holderAnnotations.ts); a `$defs` entry or a message has no holder. */
function entityHolderAnnotated(model: Model, entity: QualifiedEntity, schema: SchemaNode): SchemaNode {
  const owner = model.definitions.get(entity.owner)
  if (owner === undefined || (owner.kind !== 'interface' && owner.kind !== 'integration') || isDefsReference(entity.entity)) return schema
  const holder = own(owner.spec.entities, entity.entity)
  return holder === undefined ? schema : schemaWithHolderAnnotations(holder)
}
