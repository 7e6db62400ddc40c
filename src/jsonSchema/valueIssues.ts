// A value that a schema rejects, in plain words: the rule it breaks and the value
// (`must be at least 10, not 5`, `must be one of 'eu', 'us', not 'mars'`), rather than
// ajv's `must be >= 10` or `must be equal to one of the allowed values`. One wording for
// every place values are validated: the shape checks (BW2008), the values a schema holds
// (BW2016), bots' configuration values (BW4011) and the runtime's validation errors
// (src/runtime/validation.ts). No platform imports: the runtime compiles without them.
import type { ErrorObject } from 'ajv'
import { describeValue, describeValues } from './describe.js'
import type { JsonValue } from './types.js'

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
      return limit === 1 ? 'must not be empty' : `must have at least ${count(limit, 'character')}${not(length)}`
    case 'maxLength':
      return `must have at most ${count(limit, 'character')}${not(length)}`
    case 'minItems':
      return limit === 1 ? 'must not be an empty list' : `must have at least ${count(limit, 'item')}${not(items)}`
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
    case 'uniqueItems':
      return `lists ${describeValue((Array.isArray(value) ? value[Number(params['i'])] : undefined) as JsonValue)} twice`
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
  return `${path}[${JSON.stringify(segment)}]`
}

function pointerSegments(instancePath: string): string[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * ajv reports a value that fits no branch of an `anyOf`/`oneOf` once per branch and once
 * for the union: one problem, told once. Branches that each wanted another type become
 * one `type` error naming them all (`must be a string or an integer`); otherwise the
 * union's own error stands for its branches' errors at the same place (errors inside the
 * value, deeper down, stay).
 */
export function mergeUnionErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>()
  const replaced = new Map<ErrorObject, ErrorObject>()
  for (const union of errors) {
    if (union.keyword !== 'anyOf' && union.keyword !== 'oneOf') continue
    const branches = errors.filter((e) => e !== union && e.instancePath === union.instancePath && e.schemaPath.startsWith(`${union.schemaPath}/`))
    if (branches.length === 0) continue
    for (const branch of branches) dropped.add(branch)
    if (branches.every((e) => e.keyword === 'type')) {
      const types = [...new Set(branches.flatMap((e) => String((e.params as { type?: unknown }).type).split(',')))]
      replaced.set(union, { ...union, keyword: 'type', params: { type: types.join(',') } })
    }
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

export interface IssueOptions {
  /** whether string values may appear in the issues (not at run time) */
  showStrings: boolean
}

/**
 * ajv's errors for `value` as `path: what` lines (`input.temperature: must be at most 2,
 * not 7`), without duplicates and without if/then noise.
 */
export function describeIssues(errors: readonly ErrorObject[] | null | undefined, root: string, value: unknown, options: IssueOptions): string[] {
  const lines: string[] = []
  for (const e of mergeUnionErrors(errors ?? [])) {
    if (e.keyword === 'if') continue
    const params = e.params as Record<string, unknown>
    const base = valuePath(root, e.instancePath, value)
    const actual = valueAtInstancePath(value, e.instancePath)
    const shown = actual === undefined || (typeof actual === 'string' && !options.showStrings) ? undefined : { value: actual }
    let line: string
    if (e.keyword === 'required') line = `${joinPath(base, String(params['missingProperty']))}: is required`
    else if (e.keyword === 'additionalProperties') line = `${joinPath(base, String(params['additionalProperty']))}: is not allowed`
    else if (e.keyword === 'type') {
      const types = String(params['type']).split(',')
      line = `${base}: must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}${actual === undefined ? '' : `, not ${kindOf(shown, actual)}`}`
    } else line = `${base}: ${describeRule(e, shown)}`
    if (!lines.includes(line)) lines.push(line)
  }
  return lines
}
