// Effective numeric bounds: `minimum` and `exclusiveMinimum` folded into one lower
// bound (the tighter wins; at equal values the exclusive one is tighter), and the
// same above. For integer-only values a bound is rounded to the integer it allows.
import type { SchemaNode } from './types.js'

export type BoundKeyword = 'minimum' | 'exclusiveMinimum' | 'maximum' | 'exclusiveMaximum'

export interface Bound {
  value: number
  exclusive: boolean
  keyword: BoundKeyword
}

export function lowerBound(node: SchemaNode): Bound | undefined {
  const inclusive = node.minimum === undefined ? undefined : { value: node.minimum, exclusive: false, keyword: 'minimum' as const }
  const exclusive = node.exclusiveMinimum === undefined ? undefined : { value: node.exclusiveMinimum, exclusive: true, keyword: 'exclusiveMinimum' as const }
  if (inclusive === undefined) return exclusive
  if (exclusive === undefined) return inclusive
  return exclusive.value >= inclusive.value ? exclusive : inclusive
}

export function upperBound(node: SchemaNode): Bound | undefined {
  const inclusive = node.maximum === undefined ? undefined : { value: node.maximum, exclusive: false, keyword: 'maximum' as const }
  const exclusive = node.exclusiveMaximum === undefined ? undefined : { value: node.exclusiveMaximum, exclusive: true, keyword: 'exclusiveMaximum' as const }
  if (inclusive === undefined) return exclusive
  if (exclusive === undefined) return inclusive
  return exclusive.value <= inclusive.value ? exclusive : inclusive
}

/** The smallest integer a lower bound allows (-Infinity when there is none). */
export function integerLower(bound: Bound | undefined): number {
  if (bound === undefined) return -Infinity
  return bound.exclusive ? Math.floor(bound.value) + 1 : Math.ceil(bound.value)
}

/** The largest integer an upper bound allows (Infinity when there is none). */
export function integerUpper(bound: Bound | undefined): number {
  if (bound === undefined) return Infinity
  return bound.exclusive ? Math.ceil(bound.value) - 1 : Math.floor(bound.value)
}

/** Does every value above `subject` (S's lower bound) also satisfy `target` (T's)? */
export function lowerWithin(subject: Bound | undefined, target: Bound, integerOnly: boolean): boolean {
  if (subject === undefined) return false
  if (integerOnly) {
    const least = integerLower(subject)
    return target.exclusive ? least > target.value : least >= target.value
  }
  return subject.value > target.value || (subject.value === target.value && (subject.exclusive || !target.exclusive))
}

/** Does every value below `subject` (S's upper bound) also satisfy `target` (T's)? */
export function upperWithin(subject: Bound | undefined, target: Bound, integerOnly: boolean): boolean {
  if (subject === undefined) return false
  if (integerOnly) {
    const greatest = integerUpper(subject)
    return target.exclusive ? greatest < target.value : greatest <= target.value
  }
  return subject.value < target.value || (subject.value === target.value && (subject.exclusive || !target.exclusive))
}

/** Is there a value between the bounds (an integer one when `integerOnly`)? */
export function rangeAdmitsSome(lower: Bound | undefined, upper: Bound | undefined, integerOnly: boolean): boolean {
  if (integerOnly) return integerLower(lower) <= integerUpper(upper)
  if (lower === undefined || upper === undefined) return true
  return lower.value < upper.value || (lower.value === upper.value && !lower.exclusive && !upper.exclusive)
}

/** True when no value lies in both ranges. */
export function rangesDisjoint(a: SchemaNode, b: SchemaNode, integerOnly: boolean): boolean {
  return !rangeAdmitsSome(tighterLower(lowerBound(a), lowerBound(b)), tighterUpper(upperBound(a), upperBound(b)), integerOnly)
}

function tighterLower(a: Bound | undefined, b: Bound | undefined): Bound | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return lowerWithin(a, b, false) ? a : b
}

function tighterUpper(a: Bound | undefined, b: Bound | undefined): Bound | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return upperWithin(a, b, false) ? a : b
}

export function describeBound(bound: Bound): string {
  return `${bound.keyword} ${bound.value}`
}

/** "minimum 5 is above maximum 3" style reason when the bounds leave no value. */
export function describeEmptyRange(lower: Bound | undefined, upper: Bound | undefined, integerOnly: boolean): string {
  if (lower === undefined || upper === undefined) return 'no value lies between its bounds'
  if (integerOnly && rangeAdmitsSome(lower, upper, false)) return `no integer lies between ${describeBound(lower)} and ${describeBound(upper)}`
  if (lower.value > upper.value) return `${describeBound(lower)} is above ${describeBound(upper)}`
  return `${describeBound(lower)} and ${describeBound(upper)} leave no value`
}
