// The type-soundness sampler (test/lower/typeSoundness.test.ts): values sampled from a
// schema, written as TypeScript literals, and the mutations of a value that the schema
// must reject, each with what the generated type should say of it.
import { mergeAllOf } from '../../src/jsonSchema/mergeAllOf.js'
import { referenceOf } from '../../src/jsonSchema/reference.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../../src/jsonSchema/types.js'
import { rootView } from '../../src/jsonSchema/view.js'
import { OBJECT_MEMBERS } from '../../src/lower/names.js'
import type { Rng } from './seededRandom.js'
import {
  ALL_TYPES,
  clone,
  compact,
  declaredTypes,
  EXTRA_NAMES,
  EXTRA_NAMES_BESIDE_A_UNION,
  EXTRA_NAMES_UNDER_A_SCHEMA,
  numberCandidates,
  own,
  POOL,
  pick,
  sameJson,
  setOwn,
  typeOfJson,
} from './typeSoundness.js'

export const FAIL = Symbol('fail')
export type Sample = JsonValue | typeof FAIL

/** Resolves a reference key: an entity name (`LOCAL.ENTITY` in a plugin), `#/$defs/NAME` or `$message:TYPE`. */
export type Resolve = (name: string) => SchemaNode | undefined

/**
 * A value the schema probably admits (the caller confirms with ajv); FAIL when none was
 * found. Undeclared properties only where the type admits them: `additionalProperties`
 * true or a schema, or an object with no declared property (docs/decisions.md: an object
 * that declares properties and leaves `additionalProperties` out is typed with the
 * declared properties only, although ajv admits others).
 */
export function sample(node: SchemaNode, rng: Rng, resolve: Resolve, depth = 0, besideUnion = false): Sample {
  if (depth > 10) return FAIL
  const reference = referenceOf(node)
  if (reference !== undefined) {
    const schema = resolve(reference)
    return schema === undefined ? FAIL : sample(schema, rng, resolve, depth + 1, besideUnion)
  }
  if (node.const !== undefined) return clone(node.const)
  if (node.enum !== undefined) {
    const value = pick(rng, node.enum)
    return value === undefined ? FAIL : clone(value)
  }
  if (node.allOf !== undefined) {
    // the branches merged into one node (the caller confirms the value against the schema itself)
    return sample(mergeAllOf(rootView(node, null), resolve).merged.node, rng, resolve, depth + 1, true)
  }
  const branches = node.anyOf ?? node.oneOf
  if (branches !== undefined) {
    const branch = pick(rng, branches)
    if (branch === undefined) return FAIL
    // the branch together with the keywords beside the union (ajv rejects what does not fit)
    const { anyOf: _anyOf, oneOf: _oneOf, ...base } = node
    if (
      referenceOf(branch) !== undefined ||
      branch.const !== undefined ||
      branch.enum !== undefined ||
      branch.anyOf !== undefined ||
      branch.oneOf !== undefined
    ) {
      return sample(branch, rng, resolve, depth + 1, besideUnion)
    }
    const required = [...new Set([...(base.required ?? []), ...(branch.required ?? [])])]
    const merged: SchemaNode = compact({ ...base, ...branch, required: required.length > 0 ? required : undefined })
    if (base.type !== undefined && branch.type !== undefined) {
      const inBranch = new Set(declaredTypes(branch))
      const both = (declaredTypes(base) ?? []).filter((t) => inBranch.has(t) || (t === 'number' && inBranch.has('integer')))
      merged.type = both.map((t) => (t === 'number' && !(declaredTypes(branch) ?? []).includes('number') ? 'integer' : t))
    }
    if (base.properties !== undefined && branch.properties !== undefined) {
      const properties: Record<string, SchemaNode> = {}
      for (const [k, v] of Object.entries(base.properties)) setOwn(properties, k, v)
      for (const [k, v] of Object.entries(branch.properties)) if (!Object.hasOwn(properties, k)) setOwn(properties, k, v)
      merged.properties = properties
    } else if (base.properties !== undefined) merged.properties = base.properties
    // a closed parent or branch: no extra keys
    if (base.additionalProperties === false || branch.additionalProperties === false) merged.additionalProperties = false
    return sample(merged, rng, resolve, depth + 1, besideUnion || base.type !== undefined)
  }
  const type = pick(rng, declaredTypes(node) ?? ALL_TYPES)
  switch (type) {
    case undefined:
      return FAIL
    case 'null':
      return null
    case 'boolean':
      return rng() < 0.5
    case 'integer':
    case 'number':
      return pick(rng, numberCandidates(node, type === 'integer')) ?? FAIL
    case 'string': {
      const min = node.minLength ?? 0
      const max = Math.min(node.maxLength ?? min + 3, min + 3)
      for (let attempt = 0; attempt < 30; attempt++) {
        const length = min + Math.floor(rng() * (max - min + 1))
        let text = ''
        for (let i = 0; i < length; i++) text += pick(rng, ['a', 'b', 'a', 'b', 'ü', '"', '\\', '\n', '$', '`']) ?? 'a'
        if (node.pattern === undefined || new RegExp(node.pattern, 'u').test(text)) return text
      }
      return FAIL
    }
    case 'array': {
      const min = node.minItems ?? 0
      const max = Math.min(node.maxItems ?? min + 2, min + 2)
      const length = min + Math.floor(rng() * (max - min + 1))
      const items: JsonValue[] = []
      for (let i = 0; i < length; i++) {
        const item = node.items === undefined ? clone(pick(rng, POOL) ?? null) : sample(node.items, rng, resolve, depth + 1)
        if (item === FAIL) return FAIL
        items.push(item)
      }
      return items
    }
    case 'object': {
      const value: { [key: string]: JsonValue } = {}
      const required = new Set(node.required ?? [])
      const properties = node.properties ?? {}
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name) && rng() < 0.4 + depth * 0.08) continue
        const item = sample(property, rng, resolve, depth + 1, besideUnion)
        if (item === FAIL) {
          if (required.has(name)) return FAIL
          continue
        }
        setOwn(value, name, item)
      }
      for (const name of required) if (!Object.hasOwn(properties, name) && !Object.hasOwn(value, name)) setOwn(value, name, clone(pick(rng, POOL) ?? null))
      const extra = node.additionalProperties
      const declaresNone = Object.keys(properties).length === 0
      if (extra === true || (extra === undefined && declaresNone)) {
        for (const name of besideUnion ? EXTRA_NAMES_BESIDE_A_UNION : EXTRA_NAMES)
          if (!Object.hasOwn(properties, name) && depth < 5 && rng() < 0.12) setOwn(value, name, clone(pick(rng, POOL) ?? null))
      }
      if (typeof extra === 'object') {
        for (const name of EXTRA_NAMES_UNDER_A_SCHEMA) {
          if (Object.hasOwn(properties, name) || depth > 4 || rng() < 0.8) continue
          const item = sample(extra, rng, resolve, depth + 1)
          if (item !== FAIL) setOwn(value, name, item)
        }
      }
      return value
    }
  }
}

