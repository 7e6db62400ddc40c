// Whether the branches of an `allOf` leave any value together (asked by admitsNoValue.ts).
// Each step drops no value the `allOf` admits, so a "nothing left" is certain: the kinds
// the branches allow, the values one branch lists against the others, a required
// property that a closed branch does not declare, and the branches merged into one node
// (mergeAllOf.ts, loosely: a subset of their constraints).

import { admitsValue } from './admitsValue.js'
import { describeValue, describeValues } from './describe.js'
import type { EntityResolver } from './extensionTypes.js'
import { ALL_KINDS, declaredKinds, describeKinds, intersectKinds, type KindSet, ownKinds, possibleKinds } from './kinds.js'
import { allOfParts, mergeAllOf } from './mergeAllOf.js'
import type { NoValue } from './noValue.js'
import { own } from './own.js'
import { childView, keywordLocation, type View } from './view.js'

export interface AllOfEnv {
  /** follows the side's entities (none: in the node-by-node sanity checks) */
  resolve: EntityResolver
  /** judge by the node's own keywords: a branch's problems are its own node's */
  shallow: boolean
  /** the emptiness of one schema on its own */
  judge(view: View): NoValue | undefined
}

export function allOfEmptiness(view: View, env: AllOfEnv): NoValue | undefined {
  const at = keywordLocation(view, 'allOf')
  const noValue = (reason: string): NoValue => ({ location: at, reason, cause: 'allOf' })
  const branches = view.node.allOf ?? []
  if (!env.shallow) {
    for (const [i, branch] of branches.entries()) {
      const inner = env.judge(childView(view, branch, 'allOf', i))
      if (inner !== undefined) return inner
    }
  }

  let kinds: KindSet = declaredKinds(view.node) ?? ALL_KINDS
  for (const [i, branch] of branches.entries()) {
    const own = env.shallow ? ownKinds(branch) : possibleKinds(branch, env.resolve)
    const left = intersectKinds(kinds, own)
    if (left.size === 0) {
      return noValue(`branch ${i} admits only ${describeKinds(own)}, but what stands before it admits only ${describeKinds(kinds)}`)
    }
    kinds = left
  }

  const { parts } = allOfParts(view, env.resolve)
  const values = valuesLeft(parts, env.resolve)
  if (values !== undefined) return noValue(values)
  if (kinds.size === 1 && kinds.has('object')) {
    const closed = closedAgainstRequired(parts)
    if (closed !== undefined) return noValue(closed)
  }
  const merged = env.judge(mergeAllOf(view, env.resolve).merged)
  if (merged === undefined) return undefined
  // where inside (a property two branches declare, /allOf/0/properties/id: its schemas meet in an allOf the merge made)
  const pointer = merged.location.pointer.startsWith(view.pointer) ? merged.location.pointer.slice(view.pointer.length) : ''
  const inside = pointer.endsWith('/allOf') ? pointer.slice(0, -'/allOf'.length) : pointer
  return noValue(`together the branches leave nothing${inside === '' ? '' : ` at ${inside}`}: ${merged.reason}`)
}

/** Why no value that one part lists (`const`/`enum`) passes every other part, if none does. */
function valuesLeft(parts: readonly View[], resolve: EntityResolver): string | undefined {
  const lister = parts.find((part) => part.node.const !== undefined || part.node.enum !== undefined)
  if (lister === undefined) return undefined
  const values = lister.node.const !== undefined ? [lister.node.const] : (lister.node.enum ?? [])
  let reason = ''
  for (const value of values) {
    const rejection = parts
      .filter((part) => part !== lister)
      .map((part) => admitsValue(value, part, resolve))
      .find((admission) => admission.verdict === 'no')
    if (rejection === undefined) return undefined
    reason = rejection.reason
  }
  const [only] = values
  if (values.length === 1 && only !== undefined) return `${describeValue(only)}, the only value one branch allows, is rejected by another (${reason})`
  return `none of the values ${describeValues(values)} that one branch allows passes every other branch`
}

/** A property some part requires that a closed part (`additionalProperties: false`) does not declare. */
function closedAgainstRequired(parts: readonly View[]): string | undefined {
  for (const closed of parts) {
    if (closed.node.additionalProperties !== false) continue
    for (const part of parts) {
      if (part === closed) continue // its own contradiction, reported at its own node
      for (const name of part.node.required ?? []) {
        if (own(closed.node.properties, name) !== undefined) continue
        return `property '${name}' is required, but another branch is closed (additionalProperties: false) and does not declare it`
      }
    }
  }
  return undefined
}
