// Where a configuration value holds a secret (docs/definitions.md#where-a-secret-sits): the
// one walk of a value along its schema that every secret-aware check shares, so that a
// `secret: true` is found wherever a schema can place it: under `properties` and
// `additionalProperties`, in `items`, in every `allOf` part, in the `anyOf`/`oneOf`
// branches that may admit the value, and through `$ref`. The bot's configuration check
// (BW4016, BW4017) walks a bot's value with it, schema sanity (BW2028) a schema's defaults.

import { jsonEqual } from './jsonEqual.js'
import { declaredKinds, kindOfValue } from './kinds.js'
import { isRecord, own } from './own.js'
import { joinPointer } from './pointer.js'
import type { JsonValue, SchemaNode } from './types.js'

/** Whether a value is a `{ $secret: NAME }` reference: a value (a string read at run time), never an object to look into. */
export function isSecretReference(value: unknown): boolean {
  return isRecord(value) && Object.hasOwn(value, '$secret')
}

/** Gives the schema a `$ref` stands for (a `$defs` entry), or undefined where none. */
export type ResolveReference = (reference: string) => SchemaNode | undefined

export interface ValuePlace {
  /** the instance pointer of the place, from the walked value's root */
  pointer: string
  /** the same path, property names as strings and list indexes as numbers */
  segments: readonly (string | number)[]
  value: unknown
  /** the property name the value sits under; undefined for a list item and the root */
  key: string | undefined
  /** a schema that applies at the place marks it `secret: true` */
  secret: boolean
  /**
   * the value is one a `const` or `enum` that applies at the place lists: it is written in
   * the definition itself (and in its generated module), so it is public, never a secret
   * (`oneOf: [{ const: none }, { type: string, secret: true }]` takes a plain `none`)
   */
  listed: boolean
}

/** Stands for a value not known (a default's parents): no `anyOf`/`oneOf` branch is ruled out by it. */
const UNKNOWN = Symbol('unknown value')

/**
 * Whether a union branch may admit the value, judged by its own `type`, `const` and `enum`
 * alone (through a `$ref`): a branch is ruled out only when these exclude the value for
 * sure, so that every branch a value could be taken by is kept (sound: a secret a kept
 * branch marks is found; what no branch could take is BW4011's). A `{ $secret }` stands for
 * a string of unknown content: only a `type` rules it out.
 */
function mayAdmit(branch: unknown, value: unknown, resolve: ResolveReference | undefined): boolean {
  const node = follow(branch, resolve)
  if (node === undefined || value === UNKNOWN) return true
  const secret = isSecretReference(value)
  const kinds = declaredKinds(node)
  if (kinds !== undefined && !kinds.has(secret ? 'string' : kindOfValue(value as JsonValue))) return false
  if (secret) return true
  if (node.const !== undefined && !jsonEqual(node.const, value)) return false
  if (Array.isArray(node.enum) && !node.enum.some((listed) => jsonEqual(listed, value))) return false
  return true
}

/** The node a `$ref` chain ends at (a chain that loops or leads nowhere: undefined). */
function follow(node: unknown, resolve: ResolveReference | undefined): SchemaNode | undefined {
  let current = node
  for (let hops = 0; isRecord(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 64 || resolve === undefined) return undefined
    current = resolve(current.$ref)
  }
  return isRecord(current) ? (current as SchemaNode) : undefined
}

/**
 * Every schema node that applies to `value` where `roots` apply: each root, each `allOf`
 * part, each `anyOf`/`oneOf` branch that may admit the value (mayAdmit), at any depth,
 * through `$ref`s. Each node once (a `$ref` cycle ends).
 */
function applicable(roots: readonly SchemaNode[], value: unknown, resolve: ResolveReference | undefined): SchemaNode[] {
  const found: SchemaNode[] = []
  const seen = new Set<unknown>()
  const add = (candidate: unknown): void => {
    // a schema beside a shape error may hold anything where a node belongs
    if (!isRecord(candidate) || seen.has(candidate)) return
    seen.add(candidate)
    const node = candidate as SchemaNode
    if (typeof node.$ref === 'string') {
      add(resolve?.(node.$ref))
      return
    }
    found.push(node)
    if (Array.isArray(node.allOf)) for (const part of node.allOf) add(part)
    for (const branches of [node.anyOf, node.oneOf]) {
      if (Array.isArray(branches)) for (const branch of branches) if (mayAdmit(branch, value, resolve)) add(branch)
    }
  }
  for (const root of roots) add(root)
  return found
}

