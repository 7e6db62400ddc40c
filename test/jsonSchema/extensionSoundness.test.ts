// Property-based soundness of the entity extension check: for random pairs of small
// schemas that the checker accepts, values sampled from S (and confirmed by ajv
// against S) must be accepted by ajv against T. Also: every S that admits a value
// extends itself.
//
// Values that lean on the leniency of docs/entity-extension.md#soundness-notes are left out: an open S may leave out a
// property T declares as optional, and could then carry a value of any type under
// that name (see docs/entity-extension.md). So the sampler adds no undeclared
// property to an open S but 'x' (never declared anywhere), and samples are confirmed
// against S, and against S with open objects limited to their declared names and 'x'.
// Everything else is checked.
import { Ajv, type ValidateFunction } from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { admitsNoValue, checkExtension, ExtensionChecker, Inhabitation } from '../../src/jsonSchema/extension.js'
import { declaredTypes } from '../../src/jsonSchema/kinds.js'
import { mergeAllOf } from '../../src/jsonSchema/mergeAllOf.js'
import { integerLower, integerUpper, lowerBound, upperBound } from '../../src/jsonSchema/numericBounds.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../../src/jsonSchema/types.js'
import { rootView } from '../../src/jsonSchema/view.js'
import { messagePayloadSchema } from '../../src/validate/messageSchemas.js'
import { builtOnce } from '../support/builtOnce.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { type Rng, seededRandom } from '../support/seededRandom.js'
import { makeSide } from './sides.js'

// ---------------------------------------------------------------- schemas

const NAMES = ['a', 'b', 'c', 'd'] as const
const ENTITY_NAMES = ['e0', 'e1'] as const
const BOUNDS = [-2, -1, -0.5, 0, 0.5, 1, 2, 3, 5]
const POOL: JsonValue[] = [null, true, false, 0, 1, 2, 1.5, -1, '', 'a', 'b', 'ab', [], [1], {}, { a: 1 }]
const PATTERNS = ['^a', 'b$', '^[ab]*$']
const SCALAR_TYPES: SchemaTypeName[] = ['null', 'boolean', 'integer', 'number', 'string']
const ALL_TYPES: SchemaTypeName[] = [...SCALAR_TYPES, 'array', 'object']

interface GenOptions {
  /** entity names that `$entity` may reference (inside properties and items only) */
  entities: readonly string[]
  /** whether `oneOf` may be generated */
  oneOf: boolean
  /** whether `allOf` may be generated (default: yes) */
  allOf?: boolean
}

const maybe = <T>(arb: fc.Arbitrary<T>, freq = 0.5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: Math.round((1 - freq) * 10), arbitrary: fc.constant(undefined) }, { weight: Math.round(freq * 10), arbitrary: arb })

function compact(node: Record<string, unknown>): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as SchemaNode
}

const numberArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constantFrom<SchemaTypeName>('integer', 'number'),
    minimum: maybe(fc.constantFrom(...BOUNDS), 0.4),
    maximum: maybe(fc.constantFrom(...BOUNDS), 0.4),
    exclusiveMinimum: maybe(fc.constantFrom(...BOUNDS), 0.2),
    exclusiveMaximum: maybe(fc.constantFrom(...BOUNDS), 0.2),
  })
  .map(compact)

const stringArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constant<SchemaTypeName>('string'),
    minLength: maybe(fc.integer({ min: 0, max: 3 }), 0.3),
    maxLength: maybe(fc.integer({ min: 0, max: 4 }), 0.3),
    pattern: maybe(fc.constantFrom(...PATTERNS), 0.15),
  })
  .map(compact)

const enumArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.subarray(POOL, { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values })),
  fc.constantFrom(...POOL).map((value) => ({ const: value })),
  fc.subarray(['a', 'b', 'ab', ''], { minLength: 1 }).map((values) => ({ type: 'string' as const, enum: values })),
)

const typeArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.constantFrom(...SCALAR_TYPES).map((type) => ({ type })),
  fc.subarray(SCALAR_TYPES, { minLength: 2, maxLength: 3 }).map((type) => ({ type })),
)

/** Standard messages a schema may stand for (`$message`): every world holds their payloads, keyed as the core keys them. */
const MESSAGE_TYPES = ['text', 'image', 'location'] as const
const MESSAGE_PAYLOADS: Record<string, SchemaNode> = Object.fromEntries(
  MESSAGE_TYPES.map((type) => [`$message:${type}`, messagePayloadSchema(type) as SchemaNode]),
)
const messageArb: fc.Arbitrary<SchemaNode> = fc.constantFrom(...MESSAGE_TYPES).map(($message) => ({ $message }))

function leafArb(): fc.Arbitrary<SchemaNode> {
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(numberArb, stringArb, enumArb, typeArb) }, { weight: 1, arbitrary: messageArb })
}

/** A schema of at most this depth (built once per depth and options). */
const schemaArb = builtOnce(buildSchemaArb)

function buildSchemaArb(depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
  if (depth <= 0) return leafArb()
  const child = (): fc.Arbitrary<SchemaNode> => schemaArb(depth - 1, options)
  const slot = (): fc.Arbitrary<SchemaNode> =>
    options.entities.length === 0
      ? child()
      : fc.oneof(
          { weight: 6, arbitrary: child() },
          { weight: 1, arbitrary: fc.constantFrom(...options.entities).map(($entity) => ({ $entity })) },
          // the same schemas named in `$defs`: the checker follows both kinds of reference alike
          { weight: 1, arbitrary: fc.constantFrom(...options.entities).map((name): SchemaNode => ({ $ref: `#/$defs/${name}` })) },
        )
  const objectArb = fc
    .record({
      names: fc.subarray([...NAMES]),
      schemas: fc.array(slot(), { minLength: 4, maxLength: 4 }),
      requiredMask: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      extra: fc.oneof(fc.constant(undefined), fc.constant(true), fc.constant(false), child()),
    })
    .map(({ names, schemas, requiredMask, extra }): SchemaNode => {
      const properties: Record<string, SchemaNode> = {}
      for (const [i, name] of names.entries()) properties[name] = schemas[i] ?? { type: 'null' }
      const required = names.filter((_, i) => requiredMask[i] === true)
      return compact({ type: 'object', properties, required: required.length > 0 ? required : undefined, additionalProperties: extra })
    })
  const arrayArb = fc
    .record({
      items: maybe(slot(), 0.85),
      minItems: maybe(fc.integer({ min: 0, max: 2 }), 0.3),
      maxItems: maybe(fc.integer({ min: 0, max: 3 }), 0.3),
    })
    .map((r) => compact({ type: 'array', ...r }))
  const anyOfArb = fc.array(child(), { minLength: 1, maxLength: 3 }).map((anyOf): SchemaNode => ({ anyOf }))
  const oneOfArb = fc.array(child(), { minLength: 1, maxLength: 3 }).map((oneOf): SchemaNode => ({ oneOf }))
  // a union beside other keywords: an object whose branches add requirements
  const guardedUnionArb = fc
    .tuple(objectArb, fc.array(fc.subarray([...NAMES], { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), fc.boolean())
    .map(([base, requirements, one]): SchemaNode => {
      const branches = requirements.map((required): SchemaNode => ({ type: 'object', required }))
      return one && options.oneOf ? { ...base, oneOf: branches } : { ...base, anyOf: branches }
    })
  // composition: any schemas, or objects whose merge may or may not be exact (entities
  // inside them: a branch that is an entity may close a cycle that enters no value, BW4012)
  const allOfArb = fc.array(child(), { minLength: 1, maxLength: 3 }).map((allOf): SchemaNode => ({ allOf }))
  const objectsAllOfArb = fc.tuple(objectArb, objectArb, fc.boolean()).map(([a, b, beside]): SchemaNode => (beside ? { ...a, allOf: [b] } : { allOf: [a, b] }))
  return fc.oneof(
    { weight: 3, arbitrary: leafArb() },
    { weight: 3, arbitrary: objectArb },
    { weight: 2, arbitrary: arrayArb },
    { weight: 1, arbitrary: anyOfArb },
    { weight: options.oneOf ? 1 : 0, arbitrary: oneOfArb },
    { weight: 1, arbitrary: guardedUnionArb },
    { weight: options.allOf === false ? 0 : 1, arbitrary: allOfArb },
    { weight: options.allOf === false ? 0 : 1, arbitrary: objectsAllOfArb },
  )
}

/** A variant of `node`, mostly narrower or equal, sometimes wider or unrelated. */
function mutateArb(node: SchemaNode, depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
  const same = fc.constant(node)
  const replace = schemaArb(Math.max(depth, 0), options)
  const variants: fc.Arbitrary<SchemaNode>[] = []
  if (node.type === 'integer' || node.type === 'number') {
    variants.push(
      fc
        .record({ keyword: fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'), value: maybe(fc.constantFrom(...BOUNDS), 0.8) })
        .map(({ keyword, value }) => compact({ ...node, [keyword]: value })),
      fc.constant({ ...node, type: node.type === 'integer' ? 'number' : 'integer' }),
      // the same bound, inclusive <-> exclusive
      fc.constant(
        compact({
          ...node,
          minimum: node.exclusiveMinimum,
          exclusiveMinimum: node.minimum,
          maximum: node.exclusiveMaximum,
          exclusiveMaximum: node.maximum,
        }),
      ),
    )
  }
  if (node.type === 'string') {
    variants.push(
      fc
        .record({ keyword: fc.constantFrom('minLength', 'maxLength', 'pattern'), value: fc.integer({ min: 0, max: 4 }) })
        .map(({ keyword, value }) =>
          compact({ ...node, [keyword]: keyword === 'pattern' ? (value % 2 === 0 ? undefined : PATTERNS[value % PATTERNS.length]) : value }),
        ),
      fc.constant({ ...node, type: ['string', 'null'] }),
    )
  }
  if (node.enum !== undefined) {
    variants.push(
      fc.subarray(node.enum, { minLength: 1 }).map((values) => ({ ...node, enum: values })),
      fc.constantFrom(...POOL).map((extra) => {
        const values = node.enum ?? []
        return values.some((v) => JSON.stringify(v) === JSON.stringify(extra)) ? node : { ...node, enum: [...values, extra] }
      }),
    )
  }
  if (Array.isArray(node.type)) variants.push(fc.constantFrom(...node.type).map((type) => ({ ...node, type })))
  if (node.type === 'object' && depth > 0) {
    const entries = Object.entries(node.properties ?? {})
    variants.push(
      fc
        .record({
          children: fc.tuple(...entries.map(([, child]) => mutateArb(child, depth - 1, options))),
          keep: fc.array(fc.boolean(), { minLength: entries.length, maxLength: entries.length }),
          requireMore: fc.subarray([...NAMES]),
          dropRequired: fc.boolean(),
          extra: fc.constantFrom<'same' | 'open' | 'closed' | 'absent'>('same', 'same', 'open', 'closed', 'absent'),
        })
        .map(({ children, keep, requireMore, dropRequired, extra }): SchemaNode => {
          const properties: Record<string, SchemaNode> = {}
          entries.forEach(([name], i) => {
            const child = children[i]
            if (keep[i] !== false && child !== undefined) properties[name] = child
          })
          const declared = Object.keys(properties)
          const required = [...new Set([...(dropRequired ? [] : (node.required ?? [])), ...requireMore])].filter((name) => declared.includes(name))
          const additionalProperties = extra === 'same' ? node.additionalProperties : extra === 'open' ? true : extra === 'closed' ? false : undefined
          return compact({ type: 'object', properties, required: required.length > 0 ? required : undefined, additionalProperties })
        }),
    )
  }
  if (node.type === 'array' && depth > 0) {
    variants.push(
      fc
        .record({
          items: node.items === undefined ? fc.constant(undefined) : mutateArb(node.items, depth - 1, options),
          minItems: fc.oneof(fc.constant(node.minItems), fc.integer({ min: 0, max: 2 })),
          maxItems: fc.oneof(fc.constant(node.maxItems), fc.integer({ min: 0, max: 3 })),
        })
        .map((r) => compact({ ...node, ...r })),
    )
  }
  const union = node.anyOf !== undefined ? 'anyOf' : node.oneOf !== undefined ? 'oneOf' : undefined
  const branches = union === undefined ? undefined : node[union]
  if (union !== undefined && branches !== undefined && depth > 0) {
    variants.push(
      fc.constantFrom(...branches).chain((branch) => mutateArb(branch, depth - 1, options)),
      fc.tuple(...branches.map((branch) => mutateArb(branch, depth - 1, options))).map((mutated) => ({ ...node, [union]: mutated })),
      fc.subarray(branches, { minLength: 1 }).map((kept) => ({ ...node, [union]: kept })),
      fc.constant({ ...node, anyOf: undefined, oneOf: undefined, [union === 'anyOf' && options.oneOf ? 'oneOf' : 'anyOf']: branches }).map(compact),
    )
  }
  const allOf = node.allOf
  if (allOf !== undefined && depth > 0) {
    variants.push(
      fc.tuple(...allOf.map((branch) => mutateArb(branch, depth - 1, options))).map((mutated) => ({ ...node, allOf: mutated })),
      // fewer branches: wider
      fc.subarray(allOf, { minLength: 1 }).map((kept) => ({ ...node, allOf: kept })),
      fc.constantFrom(...allOf),
    )
  }
  variants.push(fc.constant<SchemaNode>({ anyOf: [node] }))
  // more branches: narrower
  variants.push(fc.constant<SchemaNode>({ allOf: [node] }))
  variants.push(schemaArb(Math.min(depth, 1), options).map((other): SchemaNode => ({ allOf: [node, other] })))
  return fc.oneof({ weight: 4, arbitrary: same }, { weight: 8, arbitrary: fc.oneof(...variants) }, { weight: 1, arbitrary: replace })
}

// ---------------------------------------------------------------- values

const FAIL = Symbol('fail')
type Sample = JsonValue | typeof FAIL

function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items[Math.floor(rng() * items.length)]
}

/** A value S probably admits (the caller confirms with ajv); FAIL when none was found. */
function sample(node: SchemaNode, rng: Rng, resolve: (name: string) => SchemaNode | undefined, depth = 0): Sample {
  if (depth > 8) return FAIL
  const reference = node.$entity ?? node.$ref?.slice('#/$defs/'.length) ?? (node.$message === undefined ? undefined : `$message:${node.$message}`)
  if (reference !== undefined) {
    const schema = resolve(reference)
    return schema === undefined ? FAIL : sample(schema, rng, resolve, depth + 1)
  }
  if (node.const !== undefined) return structuredClone(node.const)
  if (node.enum !== undefined) {
    const value = pick(rng, node.enum)
    return value === undefined ? FAIL : structuredClone(value)
  }
  if (node.allOf !== undefined) {
    // the branches merged into one node (ajv confirms the value against S itself)
    return sample(mergeAllOf(rootView(node, null), resolve).merged.node, rng, resolve, depth + 1)
  }
  const branches = node.anyOf ?? node.oneOf
  if (branches !== undefined) {
    const branch = pick(rng, branches)
    if (branch === undefined) return FAIL
    // the branch together with the keywords beside the union (ajv rejects what does not fit)
    const { anyOf: _anyOf, oneOf: _oneOf, ...base } = node
    const required = [...new Set([...(base.required ?? []), ...(branch.required ?? [])])]
    const merged: SchemaNode = { ...base, ...branch, ...(required.length > 0 ? { required } : {}) }
    if (base.properties !== undefined && branch.properties === undefined) merged.properties = base.properties
    return sample(merged, rng, resolve, depth + 1)
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
    case 'number': {
      const step = type === 'integer' ? 1 : 0.5
      const lower = lowerBound(node)
      const upper = upperBound(node)
      const candidates: number[] = []
      for (let n = -4; n <= 7; n += step) {
        if (lower !== undefined && (lower.exclusive ? n <= lower.value : n < lower.value)) continue
        if (upper !== undefined && (upper.exclusive ? n >= upper.value : n > upper.value)) continue
        candidates.push(n)
      }
      if (type === 'number') for (const b of [lower, upper]) if (b !== undefined && !b.exclusive) candidates.push(b.value)
      if (type === 'integer' && candidates.length === 0) {
        const low = integerLower(lower)
        if (Number.isFinite(low) && low <= integerUpper(upper)) candidates.push(low)
      }
      return pick(rng, candidates) ?? FAIL
    }
    case 'string': {
      const min = node.minLength ?? 0
      const max = Math.min(node.maxLength ?? min + 3, min + 3)
      for (let attempt = 0; attempt < 30; attempt++) {
        const length = min + Math.floor(rng() * (max - min + 1))
        let text = ''
        for (let i = 0; i < length; i++) text += rng() < 0.5 ? 'a' : 'b'
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
        const item = node.items === undefined ? structuredClone(pick(rng, POOL) ?? null) : sample(node.items, rng, resolve, depth + 1)
        if (item === FAIL) return FAIL
        items.push(item)
      }
      return items
    }
    case 'object': {
      const value: { [key: string]: JsonValue } = {}
      const required = new Set(node.required ?? [])
      for (const [name, property] of Object.entries(node.properties ?? {})) {
        if (!required.has(name) && rng() < 0.5) continue
        const item = sample(property, rng, resolve, depth + 1)
        if (item === FAIL) {
          if (required.has(name)) return FAIL
          continue
        }
        value[name] = item
      }
      // Undeclared properties: for an open S only under a name no generated schema
      // declares ('x'), so never one that T declares as optional (docs/entity-extension.md#soundness-notes).
      const extra = node.additionalProperties
      if ((extra === undefined || extra === true) && rng() < 0.3) value.x = structuredClone(pick(rng, POOL) ?? null)
      if (typeof extra === 'object') {
        for (const name of [...NAMES, 'x']) {
          if (Object.hasOwn(node.properties ?? {}, name) || rng() < 0.6) continue
          const item = sample(extra, rng, resolve, depth + 1)
          if (item !== FAIL) value[name] = item
        }
      }
      return value
    }
  }
}

// ---------------------------------------------------------------- ajv

// set up as the runtime's validator is (src/runtime/validation.ts): own properties only
const ajv = new Ajv({ strict: false, allErrors: true, ownProperties: true, validateSchema: false, code: { optimize: false } })

/**
 * `$entity` lowered to `$ref` into `definitions`. With `withoutLeniency`, an open
 * object that declares properties admits no undeclared name but 'x' (which no
 * generated schema declares): S's values are then those that do not lean on the
 * leniency for optional properties (docs/entity-extension.md#soundness-notes) an open S leaves out.
 */
function lower(node: SchemaNode, withoutLeniency: boolean): unknown {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$entity') out.$ref = `#/definitions/${String(value)}`
    else if (key === '$ref') out.$ref = `#/definitions/${String(value).slice('#/$defs/'.length)}`
    else if (key === '$message') out.$ref = `#/definitions/$message:${String(value)}`
    else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, SchemaNode>).map(([k, v]) => [k, lower(v, withoutLeniency)]))
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) out[key] = lower(value as SchemaNode, withoutLeniency)
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out[key] = (value as SchemaNode[]).map((branch) => lower(branch, withoutLeniency))
    else out[key] = value
  }
  const open = node.additionalProperties === undefined || node.additionalProperties === true
  if (withoutLeniency && open && node.properties !== undefined) out.propertyNames = { enum: [...Object.keys(node.properties), 'x'] }
  return out
}