// ---------------------------------------------------------------- TypeScript literals

/** A string literal on one line: U+2028 and U+2029, which JSON.stringify leaves, end a line for TypeScript's positions. */
function quote(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * A JSON value as a one-line TypeScript expression. Keys are quoted, and `__proto__` is
 * a computed key (docs/definitions.md#identity-names-and-versions: in an object literal `__proto__: ...`, quoted or not, sets the
 * prototype and creates no property).
 */
export function tsLiteral(value: JsonValue): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value)
  if (typeof value === 'string') return quote(value)
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`
  const entries = Object.entries(value).map(([k, v]) => `${k === '__proto__' ? '["__proto__"]' : quote(k)}: ${tsLiteral(v)}`)
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`
}

/** A value with optional properties given as `undefined`: its TypeScript literal and the JavaScript value itself. */
export interface WithUndefined {
  literal: string
  value: unknown
}

/**
 * `value` (which `node` admits) with every optional property it leaves out given as
 * `undefined` instead, where the schema is plain on the way there (no anyOf/oneOf): the
 * generated types say `?: T | undefined`, and the runtime reads such a property as left
 * out. Undefined when no property could be added.
 */
export function absentAsUndefined(node: SchemaNode, value: JsonValue, resolve: Resolve): WithUndefined | undefined {
  let added = false
  const visit = (at: SchemaNode, v: JsonValue): WithUndefined => {
    const schema = resolveEntities(at, resolve)
    const plain = schema !== undefined && schema.anyOf === undefined && schema.oneOf === undefined && schema.allOf === undefined
    if (!plain || v === null || typeof v !== 'object') return { literal: tsLiteral(v), value: v }
    if (Array.isArray(v)) {
      const items = v.map((item) => (schema.items === undefined ? { literal: tsLiteral(item), value: item } : visit(schema.items, item)))
      return { literal: `[${items.map((i) => i.literal).join(', ')}]`, value: items.map((i) => i.value) }
    }
    const entries: [string, WithUndefined][] = Object.entries(v).map(([k, item]) => {
      const property = own(schema.properties, k)
      return [k, property === undefined ? { literal: tsLiteral(item), value: item } : visit(property, item)]
    })
    const required = new Set(schema.required ?? [])
    for (const k of Object.keys(schema.properties ?? {})) {
      if (required.has(k) || Object.hasOwn(v, k)) continue
      entries.push([k, { literal: 'undefined', value: undefined }])
      added = true
    }
    const copy: Record<string, unknown> = {}
    for (const [k, item] of entries) setOwn(copy, k, item.value)
    const literal = entries.map(([k, item]) => `${k === '__proto__' ? '["__proto__"]' : quote(k)}: ${item.literal}`).join(', ')
    return { literal: entries.length === 0 ? '{}' : `{ ${literal} }`, value: copy }
  }
  const result = visit(node, value)
  return added ? result : undefined
}

