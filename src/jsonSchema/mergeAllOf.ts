// An `allOf` node written as one schema (docs/entity-extension.md#allof): the keywords
// beside it and those of every branch (entities followed, nested `allOf` flattened)
// folded into one node. Types intersect, bounds take the tighter, `required` names
// add up, `enum`s intersect, properties and the other keywords must agree. Where that
// is exact the merge is `exact`; where it is not (a property two branches declare
// differently, a property a closed branch does not declare, two different `items`),
// `loose` still gives one node, from a subset of the constraints: it admits at least
// every value of the `allOf`, which is what the emptiness analysis may use, and never
// what extension may use.

import type { EntityResolver, SchemaLocation } from './extensionTypes.js'
import { canonicalJsonKey, jsonEqual } from './jsonEqual.js'
import { declaredKinds, intersectKinds, typeNamesOfKinds } from './kinds.js'
import { own } from './own.js'
import type { JsonValue, SchemaNode } from './types.js'
import {
  childView,
  constraintKeywords,
  followEntities,
  isUnconstrained,
  keywordLocation,
  locationOf,
  parentOf,
  stripKeywords,
  TIGHTER,
  type View,
} from './view.js'

export interface AllOfMerge {
  /** one node admitting at least every value of the `allOf` (exactly those when `inexact` is undefined) */
  merged: View
  /** why the merge is not exact, and where */
  inexact?: { reason: string; at: SchemaLocation }
}

/**
 * The parts an `allOf` node is the conjunction of: what stands beside it, then each branch,
 * references followed and written-out conjunctions opened: a nested `allOf`'s parts, and
 * a union of one branch (`anyOf: [X]` or `oneOf: [X]` is X) as what stands beside it and X.
 */
export function allOfParts(view: View, resolve: EntityResolver, budget = 16): { parts: View[]; unfollowed: View[] } {
  const parts: View[] = []
  const unfollowed: View[] = []
  const add = (part: View, left: number): void => {
    const followed = followEntities(part, resolve)
    if (followed === undefined || left <= 0) {
      unfollowed.push(part)
      return
    }
    const keyword = followed.node.allOf !== undefined ? 'allOf' : singleBranchUnion(followed.node)
    if (keyword === undefined) {
      parts.push(followed)
      return
    }
    const base = stripKeywords(followed, [keyword])
    if (!isUnconstrained(base.node)) add(base, left - 1)
    for (const [i, branch] of (followed.node[keyword] ?? []).entries()) add(childView(followed, branch, keyword, i), left - 1)
  }
  const base = stripKeywords(view, ['allOf'])
  if (!isUnconstrained(base.node)) add(base, budget)
  for (const [i, branch] of (view.node.allOf ?? []).entries()) add(childView(view, branch, 'allOf', i), budget)
  return { parts, unfollowed }
}

/** `anyOf` or `oneOf` when the node's union has one branch, which it then stands for. */
function singleBranchUnion(node: SchemaNode): 'anyOf' | 'oneOf' | undefined {
  if (node.anyOf?.length === 1) return 'anyOf'
  if (node.oneOf?.length === 1) return 'oneOf'
  return undefined
}