const compiled = new Map<string, ValidateFunction>()

/** ajv's validator for a schema, `$entity` lowered to `$ref` into `definitions`. */
function compile(schema: SchemaNode, entities: Record<string, SchemaNode>, withoutLeniency = false): ValidateFunction {
  const definitions = Object.fromEntries(Object.entries({ ...entities, ...MESSAGE_PAYLOADS }).map(([name, s]) => [name, lower(s, withoutLeniency)]))
  const lowered = { ...(lower(schema, withoutLeniency) as object), definitions }
  const key = JSON.stringify(lowered)
  let validate = compiled.get(key)
  if (validate === undefined) {
    validate = ajv.compile(lowered)
    compiled.set(key, validate)
  }
  return validate
}

// ---------------------------------------------------------------- properties

interface World {
  entities: Record<string, SchemaNode>
  root: SchemaNode
}

const NO_ENTITIES: GenOptions = { entities: [], oneOf: true }
const WITH_ENTITIES: GenOptions = { entities: ENTITY_NAMES, oneOf: true }

/**
 * The same schemas, written differently: entities renamed and a description on
 * every node, so that the "written the same way" shortcut does not apply and the
 * rules themselves must find that S extends its copy.
 */
function disguise(world: World): World {
  const rename = (name: string): string => `copy_${name}`
  const visit = (node: SchemaNode): SchemaNode => {
    const out: Record<string, unknown> = { description: 'copy' }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$entity') out.$entity = rename(String(value))
      else if (key === '$ref') out.$ref = `#/$defs/${rename(String(value).slice('#/$defs/'.length))}`
      else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Record<string, SchemaNode>).map(([k, v]) => [k, visit(v)]))
      else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) out[key] = visit(value as SchemaNode)
      else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') out[key] = (value as SchemaNode[]).map(visit)
      else out[key] = value
    }
    return out as SchemaNode
  }
  const entities = Object.fromEntries(Object.entries(world.entities).map(([name, schema]) => [rename(name), visit(schema)]))
  return { entities, root: visit(world.root) }
}

