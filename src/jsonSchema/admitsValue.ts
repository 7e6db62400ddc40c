// Decides whether one concrete JSON value is admitted by a schema (the subset of
// docs/definitions.md#schemas, with ajv's semantics), and if not, which node rejects it and why. Used
// for S's enum/const values against T, for small finite S, and for emptiness.

import { describeValue, describeValues } from './describe.js'
import type { EntityResolver, SchemaLocation } from './extensionTypes.js'
import { matchesFormat } from './formats.js'
import { isJsonObject, jsonEqual } from './jsonEqual.js'
import { declaredTypes } from './kinds.js'
import { compilePattern } from './linearPattern.js'
import { own } from './own.js'
import { describeReference, referenceOf } from './reference.js'
import type { JsonValue, SchemaTypeName } from './types.js'
import { childView, keywordLocation, locationOf, rootView, type View } from './view.js'

export type Admission = { verdict: 'yes' } | { verdict: 'no'; at: SchemaLocation; reason: string } | { verdict: 'unknown'; at: SchemaLocation; reason: string }

const YES: Admission = { verdict: 'yes' }
/** References followed without entering a value: more means a cycle that never ends. */
const MAX_REFERENCE_HOPS = 64

export function valueHasType(value: JsonValue, type: SchemaTypeName): boolean {
  switch (type) {
    case 'null':
      return value === null
    case 'boolean':
      return typeof value === 'boolean'
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value)
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
    case 'string':
      return typeof value === 'string'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return isJsonObject(value)
  }
}

export function stringLength(value: string): number {
  let length = 0
  for (const _ of value) length++
  return length
}

/** Is `value` admitted by the schema of `view`? */
export function admitsValue(value: JsonValue, view: View, resolve: EntityResolver): Admission {
  return judge(value, view, resolve, 0)
}

function no(at: SchemaLocation, reason: string): Admission {
  return { verdict: 'no', at, reason }
}

function prefixed(result: Admission, prefix: string): Admission {
  return result.verdict === 'yes' ? result : { ...result, reason: `${prefix}${result.reason}` }
}

function judge(value: JsonValue, view: View, resolve: EntityResolver, hops: number): Admission {
  const node = view.node
  const reference = referenceOf(node)
  if (reference !== undefined) {
    if (hops > MAX_REFERENCE_HOPS) return { verdict: 'unknown', at: locationOf(view), reason: 'the references form a cycle that never ends' }
    const schema = resolve(reference)
    if (schema === undefined) return { verdict: 'unknown', at: locationOf(view), reason: `${describeReference(reference)} is not defined` }
    return judge(value, rootView(schema, reference), resolve, hops + 1)
  }
  let unknown: Admission | undefined

  const types = declaredTypes(node)
  if (types !== undefined && !types.some((type) => valueHasType(value, type))) {
    return no(locationOf(view), `expected ${types.join(' or ')}`)
  }
  if (node.const !== undefined && !jsonEqual(value, node.const)) return no(keywordLocation(view, 'const'), `not ${describeValue(node.const)}`)
  if (node.enum !== undefined && !node.enum.some((allowed) => jsonEqual(value, allowed))) {
    return no(keywordLocation(view, 'enum'), `not one of ${describeValues(node.enum)}`)
  }

  const rejected =
    typeof value === 'number'
      ? judgeNumber(value, view)
      : typeof value === 'string'
        ? judgeString(value, view)
        : Array.isArray(value)
          ? judgeArray(value, view, resolve)
          : isJsonObject(value)
            ? judgeObject(value, view, resolve)
            : undefined
  if (rejected?.verdict === 'no') return rejected
  if (rejected?.verdict === 'unknown') unknown = rejected

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword]
    if (branches === undefined) continue
    const results = branches.map((branch, i) => judge(value, childView(view, branch, keyword, i), resolve, hops + 1))
    const matches = results.filter((r) => r.verdict === 'yes').length
    const unsure = results.find((r) => r.verdict === 'unknown')
    const at = keywordLocation(view, keyword)
    if (keyword === 'oneOf' && matches >= 2) return no(at, `matches ${matches} oneOf branches, not exactly one`)
    if (unsure !== undefined && !(keyword === 'anyOf' && matches >= 1)) unknown ??= unsure
    else if (matches === 0) return no(at, `matches none of the ${keyword} branches`)
  }
  for (const [i, branch] of (node.allOf ?? []).entries()) {
    const result = judge(value, childView(view, branch, 'allOf', i), resolve, hops + 1)
    if (result.verdict === 'no') return result
    if (result.verdict === 'unknown') unknown ??= result
  }
  return unknown ?? YES
}

