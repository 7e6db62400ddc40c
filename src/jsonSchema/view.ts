// A view is a schema node together with where it sits (entity + JSON pointer), so
// that every failure can point at the node or keyword the user must edit. A view
// may be synthetic: a node with its union stripped, or a union branch merged with
// the keywords beside the union; then each keyword (and each merged property)
// remembers where it was written, possibly in another entity.

import { isAnnotationKey } from './annotations.js'
import type { EntityResolver, SchemaLocation } from './extensionTypes.js'
import { jsonEqual } from './jsonEqual.js'
import { declaredKinds, intersectKinds, typeNamesOfKinds } from './kinds.js'
import { own } from './own.js'
import { joinPointer } from './pointer.js'
import { referenceOf } from './reference.js'
import { ANNOTATION_KEYWORDS, type SchemaNode } from './types.js'

export interface View {
  readonly node: SchemaNode
  readonly entity: string | null
  /** where node-level problems are reported */
  readonly pointer: string
  /** '' for a node as written; otherwise names the synthetic view (part of cache keys) */
  readonly variant: string
  /** keyword -> the node that holds it, where that is not this view's node */
  readonly keywordParents?: ReadonlyMap<string, SchemaLocation>
  /** property name -> the node whose `properties` holds it (merged views) */
  readonly propertyParents?: ReadonlyMap<string, SchemaLocation>
  /**
   * Property names that the keywords beside this node (the branches of a union it is
   * the base of) declare: this node does not "leave them out" in the sense of the
   * the leniency for optional properties (docs/entity-extension.md#objects).
   */
  readonly alsoDeclared?: ReadonlySet<string>
  /** a merged view that admits more than what it stands for (mergeBranch): a failure against it is no proof */
  readonly loose?: true
}

export function rootView(node: SchemaNode, entity: string | null): View {
  return { node, entity, pointer: '', variant: '' }
}

export function locationOf(view: View): SchemaLocation {
  return { entity: view.entity, pointer: view.pointer }
}

export function parentOf(view: View, keyword: string, segments: readonly (string | number)[]): SchemaLocation {
  const first = segments[0]
  if (keyword === 'properties' && typeof first === 'string') {
    const parent = view.propertyParents?.get(first)
    if (parent !== undefined) return parent
  }
  return view.keywordParents?.get(keyword) ?? locationOf(view)
}

/** Where a keyword (or a part of it, e.g. `'properties', 'id'`) of the view was written. */
export function keywordLocation(view: View, keyword: keyof SchemaNode, ...segments: (string | number)[]): SchemaLocation {
  const parent = parentOf(view, keyword, segments)
  return { entity: parent.entity, pointer: joinPointer(parent.pointer, keyword, ...segments) }
}

/** The view of a sub-schema, e.g. `childView(v, node, 'properties', 'id')`. */
export function childView(parent: View, node: SchemaNode, keyword: keyof SchemaNode, ...segments: (string | number)[]): View {
  const at = keywordLocation(parent, keyword, ...segments)
  return { node, entity: at.entity, pointer: at.pointer, variant: '' }
}

/** Keywords that constrain (everything but annotations). */
const ANNOTATIONS: ReadonlySet<string> = new Set(ANNOTATION_KEYWORDS)

export function constraintKeywords(node: SchemaNode): string[] {
  return Object.keys(node).filter((key) => !ANNOTATIONS.has(key) && !isAnnotationKey(key))
}

/** True when the node admits every value (`{}` or annotations only). */
export function isUnconstrained(node: SchemaNode): boolean {
  return constraintKeywords(node).length === 0
}

export function hasUnion(node: SchemaNode): boolean {
  return node.anyOf !== undefined || node.oneOf !== undefined
}

export function hasValues(node: SchemaNode): boolean {
  return node.const !== undefined || node.enum !== undefined
}

/** The same node without the given keywords (the "base" beside a union). */
export function stripKeywords(view: View, keywords: readonly (keyof SchemaNode)[]): View {
  const node: SchemaNode = { ...view.node }
  for (const keyword of keywords) delete node[keyword]
  return { ...view, node, variant: `${view.variant}-${keywords.join('-')}` }
}

/** Follows the references (`$entity`, `$ref`) of a view (undefined when one is unknown or they loop). */
export function followEntities(view: View, resolve: EntityResolver): View | undefined {
  let current = view
  for (let hops = 0, key = referenceOf(current.node); key !== undefined; hops++, key = referenceOf(current.node)) {
    const schema = hops > 64 ? undefined : resolve(key)
    if (schema === undefined) return undefined
    current = rootView(schema, key)
  }
  return current
}

