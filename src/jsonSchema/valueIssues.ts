// A value that a schema rejects, in plain words: the rule it breaks and the value
// (`must be at least 10, not 5`, `must be one of 'eu', 'us', not 'mars'`), rather than
// ajv's `must be >= 10` or `must be equal to one of the allowed values`. One wording for
// every place values are validated: the shape checks (BW2008), the values a schema holds
// (BW2016), bots' configuration values (BW4011) and the runtime's validation errors
// (src/runtime/validation.ts). No platform imports: the runtime compiles without them.

import type { ErrorObject } from 'ajv'
import { describeValue, describeValues } from './describe.js'
import { present } from './invariant.js'
import { quoted } from './quoting.js'
import type { JsonValue } from './types.js'
import { branchCount, branchOwning } from './unionBranches.js'

/**
 * The value an error is about, when it may be shown. The runtime never shows a string
 * (it may be a secret, or a user's data), so it leaves strings out.
 */
export interface ShownValue {
  value: unknown
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** Characters as ajv counts them for minLength/maxLength: code points. */
function characters(value: string): number {
  let n = 0
  for (const _ of value) n++
  return n
}

function shownValue(shown: ShownValue | undefined): string | undefined {
  return shown === undefined || shown.value === undefined ? undefined : describeValue(shown.value as JsonValue)
}

/** ", not X" when the value is known, "" otherwise: never "not undefined". */
function not(actual: string | number | undefined): string {
  return actual === undefined ? '' : `, not ${actual}`
}

/**
 * One rule a value breaks, in words: every keyword but `type`, `required` and
 * `additionalProperties`, which each caller words in its own terms (a mapping in YAML, an
 * object at run time; a configuration's undeclared key gets a "did you mean").
 * `shown` is the value at the error's instance path.
 */
export function describeRule(error: ErrorObject, shown?: ShownValue): string {
  const params = error.params as Record<string, unknown>
  const limit = Number(params['limit'])
  const value = shown?.value
  const length = typeof value === 'string' ? characters(value) : undefined
  const items = Array.isArray(value) ? value.length : undefined
  switch (error.keyword) {
    case 'minimum':
      return `must be at least ${limit}${not(shownValue(shown))}`
    case 'maximum':
      return `must be at most ${limit}${not(shownValue(shown))}`
    case 'exclusiveMinimum':
      return `must be above ${limit}${not(shownValue(shown))}`
    case 'exclusiveMaximum':
      return `must be below ${limit}${not(shownValue(shown))}`
    case 'minLength':
      // at least 1: the value is empty, nothing to add
      return `must have at least ${count(limit, 'character')}${limit === 1 ? '' : not(length)}`
    case 'maxLength':
      return `must have at most ${count(limit, 'character')}${not(length)}`
    case 'minItems':
      return `must have at least ${count(limit, 'item')}${limit === 1 ? '' : not(items)}`
    case 'maxItems':
      return `must have at most ${count(limit, 'item')}${not(items)}`
    case 'enum': {
      const allowed = Array.isArray(params['allowedValues']) ? (params['allowedValues'] as JsonValue[]) : []
      const rule = allowed.length === 1 ? describeValue(allowed[0] as JsonValue) : `one of ${describeValues(allowed)}`
      return `must be ${rule}${not(shownValue(shown))}`
    }
    case 'const':
      return `must be ${describeValue(params['allowedValue'] as JsonValue)}${not(shownValue(shown))}`
    case 'pattern':
      return `must match the pattern '${String(params['pattern'])}'${not(shownValue(shown))}`
    case 'format':
      return `must be a valid ${String(params['format'])}${not(shownValue(shown))}`
    case 'anyOf':
      return 'must fit one of its anyOf alternatives'
    case 'oneOf': {
      const passing = params['passingSchemas']
      return Array.isArray(passing)
        ? `must fit exactly one of its oneOf alternatives, not ${passing.length} (${passing.map((i) => `#${Number(i) + 1}`).join(', ')})`
        : 'must fit exactly one of its oneOf alternatives'
    }
    case 'uniqueItems':
      return Array.isArray(value) ? `lists ${describeValue(value[Number(params['i'])] as JsonValue)} twice` : 'must not list a value twice'
    default:
      return error.message ?? 'is invalid'
  }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

/** What a value is, for a type error: the value itself when it may be shown, its kind otherwise. */
function kindOf(shown: ShownValue | undefined, hidden: unknown): string {
  const value = shown === undefined ? hidden : shown.value
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  if (shown === undefined) return TYPE_WORDS[typeof value] ?? typeof value
  return describeValue(value as JsonValue)
}

/** Appends a property name or index to a path: `a.b`, `a[0]`, `a["odd key"]`. */
export function joinPath(path: string, segment: string): string {
  if (/^\d+$/.test(segment)) return `${path}[${segment}]`
  if (/^[A-Za-z_$][\w$]*$/.test(segment)) return `${path}.${segment}`
  return `${path}[${quoted(segment)}]`
}

function pointerSegments(instancePath: string): string[] {
  const segments = instancePath.split('/').slice(1)
  return instancePath.includes('~') ? segments.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) : segments
}

/** Whether an instance path is the union's own place or inside it. */
function isAtOrBelow(path: string, place: string): boolean {
  return path === place || path.startsWith(`${place}/`)
}

/** Whether an error says the value is another kind of thing than a branch describes: a wrong type there, or a wrong constant in one of its properties (a discriminator: `kind: sms`). An `enum` of several values (`style: primary | danger`) is a rule, not a kind: only one of a single value is a constant. */
function saysOtherBranch(error: ErrorObject, place: string): boolean {
  if (error.keyword === 'type') return error.instancePath === place
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown }).allowedValues
    if (!Array.isArray(allowed) || allowed.length !== 1) return false
  } else if (error.keyword !== 'const') return false
  const child = error.instancePath.slice(place.length)
  return error.instancePath.startsWith(`${place}/`) && child.lastIndexOf('/') === 0
}