function pairArb(options: GenOptions): fc.Arbitrary<{ s: World; t: World }> {
  if (options.entities.length === 0) {
    return schemaArb(3, options).chain((t) =>
      fc
        .oneof({ weight: 5, arbitrary: mutateArb(t, 3, options) }, { weight: 1, arbitrary: schemaArb(3, options) })
        .map((s) => ({ s: { entities: {}, root: s }, t: { entities: {}, root: t } })),
    )
  }
  // entity worlds: S's entities are variants of T's; the roots are e0 on both sides
  return fc.tuple(schemaArb(2, options), schemaArb(2, options)).chain(([t0, t1]) =>
    fc.tuple(mutateArb(t0, 2, options), mutateArb(t1, 2, options)).map(([s0, s1]) => ({
      s: { entities: { e0: s0, e1: s1 }, root: s0 },
      t: { entities: { e0: t0, e1: t1 }, root: t0 },
    })),
  )
}

function sides(world: World, owner: string): ReturnType<typeof makeSide> {
  return world.entities.e0 === undefined ? makeSide(world.root, owner) : makeSide({ entities: world.entities, entity: 'e0' }, owner)
}

function soundness(options: GenOptions, runs: number, replay: { seed: number; path: string } | null = null): { accepted: number; checkedValues: number } {
  const stats = { accepted: 0, checkedValues: 0 }
  fc.assert(
    fc.property(pairArb(options), fc.integer(), ({ s, t }, seed) => {
      const result = checkExtension(sides(s, 'S'), sides(t, 'T'))
      if (!result.extends) return
      stats.accepted++
      const validS = compile(s.root, s.entities)
      const validStrictS = compile(s.root, s.entities, true)
      const validT = compile(t.root, t.entities)
      const rng = seededRandom(seed)
      const resolve = (name: string): SchemaNode | undefined => (Object.hasOwn(s.entities, name) ? s.entities[name] : MESSAGE_PAYLOADS[name])
      for (let i = 0; i < 20; i++) {
        const value = sample(s.root, rng, resolve)
        // in S, and in S without the leniency (not implied by the first: oneOf)
        if (value === FAIL || !validS(value) || !validStrictS(value)) continue
        stats.checkedValues++
        if (!validT(value)) {
          throw new Error(`S extends T was accepted, but ${JSON.stringify(value)} fits S and not T: ${JSON.stringify(validT.errors)}`)
        }
      }
    }),
    replay === null ? { numRuns: runs, seed: FUZZ_SEED } : { numRuns: runs, ...replay, endOnFailure: true },
  )
  return stats
}