// ---------------------------------------------------------------- rejections TypeScript can see

export interface Mutation {
  /** what was broken, for the report: `value.a[0]: null for {"type":"string"}` */
  what: string
  value: JsonValue
}

const WRONG_PRIMITIVES: JsonValue[] = [null, true, 'zz', 7, 2.5]

function admitsJsonType(types: SchemaTypeName[], value: JsonValue): boolean {
  const t = typeOfJson(value)
  // integer vs number is not a TypeScript difference: a number fits either
  if (t === 'integer' || t === 'number') return types.includes('integer') || types.includes('number')
  return types.includes(t)
}

/** Names of members strings, numbers and booleans have (`length`, `toFixed`, `valueOf`, ...). */
const PRIMITIVE_MEMBERS: ReadonlySet<string> = new Set([
  ...OBJECT_MEMBERS,
  ...[String.prototype, Number.prototype, Boolean.prototype].flatMap((proto) => Object.getOwnPropertyNames(proto)),
])

/**
 * KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 4 and 5): an object
 * type whose properties are all optional is a weak type, which a primitive fits as soon
 * as it has a member of one of those names: `{ toString?: T | Object["toString"] }` takes
 * every string and number, `{ length?: number }` every string. So does one whose only
 * required properties are named so and typed recursively (`interface E { valueOf: E }`:
 * "zz".valueOf is a function, whose own valueOf is ...). Until the generator closes it,
 * no primitive replaces such an object.
 */
function admitsAnyPrimitiveByMistake(schema: SchemaNode): boolean {
  const types = declaredTypes(schema) ?? []
  if (!types.includes('object') || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)) return false
  const names = Object.keys(schema.properties ?? {})
  return (schema.required ?? []).every((name) => PRIMITIVE_MEMBERS.has(name)) && names.some((name) => PRIMITIVE_MEMBERS.has(name))
}

type Verdict = 'rejects' | 'admits' | 'unknown'

/**
 * Whether a primitive fits a `const`/`enum` node, typed as the union of its values' literal
 * types (those its type list admits): an object or array value is an object type or a
 * tuple, which no primitive fits.
 */
function literalVerdict(schema: SchemaNode, candidate: JsonValue): Verdict {
  const types = declaredTypes(schema)
  const values = (schema.const !== undefined ? [schema.const] : (schema.enum ?? [])).filter((v) => types === undefined || admitsJsonType(types, v))
  if (values.some((v) => sameJson(v, candidate))) return 'admits'
  return 'rejects'
}

/**
 * Whether a primitive fits a schema's type as TypeScript sees it: `rejects` only when no
 * part of the type could take it (its type list, its literals, every union branch).
 * `parent` is the node a union branch belongs to (whose properties a branch inherits).
 */
function primitiveVerdict(node: SchemaNode, candidate: JsonValue, resolve: Resolve, parent: SchemaNode | null): Verdict {
  const schema = resolveEntities(node, resolve)
  if (schema === undefined) return 'unknown'
  if (schema.const !== undefined || schema.enum !== undefined) return literalVerdict(schema, candidate)
  const types = declaredTypes(schema)
  const declaresObjectMember = (n: SchemaNode | null): boolean => Object.keys(n?.properties ?? {}).some((name) => PRIMITIVE_MEMBERS.has(name))
  if (types !== undefined && !admitsJsonType(types, candidate)) {
    if (!types.includes('object')) return 'rejects'
    if (admitsAnyPrimitiveByMistake(schema) || declaresObjectMember(schema) || declaresObjectMember(parent)) return 'unknown'
    // a branch beside a type list is intersected with it, `(string | ...) & { a?: string }`,
    // and TypeScript skips its weak-type check inside an intersection: every string fits an
    // object branch with no required property. The generator leaves out of the list the
    // types no branch admits, but only where every branch says its types.
    const siblings = parent ? [...(parent.anyOf ?? []), ...(parent.oneOf ?? [])] : []
    if (parent?.type !== undefined && (schema.required ?? []).length === 0 && siblings.some((b) => b.type === undefined)) return 'unknown'
    return 'rejects'
  }
  const unions = [schema.anyOf, schema.oneOf].filter((b): b is SchemaNode[] => b !== undefined)
  // a node without a type or union (a branch of only object keywords) may admit anything
  if (types === undefined && unions.length === 0) return 'unknown'
  let verdict: Verdict = 'admits'
  for (const branches of unions) {
    const verdicts = branches.map((branch) => primitiveVerdict(branch, candidate, resolve, schema))
    if (verdicts.every((v) => v === 'rejects')) return 'rejects'
    if (verdicts.includes('unknown')) verdict = 'unknown'
  }
  return verdict
}