/** The schemas of a property `key` where `nodes` apply: each node's own declaration, or its `additionalProperties` schema. */
function propertyNodes(nodes: readonly SchemaNode[], key: string): SchemaNode[] {
  const found: SchemaNode[] = []
  for (const node of nodes) {
    const declared = isRecord(node.properties) ? own(node.properties, key) : undefined
    if (declared !== undefined) found.push(declared)
    else if (isRecord(node.additionalProperties)) found.push(node.additionalProperties as SchemaNode)
  }
  return found
}

function itemNodes(nodes: readonly SchemaNode[]): SchemaNode[] {
  return nodes.flatMap((node) => (isRecord(node.items) ? [node.items] : []))
}

function listedAt(nodes: readonly SchemaNode[], value: unknown): boolean {
  if (isSecretReference(value)) return false
  return nodes.some(
    (node) => (node.const !== undefined && jsonEqual(node.const, value)) || (Array.isArray(node.enum) && node.enum.some((v) => jsonEqual(v, value))),
  )
}

/**
 * Calls `visit` on every place of `value` (the root first, then each property and item,
 * parents before children) with what the schemas that apply there say of it. `visit`
 * returns whether to look inside the place; a `{ $secret }` is never looked into.
 * `roots`: the schemas that apply to the whole value (one, or several that hold together).
 */
export function walkValuePlaces(
  roots: SchemaNode | readonly SchemaNode[],
  value: unknown,
  visit: (place: ValuePlace) => boolean,
  resolve?: ResolveReference,
): void {
  const step = (given: readonly SchemaNode[], node: unknown, pointer: string, segments: (string | number)[], key: string | undefined): void => {
    const nodes = applicable(given, node, resolve)
    const secret = nodes.some((n) => n.secret === true)
    if (!visit({ pointer, segments, value: node, key, secret, listed: listedAt(nodes, node) }) || isSecretReference(node)) return
    if (Array.isArray(node)) {
      const items = itemNodes(nodes)
      node.forEach((item: unknown, i) => void step(items, item, joinPointer(pointer, i), [...segments, i], undefined))
    } else if (isRecord(node)) {
      for (const [name, item] of Object.entries(node)) step(propertyNodes(nodes, name), item, joinPointer(pointer, name), [...segments, name], name)
    }
  }
  step(Array.isArray(roots) ? roots : [roots as SchemaNode], value, '', [], undefined)
}

/**
 * The places of `value` where a value written in plain text (not a `{ $secret }`, not a
 * value the schema lists) sits where a secret belongs; nothing inside them is looked at.
 */
export function plainSecretPlaces(roots: SchemaNode | readonly SchemaNode[], value: unknown, resolve?: ResolveReference): ValuePlace[] {
  const found: ValuePlace[] = []
  walkValuePlaces(
    roots,
    value,
    (place) => {
      if (place.listed || isSecretReference(place.value)) return false
      if (place.secret) found.push(place)
      return !place.secret
    },
    resolve,
  )
  return found
}

/** One step from a schema node to the nodes of a value inside its value. */
export type SchemaStep = { property: string } | 'items' | 'additionalProperties'

/**
 * The schema nodes that apply at a place of a value, given as the steps from the root
 * schema: what a default written at that place is judged with (every `allOf` part's
 * declaration of it, every union branch's; the value above it is not known, so no branch
 * is ruled out).
 */
export function nodesAlong(root: SchemaNode, steps: readonly SchemaStep[], resolve?: ResolveReference): SchemaNode[] {
  let nodes: SchemaNode[] = [root]
  for (const step of steps) {
    const here = applicable(nodes, UNKNOWN, resolve)
    if (step === 'items') nodes = itemNodes(here)
    else if (step === 'additionalProperties')
      nodes = here.flatMap((node) => (isRecord(node.additionalProperties) ? [node.additionalProperties as SchemaNode] : []))
    else nodes = propertyNodes(here, step.property)
  }
  return nodes
}

/**
 * The steps of a value that a schema pointer (relative to the root schema) leads to:
 * `/properties/a/items/anyOf/0/properties/b` is `a`, its items, `b`. Undefined where the
 * pointer is not one of a node (it must come from a walk of the schema).
 */
export function stepsOfSchemaPointer(segments: readonly string[]): SchemaStep[] | undefined {
  const steps: SchemaStep[] = []
  for (let i = 0; i < segments.length; i++) {
    const keyword = segments[i]
    if (keyword === 'items' || keyword === 'additionalProperties') steps.push(keyword)
    else if (keyword === 'properties' && segments[i + 1] !== undefined) steps.push({ property: segments[++i] as string })
    else if ((keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') && segments[i + 1] !== undefined) i++
    else return undefined
  }
  return steps
}