/** Merges an `allOf` node (see the top of this file); `resolve` follows the entities of its side. */
export function mergeAllOf(view: View, resolve: EntityResolver): AllOfMerge {
  const { parts, unfollowed } = allOfParts(view, resolve)
  let inexact: AllOfMerge['inexact']
  const notExact = (at: SchemaLocation, reason: string): void => {
    inexact ??= { at, reason }
  }
  const [first] = unfollowed
  if (first !== undefined) notExact(locationOf(first), `entity '${first.node.$entity ?? ''}' cannot be followed`)

  const node: Record<string, unknown> = {}
  const parents = new Map<string, SchemaLocation>()
  const propertyParents = new Map<string, SchemaLocation>()
  const properties: Record<string, SchemaNode> = {}
  const required = new Set<string>()
  const take = (from: View, key: string, value: unknown): void => {
    node[key] = value
    parents.set(key, from.keywordParents?.get(key) ?? locationOf(from))
  }
  // each property's schemas that a value there must pass, gathered and made one allOf at the end:
  // an allOf around the ones so far at every part would nest as deep as the parts are many
  const conjuncts = new Map<string, SchemaNode[]>()
  for (const part of parts) {
    for (const [name, schema] of Object.entries(part.node.properties ?? {})) {
      const existing = own(properties, name)
      if (existing === undefined) {
        properties[name] = schema
        conjuncts.set(name, [schema])
        propertyParents.set(name, parentOf(part, 'properties', [name]))
      } else if (existing !== schema && !jsonEqual(existing, schema)) {
        // a value there must pass both: what the emptiness analysis reads (string and
        // integer leave nothing); extension does not take this merge as exact. Only for
        // schemas without references: through one, the made allOf could lead back to the
        // node being merged, and the analysis would merge it again without end
        if (!holdsReference(existing) && !holdsReference(schema)) conjuncts.get(name)?.push(schema)
        notExact(keywordLocation(part, 'properties', name), `property '${name}' is declared by two branches with different schemas`)
      }
    }
    for (const key of constraintKeywords(part.node)) {
      if (key === 'properties' || key === 'additionalProperties') continue
      const value = part.node[key as keyof SchemaNode]
      const existing = node[key]
      const tighter = TIGHTER[key as keyof SchemaNode]
      if (key === 'required') {
        // gathered into one set and written out once: a copy of the names so far at every part would be quadratic in the parts
        for (const name of value as string[]) required.add(name)
        take(part, key, value)
      } else if (existing === undefined || jsonEqual(existing, value)) take(part, key, value)
      else if (key === 'type') {
        const kinds = intersectKinds(declaredKinds({ type: existing } as SchemaNode) ?? new Set(), declaredKinds(part.node) ?? new Set())
        take(part, key, typeNamesOfKinds(kinds))
      } else if (tighter !== undefined && typeof existing === 'number' && typeof value === 'number') {
        if (tighter(existing, value) === value) take(part, key, value)
      } else if (key === 'enum') {
        // through a set of canonical keys: each value of one enum looked for among all of the other's would be quadratic
        const keys = new Set((value as JsonValue[]).map(canonicalJsonKey))
        take(
          part,
          key,
          (existing as JsonValue[]).filter((a) => keys.has(canonicalJsonKey(a))),
        )
      } else notExact(keywordLocation(part, key as keyof SchemaNode), `${key} differs between the branches`)
    }
  }
  for (const [name, schemas] of conjuncts) if (schemas.length > 1) properties[name] = { allOf: schemas }
  if (required.size > 0) node.required = [...required]
  mergeExtraProperties(parts, properties, required, take, notExact)
  if (Object.keys(properties).length > 0) node.properties = properties
  return {
    merged: {
      node: node as SchemaNode,
      entity: view.entity,
      pointer: view.pointer,
      variant: `${view.variant}&allOf`,
      keywordParents: parents,
      propertyParents,
    },
    ...(inexact === undefined ? {} : { inexact }),
  }
}

/**
 * `additionalProperties`: a part that restricts extra properties (`false` or a schema)
 * constrains every property it does not declare. A closed part (`false`) leaves no room for
 * another part's property that it does not declare: optional, that property can never be
 * present and leaves the merge (exactly); required, the `allOf` admits no value, which the
 * merge does not write (not exact). A restricting schema would have to be merged into such a
 * property's (not exact). Parts that restrict must agree on how.
 */
function mergeExtraProperties(
  parts: readonly View[],
  properties: Record<string, SchemaNode>,
  required: ReadonlySet<string>,
  take: (from: View, key: string, value: unknown) => void,
  notExact: (at: SchemaLocation, reason: string) => void,
): void {
  let restricting: View | undefined
  for (const part of parts) {
    const extra = part.node.additionalProperties
    if (extra === undefined || extra === true || (typeof extra === 'object' && isUnconstrained(extra))) continue
    for (const name of Object.keys(properties)) {
      if (own(part.node.properties, name) !== undefined) continue
      if (extra === false && !required.has(name)) delete properties[name]
      else
        notExact(
          keywordLocation(part, 'additionalProperties'),
          `property '${name}' is declared by one branch but not by another, whose additionalProperties restricts it`,
        )
    }
    if (restricting === undefined) {
      restricting = part
      take(part, 'additionalProperties', extra)
    } else if (!jsonEqual(restricting.node.additionalProperties, extra)) {
      notExact(keywordLocation(part, 'additionalProperties'), 'additionalProperties differs between the branches')
    }
  }
}

/** Whether a schema holds an `$entity`, `$ref` or `$message` anywhere. */
function holdsReference(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsReference)
  if (value === null || typeof value !== 'object') return false
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$entity' || key === '$ref' || key === '$message') return true
    if (holdsReference(inner)) return true
  }
  return false
}