/** More runs for a long local search: EXTENSION_FUZZ_SCALE=20 npx vitest run test/jsonSchema/extensionSoundness.test.ts */
const SCALE = Number(process.env.EXTENSION_FUZZ_SCALE ?? '1')
/** The searches' seed: fixed, so that `npm test` tries the same cases every time; EXTENSION_FUZZ_SEED=n searches elsewhere. */
const FUZZ_SEED = Number(process.env.EXTENSION_FUZZ_SEED ?? '20261126')

describe('checkExtension soundness (property-based)', () => {
  it('values of an accepted S are values of T', () => {
    const runs = propertyRuns(300 * SCALE)
    const stats = soundness(NO_ENTITIES, runs)
    if (SCALE > 1) console.log(stats)
    expect(stats.accepted).toBeGreaterThan(runs * 0.4)
    expect(stats.checkedValues).toBeGreaterThan(runs * 4)
  })

  // a counterexample a run once found: a property two allOf branches declare, one through
  // a $message and one through a $ref back to the entity, merged without end (a stack overflow)
  it('replays a recursive allOf whose branches declare one property differently', () => {
    soundness(WITH_ENTITIES, 1, { seed: -1933487297, path: '214:10:9:9:9:5:4:4:6:3:3:3:3:3:4:3:3:3:3:3:3:3:3:3:3:3:3:3' })
  })

  it('values of an accepted S are values of T, with (recursive) entities', () => {
    const runs = propertyRuns(150 * SCALE)
    const stats = soundness(WITH_ENTITIES, runs)
    if (SCALE > 1) console.log(stats)
    expect(stats.accepted).toBeGreaterThan(runs * 0.4)
    expect(stats.checkedValues).toBeGreaterThan(runs * 4)
  })

  // With every construct: a copy is the same schema once annotations are set aside and
  // references followed, which the rules' shortcut (sameSchema.ts) recognises where the rules
  // alone could not decide (an overlapping oneOf, an allOf whose parts do not merge).
  it('every S that admits a value extends a copy of itself', () => {
    for (const options of [NO_ENTITIES, WITH_ENTITIES]) {
      const worldArb: fc.Arbitrary<World> =
        options.entities.length === 0
          ? schemaArb(3, options).map((root) => ({ entities: {}, root }))
          : fc.tuple(schemaArb(2, options), schemaArb(2, options)).map(([e0, e1]) => ({ entities: { e0, e1 }, root: e0 }))
      fc.assert(
        fc.property(worldArb, (world) => {
          const side = sides(world, 'S')
          fc.pre(admitsNoValue(side.schema, { entity: side.entity, pointer: '' }, side.resolveEntity) === null)
          const copy = disguise(world)
          const target = copy.entities.copy_e0 === undefined ? makeSide(copy.root, 'T') : makeSide({ entities: copy.entities, entity: 'copy_e0' }, 'T')
          const result = checkExtension(side, target)
          if (!result.extends) throw new Error(`not reflexive: ${JSON.stringify(result.failures)}`)
        }),
        { numRuns: propertyRuns(200 * SCALE), seed: FUZZ_SEED },
      )
    }
  })

  // The closed empty object admits only {}, so `d` can never be present: the merge drops it
  // (exactly), after reading the union of one branch as that branch. Compared with a copy,
  // and with a schema written otherwise that admits the same values.
  it('an allOf whose parts merge once a closed object meets an object extends a copy of itself, and its equivalent', () => {
    const world: World = {
      entities: {},
      root: {
        allOf: [
          { anyOf: [{ type: 'object', properties: {}, additionalProperties: false }] },
          { type: 'object', properties: { d: { enum: ['ab'] } }, additionalProperties: true },
        ],
      },
    }
    expect(checkExtension(sides(world, 'S'), makeSide(disguise(world).root, 'T')).extends).toBe(true)
    expect(checkExtension(sides(world, 'S'), makeSide({ type: 'object', additionalProperties: false }, 'T')).extends).toBe(true)
    expect(checkExtension(makeSide({ type: 'object', additionalProperties: false }, 'S'), makeSide(world.root, 'T')).extends).toBe(true)
  })

  // Every failure of an allOf subject whose merge is not exact is marked undecidable (and
  // so is one against a union branch merged loosely with what stands beside it): such a
  // failure is never a plain "does not extend".
  it('a failure of an allOf subject without an exact merge is always undecidable', () => {
    let inexact = 0
    fc.assert(
      fc.property(pairArb(NO_ENTITIES), ({ s, t }) => {
        if (s.root.allOf === undefined) return
        const side = sides(s, 'S')
        if (mergeAllOf(rootView(s.root, null), side.resolveEntity).inexact === undefined) return
        inexact++
        const result = checkExtension(side, sides(t, 'T'))
        if (result.extends) return
        // (an S that admits no value is refused as such: that is an answer)
        const plain = result.failures.filter((failure) => !failure.undecidable && !failure.reason.startsWith('admits no value'))
        expect(plain, JSON.stringify(result.failures)).toEqual([])
      }),
      { numRuns: propertyRuns(200 * SCALE), seed: FUZZ_SEED },
    )
    expect(inexact).toBeGreaterThan(5)
  })

  // EntityExtension checks every mapped entity of an integration against its interface
  // with one checker, and one emptiness analysis per definition: what one comparison
  // learns (and caches) must never change the verdict of another.
  it('a checker shared by every pair of two sides answers as a fresh check of each pair', () => {
    fc.assert(
      fc.property(pairArb(WITH_ENTITIES), ({ s, t }) => {
        const pairs = ENTITY_NAMES.flatMap((a) => ENTITY_NAMES.map((b) => [a, b] as const))
        const sideOf = (world: World, entity: string, owner: string): ReturnType<typeof makeSide> => makeSide({ entities: world.entities, entity }, owner)
        const first = sideOf(s, 'e0', 'S')
        const second = sideOf(t, 'e0', 'T')
        const shared = new ExtensionChecker(first, second, { subject: new Inhabitation(first.resolveEntity), target: new Inhabitation(second.resolveEntity) })
        // in both orders, so that a cached result of one pair is in place when another runs
        for (const order of [pairs, [...pairs].reverse()]) {
          for (const [a, b] of order) {
            const fresh = checkExtension(sideOf(s, a, 'S'), sideOf(t, b, 'T'))
            expect(shared.check(sideOf(s, a, 'S'), sideOf(t, b, 'T'))).toEqual(fresh)
          }
        }
      }),
      { numRuns: propertyRuns(150 * SCALE), seed: FUZZ_SEED },
    )
  })
})