function judgeNumber(value: number, view: View): Admission | undefined {
  const node = view.node
  if (node.minimum !== undefined && value < node.minimum) return no(keywordLocation(view, 'minimum'), `below minimum ${node.minimum}`)
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) {
    return no(keywordLocation(view, 'exclusiveMinimum'), `not above exclusiveMinimum ${node.exclusiveMinimum}`)
  }
  if (node.maximum !== undefined && value > node.maximum) return no(keywordLocation(view, 'maximum'), `above maximum ${node.maximum}`)
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) {
    return no(keywordLocation(view, 'exclusiveMaximum'), `not below exclusiveMaximum ${node.exclusiveMaximum}`)
  }
  return undefined
}

function judgeString(value: string, view: View): Admission | undefined {
  const node = view.node
  const length = stringLength(value)
  if (node.minLength !== undefined && length < node.minLength) return no(keywordLocation(view, 'minLength'), `shorter than minLength ${node.minLength}`)
  if (node.maxLength !== undefined && length > node.maxLength) return no(keywordLocation(view, 'maxLength'), `longer than maxLength ${node.maxLength}`)
  if (node.pattern !== undefined) {
    const compiled = compilePattern(node.pattern)
    if (compiled.kind !== 'compiled') {
      const why = compiled.kind === 'invalid' ? 'is not a valid regular expression' : `cannot be run: ${compiled.reason}`
      return { verdict: 'unknown', at: keywordLocation(view, 'pattern'), reason: `pattern '${node.pattern}' ${why}` }
    }
    if (!compiled.pattern.test(value)) return no(keywordLocation(view, 'pattern'), `does not match pattern '${node.pattern}'`)
  }
  if (node.format !== undefined) {
    const matches = matchesFormat(node.format, value)
    if (matches === undefined) return { verdict: 'unknown', at: keywordLocation(view, 'format'), reason: `format '${node.format}' is not known` }
    if (!matches) return no(keywordLocation(view, 'format'), `not a valid ${node.format}`)
  }
  return undefined
}

function judgeArray(value: JsonValue[], view: View, resolve: EntityResolver): Admission | undefined {
  const node = view.node
  if (node.minItems !== undefined && value.length < node.minItems) return no(keywordLocation(view, 'minItems'), `fewer items than minItems ${node.minItems}`)
  if (node.maxItems !== undefined && value.length > node.maxItems) return no(keywordLocation(view, 'maxItems'), `more items than maxItems ${node.maxItems}`)
  let unknown: Admission | undefined
  if (node.items !== undefined) {
    const items = childView(view, node.items, 'items')
    for (const [i, item] of value.entries()) {
      const result = prefixed(judge(item, items, resolve, 0), `item ${i}: `)
      if (result.verdict === 'no') return result
      if (result.verdict === 'unknown') unknown ??= result
    }
  }
  return unknown
}

function judgeObject(value: { [key: string]: JsonValue }, view: View, resolve: EntityResolver): Admission | undefined {
  const node = view.node
  for (const [i, name] of (node.required ?? []).entries()) {
    // own properties only, as the runtime's and the checks' ajv read it (`ownProperties`):
    // an inherited name such as 'constructor' is missing there and here alike
    if (!Object.hasOwn(value, name)) return no(keywordLocation(view, 'required', i), `property '${name}' is missing`)
  }
  let unknown: Admission | undefined
  for (const [name, property] of Object.entries(value)) {
    const declared = own(node.properties, name)
    let result: Admission
    if (declared !== undefined) result = judge(property, childView(view, declared, 'properties', name), resolve, 0)
    else if (node.additionalProperties === false) return no(keywordLocation(view, 'additionalProperties'), `property '${name}' is not allowed`)
    else if (node.additionalProperties === undefined || node.additionalProperties === true) continue
    else result = judge(property, childView(view, node.additionalProperties, 'additionalProperties'), resolve, 0)
    result = prefixed(result, `property '${name}': `)
    if (result.verdict === 'no') return result
    if (result.verdict === 'unknown') unknown ??= result
  }
  return unknown
}
