// Random small schemas, values sampled from them, and values broken in ways TypeScript
// can see, for test/lower/typeSoundness.test.ts. Property names are often hostile
// (`__proto__`, `constructor`, `toString`, `content-type`, '', unicode): every object
// built here gets its keys with `setOwn`, never `obj[key] = ...`, which would set a
// prototype for `__proto__`.
import fc from 'fast-check'
import { mergeAllOf } from '../../src/jsonSchema/mergeAllOf.js'
import { referenceOf } from '../../src/jsonSchema/reference.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../../src/jsonSchema/types.js'
import { rootView } from '../../src/jsonSchema/view.js'
import { builtOnce } from './builtOnce.js'
import type { Rng } from './seededRandom.js'

// ---------------------------------------------------------------- helpers

/** An own, enumerable property, whatever the key (`__proto__` included). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined
}

/** A deep copy that keeps `__proto__` keys as own keys (JSON.parse creates them so). */
export function clone<T extends JsonValue>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

function compact(node: Record<string, unknown>): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as SchemaNode
}

function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items[Math.floor(rng() * items.length)]
}

export function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i] as JsonValue))
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  const ob = b as Record<string, JsonValue>
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(ob, k) && sameJson((a as Record<string, JsonValue>)[k] as JsonValue, ob[k] as JsonValue))
}

// ---------------------------------------------------------------- schemas

/** Names of declared properties: mostly plain, often hostile. */
export const PROPERTY_NAMES = [
  'a',
  'b',
  'c',
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'content-type',
  '',
  'default',
  'ünï',
  '日本',
  'x y',
  '0',
  '$x',
  'length',
  '$entity',
  '$ref',
  'type',
  'properties',
  'required',
] as const
const PLAIN_NAMES = ['a', 'b', 'c']
/** Names of undeclared properties a value may carry where its object admits extra keys. */
export const EXTRA_NAMES = ['x', '__proto__', 'toString', 'hasOwnProperty', 'content-type', '', 'ünï']
/** Members every object has, which TypeScript finds on any object literal. */
export const OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
])

/**
 * KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 1): under an
 * index signature from an `additionalProperties` schema, a key named like a member of
 * every object (`toString`, `hasOwnProperty`, ...) takes that member as its contextual
 * type, so literal types (enum, const) in its value are widened and rejected. Until the
 * generator works around it, the sampler gives such objects no key of those names.
 * Remove this filter with the `it.fails` mark.
 */
const EXTRA_NAMES_UNDER_A_SCHEMA = EXTRA_NAMES.filter((name) => !OBJECT_MEMBERS.has(name))

/**
 * KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 2): an open
 * object with `anyOf`/`oneOf` beside its keywords is `{ ...; [key: string]: unknown } &
 * (A | B)`, and TypeScript checks an extra key named like a member of every object against
 * that member (`toString: 1`: "number is not assignable to () => string"); so are the
 * objects in its properties, whose types a branch that requires them repeats (`T & T`).
 * Until the generator works around it, such objects (and the objects inside them) get no
 * extra key of those names.
 */
const EXTRA_NAMES_BESIDE_A_UNION = EXTRA_NAMES.filter((name) => !OBJECT_MEMBERS.has(name))
const BOUNDS = [-2, -1, -0.5, 0, 0.5, 1, 2, 3, 5]
const HOSTILE_OBJECT = JSON.parse('{"__proto__": 1, "toString": "t"}') as JsonValue
export const POOL: JsonValue[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  1.5,
  -1,
  1e21,
  -2.5e-7,
  '',
  'a',
  'b',
  'ab',
  'ü"\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a hostile value: it must stay text in generated code
  '*/\u2028${x}',
  [],
  [1, 'a'],
  {},
  { a: 1 },
  { 'content-type': 'a' },
  HOSTILE_OBJECT,
  { $entity: 'e0', type: 'x' },
]
const SCALAR_TYPES: SchemaTypeName[] = ['null', 'boolean', 'integer', 'number', 'string']
const ALL_TYPES: SchemaTypeName[] = [...SCALAR_TYPES, 'array', 'object']

export interface GenOptions {
  /** entity names that `$entity` may reference (in properties, items and extra-property schemas) */
  entities: readonly string[]
  /** `$defs` names that `$ref` may reference there (`#/$defs/NAME`) */
  defs?: readonly string[]
  /** whether `$message: TYPE` may stand there */
  messages?: boolean
}

