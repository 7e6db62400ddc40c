// Proves that two schemas share no value, for T's `oneOf`: a value of S that fits
// one branch must fit no other. Only certain answers are true; when in doubt, false.

import { admitsValue } from './admitsValue.js'
import type { EntityResolver } from './extensionTypes.js'
import { intersectKinds, type Kind, possibleKinds } from './kinds.js'
import { rangesDisjoint } from './numericBounds.js'
import { own } from './own.js'
import { referenceOf } from './reference.js'
import type { SchemaNode } from './types.js'
import { rootView } from './view.js'

export interface SidedNode {
  node: SchemaNode
  resolve: EntityResolver
}

const DEPTH = 8

export function provablyDisjoint(a: SidedNode, b: SidedNode, depth = DEPTH): boolean {
  if (depth <= 0) return false
  const left = follow(a)
  const right = follow(b)
  if (left === undefined || right === undefined) return false
  return (
    valuesExcluded(left, right) ||
    valuesExcluded(right, left) ||
    unionExcluded(left, right, depth) ||
    unionExcluded(right, left, depth) ||
    allOfExcluded(left, right, depth) ||
    allOfExcluded(right, left, depth) ||
    kindsDisjoint(left, right, depth)
  )
}

function follow(side: SidedNode): SidedNode | undefined {
  let node = side.node
  for (let hops = 0, key = referenceOf(node); key !== undefined; hops++, key = referenceOf(node)) {
    const schema = hops > 64 ? undefined : side.resolve(key)
    if (schema === undefined) return undefined
    node = schema
  }
  return { node, resolve: side.resolve }
}

/** `a` lists its values, and each is rejected by `a` itself or by `b`. */
function valuesExcluded(a: SidedNode, b: SidedNode): boolean {
  const values = a.node.const !== undefined ? [a.node.const] : a.node.enum
  if (values === undefined) return false
  return values.every(
    (value) => admitsValue(value, rootView(a.node, null), a.resolve).verdict === 'no' || admitsValue(value, rootView(b.node, null), b.resolve).verdict === 'no',
  )
}

/** `a` is a union whose every branch is disjoint from `b`. */
function unionExcluded(a: SidedNode, b: SidedNode, depth: number): boolean {
  for (const branches of [a.node.anyOf, a.node.oneOf]) {
    if (branches?.every((branch) => provablyDisjoint({ node: branch, resolve: a.resolve }, b, depth - 1))) return true
  }
  return false
}

/** `a` is an `allOf` one of whose branches is disjoint from `b` (every value of `a` is one of that branch). */
function allOfExcluded(a: SidedNode, b: SidedNode, depth: number): boolean {
  return a.node.allOf?.some((branch) => provablyDisjoint({ node: branch, resolve: a.resolve }, b, depth - 1)) ?? false
}

function kindsDisjoint(a: SidedNode, b: SidedNode, depth: number): boolean {
  const shared = intersectKinds(possibleKinds(a.node, a.resolve), possibleKinds(b.node, b.resolve))
  return [...shared].every((kind) => kindDisjoint(kind, shared, a, b, depth))
}

function kindDisjoint(kind: Kind, shared: ReadonlySet<Kind>, a: SidedNode, b: SidedNode, depth: number): boolean {
  switch (kind) {
    case 'integer':
    case 'fraction':
      return rangesDisjoint(a.node, b.node, !shared.has('fraction'))
    case 'string':
      return lengthsDisjoint(a.node.minLength, a.node.maxLength, b.node.minLength, b.node.maxLength)
    case 'array':
      return lengthsDisjoint(a.node.minItems, a.node.maxItems, b.node.minItems, b.node.maxItems) || itemsExcluded(a, b, depth) || itemsExcluded(b, a, depth)
    case 'object':
      return propertyExcluded(a, b, depth) || propertyExcluded(b, a, depth)
    default:
      return false
  }
}

function lengthsDisjoint(aMin = 0, aMax = Infinity, bMin = 0, bMax = Infinity): boolean {
  return aMax < bMin || bMax < aMin
}

/** Every array of `a` has an item, and no item of `a` is an item of `b`. */
function itemsExcluded(a: SidedNode, b: SidedNode, depth: number): boolean {
  if ((a.node.minItems ?? 0) < 1 || a.node.items === undefined || b.node.items === undefined) return false
  return provablyDisjoint({ node: a.node.items, resolve: a.resolve }, { node: b.node.items, resolve: b.resolve }, depth - 1)
}

/** Some property `a` requires is one `b` forbids or types apart (a discriminator). */
function propertyExcluded(a: SidedNode, b: SidedNode, depth: number): boolean {
  return (a.node.required ?? []).some((name) => {
    const mine = own(a.node.properties, name)
    const theirs = own(b.node.properties, name)
    if (theirs === undefined) {
      const extra = b.node.additionalProperties
      if (extra === false) return true
      return (
        mine !== undefined && typeof extra === 'object' && provablyDisjoint({ node: mine, resolve: a.resolve }, { node: extra, resolve: b.resolve }, depth - 1)
      )
    }
    return mine !== undefined && provablyDisjoint({ node: mine, resolve: a.resolve }, { node: theirs, resolve: b.resolve }, depth - 1)
  })
}