/**
 * The errors just before the union at `index` that are at its place or below: among them,
 * every error of its branches, which ajv found while it tried them on the union's value
 * and reports before the union's own. Only those are looked at (each error is looked at
 * once per union around it, not once per union in the value: a thousand items that each
 * fit no branch stay linear).
 */
function errorsAround(errors: readonly ErrorObject[], index: number): ErrorObject[] {
  const place = present(errors[index], 'the index of an error of the list').instancePath
  const around: ErrorObject[] = []
  for (let i = index - 1; i >= 0; i--) {
    const e = errors[i] as ErrorObject
    if (!isAtOrBelow(e.instancePath, place)) break
    around.push(e)
  }
  return around.reverse()
}

/**
 * The branch of `union` an error comes from, or undefined when nothing says: under the
 * union's path (`…/anyOf/1/…`) for a branch written in place; for a `$ref` branch, from the
 * schema the error comes from (the referenced schema or one of its properties; see
 * unionBranches.ts). An error deeper inside a referenced schema says no branch: it is kept.
 */
function branchOf(union: ErrorObject, prefix: string, e: ErrorObject): string | undefined {
  if (e.schemaPath.startsWith(prefix)) return e.schemaPath.slice(prefix.length).split('/')[0]
  const owner = branchOwning(union.schema, e.parentSchema)
  return owner === undefined ? undefined : String(owner)
}

/**
 * ajv reports a value that fits no branch of an `anyOf`/`oneOf` once per branch and once
 * for the union: one problem, told once.
 * - Branches that each wanted another type become one `type` error naming them all (`must
 *   be a string or an integer`).
 * - A branch is set aside when it wants another type at the union's place, or another
 *   constant in one of the value's properties (`kind: email` is not the `sms` branch). When
 *   one branch is left, the value was meant for it: its errors are the problem, and the
 *   others' and the union's own go (`target.address: must be a valid email`).
 * - Otherwise the union's own error stands for its branches' errors at its place, and the
 *   errors deeper inside of the branches not set aside stay.
 * A branch that is a `$ref` is told apart the same way (unionBranches.ts); an error whose
 * branch nothing says (deeper inside a referenced schema) stays, and its branch, when no
 * other error names it, counts as not set aside.
 */
