// Random small schemas, values sampled from them, and values broken in ways TypeScript
// can see, for test/lower/typeSoundness.test.ts. Property names are often hostile
// (`__proto__`, `constructor`, `toString`, `content-type`, '', unicode): every object
// built here gets its keys with `setOwn`, never `obj[key] = ...`, which would set a
// prototype for `__proto__`.
import fc from 'fast-check'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../../src/jsonSchema/types.js'
// members every object has, which TypeScript finds on any object literal: the generator's own list
import { OBJECT_MEMBERS } from '../../src/lower/names.js'
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

export function compact(node: Record<string, unknown>): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as SchemaNode
}

export function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
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
export const PLAIN_NAMES = ['a', 'b', 'c']
/** Names of undeclared properties a value may carry where its object admits extra keys. */
export const EXTRA_NAMES = ['x', '__proto__', 'toString', 'hasOwnProperty', 'content-type', '', 'ünï']

/**
 * KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 1): under an
 * index signature from an `additionalProperties` schema, a key named like a member of
 * every object (`toString`, `hasOwnProperty`, ...) takes that member as its contextual
 * type, so literal types (enum, const) in its value are widened and rejected. Until the
 * generator works around it, the sampler gives such objects no key of those names.
 * Remove this filter with the `it.fails` mark.
 */
export const EXTRA_NAMES_UNDER_A_SCHEMA = EXTRA_NAMES.filter((name) => !OBJECT_MEMBERS.has(name))

/**
 * KNOWN BUG (test/lower/typeSoundness.test.ts, "known generator bugs" 2): an open
 * object with `anyOf`/`oneOf` beside its keywords is `{ ...; [key: string]: unknown } &
 * (A | B)`, and TypeScript checks an extra key named like a member of every object against
 * that member (`toString: 1`: "number is not assignable to () => string"); so are the
 * objects in its properties, whose types a branch that requires them repeats (`T & T`).
 * Until the generator works around it, such objects (and the objects inside them) get no
 * extra key of those names.
 */
export const EXTRA_NAMES_BESIDE_A_UNION = EXTRA_NAMES.filter((name) => !OBJECT_MEMBERS.has(name))
export const BOUNDS = [-2, -1, -0.5, 0, 0.5, 1, 2, 3, 5]
export const HOSTILE_OBJECT = JSON.parse('{"__proto__": 1, "toString": "t"}') as JsonValue
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
export const SCALAR_TYPES: SchemaTypeName[] = ['null', 'boolean', 'integer', 'number', 'string']
export const ALL_TYPES: SchemaTypeName[] = [...SCALAR_TYPES, 'array', 'object']

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
export function referenceSlot(options: GenOptions, inline: () => fc.Arbitrary<SchemaNode>, inlineWeight: number): fc.Arbitrary<SchemaNode> {
  const references: { weight: number; arbitrary: fc.Arbitrary<SchemaNode> }[] = []
  if (options.entities.length > 0) references.push({ weight: 2, arbitrary: fc.constantFrom(...options.entities).map(($entity) => ({ $entity })) })
  const defs = options.defs ?? []
  if (defs.length > 0) references.push({ weight: 1, arbitrary: fc.constantFrom(...defs).map((name): SchemaNode => ({ $ref: `#/$defs/${name}` })) })
  if (options.messages === true) references.push({ weight: 1, arbitrary: fc.constantFrom(...MESSAGE_TYPES).map(($message): SchemaNode => ({ $message })) })
  if (references.length === 0) return inline()
  return fc.oneof({ weight: inlineWeight * references.reduce((sum, r) => sum + r.weight, 0), arbitrary: inline() }, ...references)
}

export const maybe = <T>(arb: fc.Arbitrary<T>, freq = 0.5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: Math.round((1 - freq) * 10), arbitrary: fc.constant(undefined) }, { weight: Math.round(freq * 10), arbitrary: arb })

export const numberArb: fc.Arbitrary<SchemaNode> = fc
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

export const stringArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constant<SchemaTypeName>('string'),
    minLength: maybe(fc.integer({ min: 0, max: 3 }), 0.3),
    maxLength: maybe(fc.integer({ min: 1, max: 4 }), 0.3),
    pattern: maybe(fc.constantFrom('^a', 'b$', '^[ab]*$'), 0.1),
  })
  .map(compact)
  .filter((node) => (node.minLength ?? 0) <= (node.maxLength ?? 4))

/** The schema types that admit a JSON value (a whole number: `integer` or `number`). */
export function typeNamesOf(value: JsonValue, integerAsNumber: boolean): SchemaTypeName {
  const t = typeOfJson(value)
  return t === 'integer' && integerAsNumber ? 'number' : t
}

export const enumArb: fc.Arbitrary<SchemaNode> = fc.oneof(
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

export const typeArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.constantFrom(...SCALAR_TYPES).map((type) => ({ type })),
  fc.subarray(SCALAR_TYPES, { minLength: 2, maxLength: 3 }).map((type) => ({ type })),
  // containers without their keywords: unknown[], Record<string, unknown>
  fc.constantFrom<SchemaNode>({ type: 'array' }, { type: 'object' }, { type: ['object', 'null'] }, { type: ['array', 'string'] }),
)

export function leafArb(): fc.Arbitrary<SchemaNode> {
  return fc.oneof(numberArb, stringArb, enumArb, typeArb)
}

/** Declared property names: one to three, mostly plain. */
export const namesArb: fc.Arbitrary<string[]> = fc.uniqueArray(
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PLAIN_NAMES) }, { weight: 2, arbitrary: fc.constantFrom(...PROPERTY_NAMES) }),
  {
    minLength: 0,
    maxLength: 3,
  },
)

/** Titles and descriptions that must not break the JSDoc they end up in. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: hostile texts: they must stay text in generated JSDoc
export const DOC_TEXTS = ['plain', 'a */ b', '*/', '/* c */ @ts-ignore', 'line\nbreak\n * star', '`tick` ${x} \\u0000', '\u2028sep\u2029', '<!-- -->']

export const docArb: fc.Arbitrary<{ title?: string; description?: string }> = fc
  .record({ title: maybe(fc.constantFrom(...DOC_TEXTS), 0.1), description: maybe(fc.constantFrom(...DOC_TEXTS), 0.15) })
  .map((doc) => compact(doc) as { title?: string; description?: string })

export const OBJECT_TYPES: SchemaNode['type'][] = ['object', 'object', 'object', 'object', ['object', 'null'], ['object', 'string']]

export function objectArb(
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

export function buildSchemaArb(depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
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
export function branchOfType(type: SchemaTypeName): SchemaNode {
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

export function declaredTypes(node: SchemaNode): SchemaTypeName[] | undefined {
  if (node.type === undefined) return undefined
  return Array.isArray(node.type) ? node.type : [node.type]
}

export function numberCandidates(node: SchemaNode, integer: boolean): number[] {
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

export function typeOfJson(value: JsonValue): SchemaTypeName {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value as 'string' | 'boolean' | 'object'
}
