// Kinds of JSON values. `number` is split into integers and fractions so that
// "integer within number" is plain set inclusion.

import type { EntityResolver } from './extensionTypes.js'
import { referenceOf } from './reference.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from './types.js'

export type Kind = 'null' | 'boolean' | 'integer' | 'fraction' | 'string' | 'array' | 'object'
export type KindSet = ReadonlySet<Kind>

export const ALL_KINDS: KindSet = new Set<Kind>(['null', 'boolean', 'integer', 'fraction', 'string', 'array', 'object'])

export function kindsOfTypeName(name: SchemaTypeName): Kind[] {
  if (name === 'number') return ['integer', 'fraction']
  return [name]
}

export function kindOfValue(value: JsonValue): Kind {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  switch (typeof value) {
    case 'boolean':
      return 'boolean'
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'fraction'
    case 'string':
      return 'string'
    default:
      return 'object'
  }
}

/** The `type` keyword as a list of names, or undefined when absent. */
export function declaredTypes(node: SchemaNode): SchemaTypeName[] | undefined {
  if (node.type === undefined) return undefined
  return Array.isArray(node.type) ? node.type : [node.type]
}

/** The kind sets of single type names, made once: most nodes declare one type. */
const KINDS_OF_TYPE_NAME = new Map<string, KindSet>()

/** The kinds the `type` keyword allows, or undefined when there is no `type`. Shared: do not change it. */
export function declaredKinds(node: SchemaNode): KindSet | undefined {
  const type = node.type
  if (type === undefined) return undefined
  if (Array.isArray(type)) return new Set(type.flatMap(kindsOfTypeName))
  let kinds = KINDS_OF_TYPE_NAME.get(type)
  if (!kinds) {
    kinds = new Set(kindsOfTypeName(type))
    KINDS_OF_TYPE_NAME.set(type, kinds)
  }
  return kinds
}

export function intersectKinds(a: KindSet, b: KindSet): Set<Kind> {
  return new Set([...a].filter((kind) => b.has(kind)))
}

export function isSubsetOf(a: Iterable<Kind>, b: KindSet): boolean {
  for (const kind of a) if (!b.has(kind)) return false
  return true
}

/**
 * An over-approximation of the kinds a node admits (entities followed, unions
 * joined, `allOf` branches intersected); used to rule branches out, never to accept.
 */
export function possibleKinds(node: SchemaNode, resolve: EntityResolver, budget = 32): Set<Kind> {
  if (budget <= 0) return new Set(ALL_KINDS)
  const reference = referenceOf(node)
  if (reference !== undefined) {
    const schema = resolve(reference)
    return schema === undefined ? new Set(ALL_KINDS) : possibleKinds(schema, resolve, budget - 1)
  }
  let kinds = new Set(declaredKinds(node) ?? ALL_KINDS)
  const values = node.const !== undefined ? [node.const] : node.enum
  if (values !== undefined) kinds = intersectKinds(kinds, new Set(values.map(kindOfValue)))
  for (const branches of [node.anyOf, node.oneOf]) {
    if (branches === undefined) continue
    const joined = new Set<Kind>()
    for (const branch of branches) for (const kind of possibleKinds(branch, resolve, budget - 1)) joined.add(kind)
    kinds = intersectKinds(kinds, joined)
  }
  for (const branch of node.allOf ?? []) kinds = intersectKinds(kinds, possibleKinds(branch, resolve, budget - 1))
  return kinds
}

/** The kinds a node's own `type`, `const` and `enum` allow (its branches and references taken to allow any). */
export function ownKinds(node: SchemaNode): KindSet {
  if (referenceOf(node) !== undefined) return ALL_KINDS
  const kinds = declaredKinds(node) ?? ALL_KINDS
  const values = node.const !== undefined ? [node.const] : node.enum
  return values === undefined ? kinds : intersectKinds(kinds, new Set(values.map(kindOfValue)))
}

/** Kinds in words, in the set's order: `number` for integer + fraction, joined with "or". */
export function describeKinds(kinds: KindSet): string {
  const names = typeNamesOfKinds(kinds)
  return names.length === 0 ? 'nothing' : names.join(' or ')
}

/** Type names for a kind set, in its order (the inverse of `kindsOfTypeName`, as far as it goes). */
export function typeNamesOfKinds(kinds: KindSet): SchemaTypeName[] {
  const names: SchemaTypeName[] = []
  for (const kind of kinds) {
    const name: SchemaTypeName = kind === 'integer' || kind === 'fraction' ? (kinds.has('integer') && !kinds.has('fraction') ? 'integer' : 'number') : kind
    if (!names.includes(name)) names.push(name)
  }
  return names
}