/** Standard messages a schema may stand for: their payloads are closed objects typed by messages.ts. */
export const MESSAGE_TYPES = ['text', 'image', 'location', 'card'] as const

/** Where a schema may stand for another: an entity, a named schema or a standard message, now and then. */
function referenceSlot(options: GenOptions, inline: () => fc.Arbitrary<SchemaNode>, inlineWeight: number): fc.Arbitrary<SchemaNode> {
  const references: { weight: number; arbitrary: fc.Arbitrary<SchemaNode> }[] = []
  if (options.entities.length > 0) references.push({ weight: 2, arbitrary: fc.constantFrom(...options.entities).map(($entity) => ({ $entity })) })
  const defs = options.defs ?? []
  if (defs.length > 0) references.push({ weight: 1, arbitrary: fc.constantFrom(...defs).map((name): SchemaNode => ({ $ref: `#/$defs/${name}` })) })
  if (options.messages === true) references.push({ weight: 1, arbitrary: fc.constantFrom(...MESSAGE_TYPES).map(($message): SchemaNode => ({ $message })) })
  if (references.length === 0) return inline()
  return fc.oneof({ weight: inlineWeight * references.reduce((sum, r) => sum + r.weight, 0), arbitrary: inline() }, ...references)
}

const maybe = <T>(arb: fc.Arbitrary<T>, freq = 0.5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: Math.round((1 - freq) * 10), arbitrary: fc.constant(undefined) }, { weight: Math.round(freq * 10), arbitrary: arb })

const numberArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constantFrom<SchemaTypeName>('integer', 'number'),
    minimum: maybe(fc.constantFrom(...BOUNDS), 0.3),
    maximum: maybe(fc.constantFrom(...BOUNDS), 0.3),
    exclusiveMinimum: maybe(fc.constantFrom(...BOUNDS), 0.15),
    exclusiveMaximum: maybe(fc.constantFrom(...BOUNDS), 0.15),
  })
  .map(compact)
  // bounds that admit a value (the checker rejects the others)
  .filter((node) => numberCandidates(node, node.type === 'integer').length > 0)

const stringArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constant<SchemaTypeName>('string'),
    minLength: maybe(fc.integer({ min: 0, max: 3 }), 0.3),
    maxLength: maybe(fc.integer({ min: 1, max: 4 }), 0.3),
    pattern: maybe(fc.constantFrom('^a', 'b$', '^[ab]*$'), 0.1),
  })
  .map(compact)
  .filter((node) => (node.minLength ?? 0) <= (node.maxLength ?? 4))

/** The schema types that admit a JSON value (a whole number: `integer` or `number`). */
function typeNamesOf(value: JsonValue, integerAsNumber: boolean): SchemaTypeName {
  const t = typeOfJson(value)
  return t === 'integer' && integerAsNumber ? 'number' : t
}

const enumArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.subarray(POOL, { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values.map(clone) })),
  fc.constantFrom(...POOL).map((value) => ({ const: clone(value) })),
  fc.subarray(['a', 'b', 'ab', '', 'content-type', '__proto__'], { minLength: 1 }).map((values) => ({ type: 'string' as const, enum: values })),
  // a type list beside an enum or a const: every value fits it, and it may list more
  fc
    .tuple(fc.subarray(POOL, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.subarray(ALL_TYPES, { maxLength: 1 }), fc.boolean())
    .map(([values, asNumber, more, single]): SchemaNode => {
      const type = [...new Set([...values.map((v) => typeNamesOf(v, asNumber)), ...more])]
      const value = values[0] as JsonValue
      return single
        ? { type: [...new Set([typeNamesOf(value, asNumber), ...more])], const: clone(value) }
        : { type: type.length === 1 ? (type[0] as SchemaTypeName) : type, enum: values.map(clone) }
    }),
)

const typeArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.constantFrom(...SCALAR_TYPES).map((type) => ({ type })),
  fc.subarray(SCALAR_TYPES, { minLength: 2, maxLength: 3 }).map((type) => ({ type })),
  // containers without their keywords: unknown[], Record<string, unknown>
  fc.constantFrom<SchemaNode>({ type: 'array' }, { type: 'object' }, { type: ['object', 'null'] }, { type: ['array', 'string'] }),
)

function leafArb(): fc.Arbitrary<SchemaNode> {
  return fc.oneof(numberArb, stringArb, enumArb, typeArb)
}

/** Declared property names: one to three, mostly plain. */
const namesArb: fc.Arbitrary<string[]> = fc.uniqueArray(
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PLAIN_NAMES) }, { weight: 2, arbitrary: fc.constantFrom(...PROPERTY_NAMES) }),
  {
    minLength: 0,
    maxLength: 3,
  },
)