type Tighter = (a: number, b: number) => number
/** For each numeric bound, which of two values is the tighter one (merging two nodes' bounds). */
export const TIGHTER: Partial<Record<keyof SchemaNode, Tighter>> = {
  minimum: Math.max,
  exclusiveMinimum: Math.max,
  minLength: Math.max,
  minItems: Math.max,
  maximum: Math.min,
  exclusiveMaximum: Math.min,
  maxLength: Math.min,
  maxItems: Math.min,
}

/**
 * One node that admits every value of `base ∧ branch` (base: a node with its union
 * stripped). Exact for types, bounds and `required`; where the two cannot be written
 * as one schema (two different `items`, a property declared on both sides, two
 * `additionalProperties` schemas...) the branch's keyword is kept, which admits more
 * and so keeps the comparison sound. Every property either side declares stays
 * declared, so no property of the base is mistaken for one "left out".
 * Undefined when the branch is a reference that cannot be followed.
 */
export function mergeBranch(base: View, branchView: View, resolve: EntityResolver): View | undefined {
  const branch = followEntities(branchView, resolve)
  if (branch === undefined || referenceOf(base.node) !== undefined) return undefined
  const node: Record<string, unknown> = {}
  const parents = new Map<string, SchemaLocation>()
  let loose = base.loose === true || branch.loose === true
  const take = (from: View, key: string, value: unknown): void => {
    node[key] = value
    parents.set(key, from.keywordParents?.get(key) ?? locationOf(from))
  }
  for (const key of constraintKeywords(base.node)) take(base, key, base.node[key as keyof SchemaNode])

  const propertyParents = new Map<string, SchemaLocation>()
  const properties: Record<string, SchemaNode> = {}
  const addProperties = (from: View): void => {
    for (const [name, schema] of Object.entries(from.node.properties ?? {})) {
      properties[name] = schema
      propertyParents.set(name, parentOf(from, 'properties', [name]))
    }
  }
  addProperties(base)
  for (const [name, schema] of Object.entries(branch.node.properties ?? {})) {
    const existing = own(base.node.properties, name)
    if (existing !== undefined && existing !== schema && !jsonEqual(existing, schema)) loose = true
  }
  addProperties(branch) // a property on both sides: the branch's (an over-approximation)
  // a side that restricts extra properties also constrains those only the other side declares
  if (restrictsUndeclared(base.node, branch.node) || restrictsUndeclared(branch.node, base.node)) loose = true

  for (const key of constraintKeywords(branch.node)) {
    const typed = key as keyof SchemaNode
    const value = branch.node[typed]
    const existing = node[key]
    const tighter = TIGHTER[typed]
    if (existing === undefined || jsonEqual(existing, value)) take(branch, key, value)
    else if (key === 'type') {
      const a = declaredKinds(base.node)
      const b = declaredKinds(branch.node)
      if (a !== undefined && b !== undefined) take(branch, key, typeNamesOfKinds(intersectKinds(a, b)))
    } else if (key === 'required') take(branch, key, [...new Set([...(base.node.required ?? []), ...(branch.node.required ?? [])])])
    else if (tighter !== undefined && typeof existing === 'number' && typeof value === 'number') {
      take(tighter(existing, value) === value ? branch : base, key, tighter(existing, value))
    } else if (key === 'additionalProperties' && (existing === false || value === true))
      continue // the tighter one stays
    else if (key === 'additionalProperties' && (value === false || existing === true)) take(branch, key, value)
    else if (key !== 'properties') {
      take(branch, key, value)
      loose = true
    }
  }
  if (Object.keys(properties).length > 0 || node.properties !== undefined) node.properties = properties
  return {
    node: node as SchemaNode,
    entity: branch.entity,
    pointer: branch.pointer,
    variant: `merge(${base.entity ?? ''}${base.pointer}${base.variant})${branch.variant}`,
    keywordParents: parents,
    propertyParents,
    ...(loose ? { loose: true as const } : {}),
  }
}

/** Whether `node` restricts extra properties (`false` or a schema) and `other` declares a property `node` does not. */
function restrictsUndeclared(node: SchemaNode, other: SchemaNode): boolean {
  const extra = node.additionalProperties
  if (extra === undefined || extra === true || (typeof extra === 'object' && isUnconstrained(extra))) return false
  return Object.keys(other.properties ?? {}).some((name) => own(node.properties, name) === undefined)
}