function resolveEntities(node: SchemaNode, resolve: Resolve): SchemaNode | undefined {
  let current: SchemaNode | undefined = node
  for (let i = 0; i < 10 && current !== undefined && referenceOf(current) !== undefined; i++) current = resolve(referenceOf(current) ?? '')
  return current === undefined || referenceOf(current) !== undefined ? undefined : current
}

/**
 * Every way to break `value` (which `node` admits) that TypeScript can see, reached
 * through plain nodes only (no anyOf/oneOf on the way, where which branch a part belongs
 * to is a guess): a primitive of a type the node does not list, a primitive outside an
 * enum or const of primitives, a required property left out (not one named like a member
 * of every object, which an object literal always has), an undeclared property where
 * `additionalProperties` is false. Inside the values of extra properties only where the
 * object declares no property (otherwise the index signature also covers the declared
 * properties' types, docs/generated-code.md#schemas-become-plain-types).
 */
export function mutations(node: SchemaNode, value: JsonValue, resolve: Resolve, path = 'value'): Mutation[] {
  const schema = resolveEntities(node, resolve)
  if (schema === undefined) return []
  const found: Mutation[] = []
  const replaceWith = (replacement: JsonValue, why: string): Mutation => ({ what: `${path}: ${JSON.stringify(replacement)} (${why})`, value: replacement })
  if (schema.anyOf !== undefined || schema.oneOf !== undefined || schema.allOf !== undefined) {
    // a union (or an allOf, typed as an intersection): only a primitive that no branch admits by its type (or its literals)
    for (const candidate of WRONG_PRIMITIVES)
      if (primitiveVerdict(schema, candidate, resolve, null) === 'rejects') found.push(replaceWith(candidate, 'no branch admits its type'))
    return found
  }
  if (schema.const !== undefined || schema.enum !== undefined) {
    for (const candidate of WRONG_PRIMITIVES) {
      if (literalVerdict(schema, candidate) === 'rejects') found.push(replaceWith(candidate, `not in ${JSON.stringify(schema.const ?? schema.enum)}`))
    }
    return found
  }
  const types = declaredTypes(schema)
  if (types === undefined) return []
  for (const candidate of WRONG_PRIMITIVES) {
    if (admitsJsonType(types, candidate) || (candidate !== null && admitsAnyPrimitiveByMistake(schema))) continue
    found.push(replaceWith(candidate, `type ${JSON.stringify(schema.type)}`))
  }
  if (Array.isArray(value) && types.includes('array') && schema.items !== undefined) {
    value.forEach((item, i) => {
      for (const m of mutations(schema.items as SchemaNode, item, resolve, `${path}[${i}]`)) {
        const copy = clone(value)
        copy[i] = m.value
        found.push({ what: m.what, value: copy })
      }
    })
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && types.includes('object')) {
    const properties = schema.properties ?? {}
    const required = new Set(schema.required ?? [])
    const withEntry = (key: string, entry: JsonValue | undefined): JsonValue => {
      const copy: { [key: string]: JsonValue } = {}
      for (const [k, v] of Object.entries(value)) if (k !== key) setOwn(copy, k, clone(v))
      if (entry !== undefined) setOwn(copy, key, entry)
      return copy
    }
    for (const name of required) {
      if (Object.hasOwn(value, name) && !OBJECT_MEMBERS.has(name))
        found.push({ what: `${path}: required ${JSON.stringify(name)} left out`, value: withEntry(name, undefined) })
    }
    if (schema.additionalProperties === false) {
      for (const name of ['zz', 'content-type', '__proto__', 'toString', '']) {
        if (!Object.hasOwn(properties, name) && !Object.hasOwn(value, name))
          found.push({ what: `${path}: undeclared ${JSON.stringify(name)} in a closed object`, value: withEntry(name, 1) })
      }
    }
    const extra = schema.additionalProperties
    for (const [name, entry] of Object.entries(value)) {
      const declared = own(properties, name)
      const child = declared ?? (typeof extra === 'object' && Object.keys(properties).length === 0 ? extra : undefined)
      if (child === undefined) continue
      for (const m of mutations(child, entry, resolve, `${path}[${JSON.stringify(name)}]`)) found.push({ what: m.what, value: withEntry(name, m.value) })
    }
  }
  return found
}