/** Titles and descriptions that must not break the JSDoc they end up in. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile texts: they must stay text in generated JSDoc
const DOC_TEXTS = ['plain', 'a */ b', '*/', '/* c */ @ts-ignore', 'line\nbreak\n * star', '`tick` ${x} \\u0000', '\u2028sep\u2029', '<!-- -->']

const docArb: fc.Arbitrary<{ title?: string; description?: string }> = fc
  .record({ title: maybe(fc.constantFrom(...DOC_TEXTS), 0.1), description: maybe(fc.constantFrom(...DOC_TEXTS), 0.15) })
  .map((doc) => compact(doc) as { title?: string; description?: string })

const OBJECT_TYPES: SchemaNode['type'][] = ['object', 'object', 'object', 'object', ['object', 'null'], ['object', 'string']]

function objectArb(
  depth: number,
  _child: () => fc.Arbitrary<SchemaNode>,
  slot: () => fc.Arbitrary<SchemaNode>,
  types = OBJECT_TYPES,
): fc.Arbitrary<SchemaNode> {
  return fc
    .record({
      names: namesArb,
      schemas: fc.array(fc.tuple(slot(), docArb), { minLength: 3, maxLength: 3 }),
      requiredMask: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      extra: fc.oneof(fc.constant(undefined), fc.constant(true), fc.constant(false), depth > 0 ? slot() : leafArb()),
      type: fc.constantFrom(...types),
      doc: docArb,
    })
    .map(({ names, schemas, requiredMask, extra, type, doc }): SchemaNode => {
      const properties: Record<string, SchemaNode> = {}
      names.forEach((name, i) => {
        const [schema, propertyDoc] = schemas[i] ?? [{ type: 'null' }, {}]
        // `$entity` may stand only beside a title and a description
        setOwn(properties, name, { ...schema, ...propertyDoc })
      })
      const required = names.filter((_, i) => requiredMask[i] === true)
      return compact({
        type,
        properties: names.length > 0 || extra === undefined ? properties : undefined,
        required: required.length > 0 ? required : undefined,
        additionalProperties: extra,
        ...doc,
      })
    })
}

/** A schema of at most this depth (built once per depth and options). */
export const schemaArb = builtOnce(buildSchemaArb)