export function mergeUnionErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>()
  const replaced = new Map<ErrorObject, ErrorObject>()
  for (const [index, union] of errors.entries()) {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') continue
    const prefix = `${union.schemaPath}/`
    const branches = new Map<string, ErrorObject[]>()
    const inside: ErrorObject[] = []
    for (const e of errorsAround(errors, index)) {
      const branch = branchOf(union, prefix, e)
      if (branch === undefined) continue
      inside.push(e)
      const found = branches.get(branch)
      if (found) found.push(e)
      else branches.set(branch, [e])
    }
    if (inside.length === 0) continue
    // every branch is known when the union's error lists them (ajv's verbose) and each has an error here
    const count = branchCount(union.schema)
    const allKnown = count === undefined || branches.size === count
    const atPlace = inside.filter((e) => e.instancePath === union.instancePath)
    if (allKnown && atPlace.length === inside.length && inside.every((e) => e.keyword === 'type')) {
      for (const branch of inside) dropped.add(branch)
      const types = [...new Set(inside.flatMap((e) => String((e.params as { type?: unknown }).type).split(',')))]
      replaced.set(union, { ...union, keyword: 'type', params: { type: types.join(',') } })
      continue
    }
    // a oneOf that fits several alternatives: that is the problem, whatever the others say
    const fitsSeveral = union.keyword === 'oneOf' && Array.isArray((union.params as { passingSchemas?: unknown }).passingSchemas)
    const setAside = new Set([...branches].filter(([, found]) => found.some((e) => saysOtherBranch(e, union.instancePath))).map(([b]) => b))
    const all = count === undefined ? [...branches.keys()] : Array.from({ length: count }, (_, i) => String(i))
    const meant = fitsSeveral ? [] : all.filter((b) => !setAside.has(b))
    if (meant.length === 1) {
      dropped.add(union)
      for (const e of inside) if (setAside.has(branchOf(union, prefix, e) ?? '')) dropped.add(e)
      continue
    }
    const aside = meant.length === 0 ? new Set<string>() : setAside
    for (const e of inside) if (e.instancePath === union.instancePath || aside.has(branchOf(union, prefix, e) ?? '')) dropped.add(e)
  }
  return errors.filter((e) => !dropped.has(e)).map((e) => replaced.get(e) ?? e)
}

/** An ajv instance path in the words of values: `configuration.list[1]`, `input.contact.email`. */
export function valuePath(root: string, instancePath: string, value?: unknown): string {
  let path = root
  let current = value
  for (const segment of pointerSegments(instancePath)) {
    // a key of digits in a mapping is a key, not an index: `i["0"]`, where the value shows it
    const isKey = current !== null && typeof current === 'object' && !Array.isArray(current) && /^\d+$/.test(segment)
    path = isKey ? `${path}[${JSON.stringify(segment)}]` : joinPath(path, segment)
    current = current !== null && typeof current === 'object' && Object.hasOwn(current, segment) ? (current as Record<string, unknown>)[segment] : undefined
  }
  return path
}

/** The value at an ajv instance path, or undefined. */
export function valueAtInstancePath(value: unknown, instancePath: string): unknown {
  let current = value
  for (const key of pointerSegments(instancePath)) {
    current = current !== null && typeof current === 'object' && Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined
  }
  return current
}

/** Whether a value is a string or holds one at any depth. */
function holdsString(value: unknown): boolean {
  if (typeof value === 'string') return true
  if (value === null || typeof value !== 'object') return false
  return Object.values(value).some(holdsString)
}

export interface IssueOptions {
  /** whether string values may appear in the issues (not at run time) */
  showStrings: boolean
}

/**
 * ajv's errors for `value` as `path: what` lines (`input.temperature: must be at most 2,
 * not 7`), without duplicates and without if/then noise. Linear in the errors and the
 * value: whether a place's value may be shown is decided once per place, and only for the
 * rules that show it (`required` and `additionalProperties` are about the object, not
 * its value: a thousand unknown keys of one object do not look at it a thousand times).
 */
export function describeIssues(errors: readonly ErrorObject[] | null | undefined, root: string, value: unknown, options: IssueOptions): string[] {
  const lines = new Set<string>()
  const shownAt = new Map<string, ShownValue | undefined>()
  const shownValueAt = (instancePath: string, actual: unknown): ShownValue | undefined => {
    if (shownAt.has(instancePath)) return shownAt.get(instancePath)
    // a list or object holding a string is not shown either: `{ a: { $secret: TOKEN } }` under a const
    const shown = actual === undefined || (!options.showStrings && holdsString(actual)) ? undefined : { value: actual }
    shownAt.set(instancePath, shown)
    return shown
  }
  for (const e of mergeUnionErrors(errors ?? [])) {
    if (e.keyword === 'if') continue
    const params = e.params as Record<string, unknown>
    const base = valuePath(root, e.instancePath, value)
    let line: string
    if (e.keyword === 'required') line = `${joinPath(base, String(params['missingProperty']))}: is required`
    else if (e.keyword === 'additionalProperties') line = `${joinPath(base, String(params['additionalProperty']))}: is not allowed`
    else {
      const actual = valueAtInstancePath(value, e.instancePath)
      const shown = shownValueAt(e.instancePath, actual)
      if (e.keyword === 'type') {
        const types = String(params['type']).split(',')
        line = `${base}: must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}${actual === undefined ? '' : `, not ${kindOf(shown, actual)}`}`
      } else line = `${base}: ${describeRule(e, shown)}`
    }
    lines.add(line)
  }
  return [...lines]
}