function buildSchemaArb(depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
  if (depth <= 0) return leafArb()
  const child = (): fc.Arbitrary<SchemaNode> => schemaArb(depth - 1, options)
  const slot = (): fc.Arbitrary<SchemaNode> => referenceSlot(options, child, 3)
  const object = objectArb(depth, child, slot)
  const arrayArb = fc
    .record({
      items: maybe(slot(), 0.85),
      minItems: maybe(fc.integer({ min: 0, max: 2 }), 0.2),
      maxItems: maybe(fc.integer({ min: 1, max: 3 }), 0.2),
    })
    .chain((r) => fc.constantFrom<SchemaNode['type']>('array', 'array', ['array', 'null']).map((type) => compact({ type, ...r })))
  const anyOfArb = fc.array(slot(), { minLength: 1, maxLength: 3 }).map((anyOf): SchemaNode => ({ anyOf }))
  const oneOfArb = fc.array(slot(), { minLength: 1, maxLength: 3 }).map((oneOf): SchemaNode => ({ oneOf }))
  // a union beside an object's keywords, whose branches add requirements (typed or not)
  const guardedUnionArb = fc
    .tuple(object, fc.integer({ min: 1, max: 2 }), fc.nat(), fc.boolean(), fc.boolean())
    .map(([base, count, offset, one, typed]): SchemaNode => {
      const declared = Object.keys(base.properties ?? {})
      if (declared.length === 0) return base
      // KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 3): in the
      // intersection this becomes, a declared property named like an Object member gets
      // a contextual type intersected with that member's (`valueOf: { length: 'ab' }`:
      // 'ab' meets Function's `length: number` and widens). Until fixed, no union here.
      if (declared.some((name) => OBJECT_MEMBERS.has(name))) return base
      // distinct requirements, so that a oneOf of them admits a value
      const names = [...new Set(Array.from({ length: count }, (_, i) => declared[(offset + i) % declared.length] as string))]
      const branches = names.map((name): SchemaNode => (typed ? { type: 'object', required: [name] } : { required: [name] }))
      // now and then a branch with a property of its own
      if (typed && offset % 3 === 0) branches.push({ type: 'object', properties: { own: { type: 'string' } }, required: ['own'] })
      return one ? { ...base, oneOf: branches } : { ...base, anyOf: branches }
    })
  // a type list narrowed by branches of some of its types (or by any schema, now and then)
  const typeListUnionArb = fc.subarray(ALL_TYPES, { minLength: 2, maxLength: 3 }).chain((type) =>
    fc
      .tuple(
        fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...type).map(branchOfType) }, { weight: 1, arbitrary: child() }), {
          minLength: 1,
          maxLength: 2,
        }),
        fc.boolean(),
      )
      .map(([branches, one]): SchemaNode => (one ? { type, oneOf: branches } : { type, anyOf: branches })),
  )
  // composition: any schemas (entities too), or two objects, merged into one interface
  // where that is exact and intersected where not. KNOWN BUG 3 (below) applies to an
  // intersection too: no objects declaring a property named like an Object member here.
  // (random branches mostly contradict each other, BW2025: the second one shares the first's type)
  const companionArb = (first: SchemaNode): fc.Arbitrary<SchemaNode> =>
    first.type === undefined
      ? fc.constant(first)
      : fc.constantFrom<SchemaNode>(
          { type: first.type },
          { type: first.type, minimum: 0 },
          { type: first.type, maxLength: 3 },
          { type: first.type, minItems: 1 },
        )
  const allOfArb = slot().chain((first) => companionArb(first).map((second): SchemaNode => ({ allOf: [first, second] })))
  const declaresObjectMember = (node: SchemaNode): boolean => Object.keys(node.properties ?? {}).some((name) => OBJECT_MEMBERS.has(name))
  const objectsAllOfArb = fc
    .tuple(object, object, fc.boolean())
    .map(([a, b, beside]): SchemaNode => (declaresObjectMember(a) || declaresObjectMember(b) ? a : beside ? { ...a, allOf: [b] } : { allOf: [a, b] }))
  return fc.oneof(
    { weight: 3, arbitrary: leafArb() },
    { weight: 4, arbitrary: object },
    { weight: 2, arbitrary: arrayArb },
    { weight: 1, arbitrary: anyOfArb },
    { weight: 1, arbitrary: oneOfArb },
    { weight: 1, arbitrary: guardedUnionArb },
    { weight: 1, arbitrary: typeListUnionArb },
    { weight: 1, arbitrary: allOfArb },
    { weight: 1, arbitrary: objectsAllOfArb },
  )
}

/** A branch that admits some values of one type. */
function branchOfType(type: SchemaTypeName): SchemaNode {
  switch (type) {
    case 'string':
      return { type, minLength: 1 }
    case 'number':
    case 'integer':
      return { type, minimum: 0 }
    case 'object':
      return { type, properties: { a: { type: 'string' } }, required: ['a'] }
    case 'array':
      return { type, items: { type: 'integer' } }
    default:
      return { type }
  }
}

/** A schema that is an object at the top (action input and output schemas). */
export function objectSchemaArb(depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
  const child = (): fc.Arbitrary<SchemaNode> => schemaArb(depth - 1, options)
  const slot = (): fc.Arbitrary<SchemaNode> => referenceSlot(options, child, 2)
  return objectArb(depth, child, slot, ['object'])
}

// ---------------------------------------------------------------- values

export const FAIL = Symbol('fail')
export type Sample = JsonValue | typeof FAIL

/** Resolves a reference key: an entity name (`LOCAL.ENTITY` in a plugin), `#/$defs/NAME` or `$message:TYPE`. */
export type Resolve = (name: string) => SchemaNode | undefined

function declaredTypes(node: SchemaNode): SchemaTypeName[] | undefined {
  if (node.type === undefined) return undefined
  return Array.isArray(node.type) ? node.type : [node.type]
}

function numberCandidates(node: SchemaNode, integer: boolean): number[] {
  const step = integer ? 1 : 0.5
  const candidates: number[] = []
  for (let n = -4; n <= 7; n += step) {
    if (node.minimum !== undefined && n < node.minimum) continue
    if (node.maximum !== undefined && n > node.maximum) continue
    if (node.exclusiveMinimum !== undefined && n <= node.exclusiveMinimum) continue
    if (node.exclusiveMaximum !== undefined && n >= node.exclusiveMaximum) continue
    candidates.push(n)
  }
  return candidates
}

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

function typeOfJson(value: JsonValue): SchemaTypeName {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as 'string' | 'boolean' | 'object'
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
