// The extension soundness test's random material (extensionSoundness.test.ts): small schemas
// and their mutations (fast-check arbitraries), and values sampled from a schema.
import fc from 'fast-check'
import { declaredTypes } from '../../src/jsonSchema/kinds.js'
import { mergeAllOf } from '../../src/jsonSchema/mergeAllOf.js'
import { integerLower, integerUpper, lowerBound, upperBound } from '../../src/jsonSchema/numericBounds.js'
import type { JsonValue, SchemaNode, SchemaTypeName } from '../../src/jsonSchema/types.js'
import { rootView } from '../../src/jsonSchema/view.js'
import { messagePayloadSchema } from '../../src/validate/messageSchemas.js'
import { builtOnce } from '../support/builtOnce.js'
import type { Rng } from '../support/seededRandom.js'

// ---------------------------------------------------------------- schemas

export const NAMES = ['a', 'b', 'c', 'd'] as const
export const ENTITY_NAMES = ['e0', 'e1'] as const
export const BOUNDS = [-2, -1, -0.5, 0, 0.5, 1, 2, 3, 5]
export const POOL: JsonValue[] = [null, true, false, 0, 1, 2, 1.5, -1, '', 'a', 'b', 'ab', [], [1], {}, { a: 1 }]
export const PATTERNS = ['^a', 'b$', '^[ab]*$']
export const SCALAR_TYPES: SchemaTypeName[] = ['null', 'boolean', 'integer', 'number', 'string']
export const ALL_TYPES: SchemaTypeName[] = [...SCALAR_TYPES, 'array', 'object']

export interface GenOptions {
  /** entity names that `$entity` may reference (inside properties and items only) */
  entities: readonly string[]
  /** whether `oneOf` may be generated */
  oneOf: boolean
  /** whether `allOf` may be generated (default: yes) */
  allOf?: boolean
}

export const maybe = <T>(arb: fc.Arbitrary<T>, freq = 0.5): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: Math.round((1 - freq) * 10), arbitrary: fc.constant(undefined) }, { weight: Math.round(freq * 10), arbitrary: arb })

export function compact(node: Record<string, unknown>): SchemaNode {
  return Object.fromEntries(Object.entries(node).filter(([, v]) => v !== undefined)) as SchemaNode
}

export const numberArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constantFrom<SchemaTypeName>('integer', 'number'),
    minimum: maybe(fc.constantFrom(...BOUNDS), 0.4),
    maximum: maybe(fc.constantFrom(...BOUNDS), 0.4),
    exclusiveMinimum: maybe(fc.constantFrom(...BOUNDS), 0.2),
    exclusiveMaximum: maybe(fc.constantFrom(...BOUNDS), 0.2),
  })
  .map(compact)

export const stringArb: fc.Arbitrary<SchemaNode> = fc
  .record({
    type: fc.constant<SchemaTypeName>('string'),
    minLength: maybe(fc.integer({ min: 0, max: 3 }), 0.3),
    maxLength: maybe(fc.integer({ min: 0, max: 4 }), 0.3),
    pattern: maybe(fc.constantFrom(...PATTERNS), 0.15),
  })
  .map(compact)

export const enumArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.subarray(POOL, { minLength: 1, maxLength: 4 }).map((values) => ({ enum: values })),
  fc.constantFrom(...POOL).map((value) => ({ const: value })),
  fc.subarray(['a', 'b', 'ab', ''], { minLength: 1 }).map((values) => ({ type: 'string' as const, enum: values })),
)

export const typeArb: fc.Arbitrary<SchemaNode> = fc.oneof(
  fc.constantFrom(...SCALAR_TYPES).map((type) => ({ type })),
  fc.subarray(SCALAR_TYPES, { minLength: 2, maxLength: 3 }).map((type) => ({ type })),
)

/** Standard messages a schema may stand for (`$message`): every world holds their payloads, keyed as the core keys them. */
export const MESSAGE_TYPES = ['text', 'image', 'location'] as const
export const MESSAGE_PAYLOADS: Record<string, SchemaNode> = Object.fromEntries(
  MESSAGE_TYPES.map((type) => [`$message:${type}`, messagePayloadSchema(type) as SchemaNode]),
)
export const messageArb: fc.Arbitrary<SchemaNode> = fc.constantFrom(...MESSAGE_TYPES).map(($message) => ({ $message }))

export function leafArb(): fc.Arbitrary<SchemaNode> {
  return fc.oneof({ weight: 4, arbitrary: fc.oneof(numberArb, stringArb, enumArb, typeArb) }, { weight: 1, arbitrary: messageArb })
}

/** A schema of at most this depth (built once per depth and options). */
export const schemaArb = builtOnce(buildSchemaArb)

export function buildSchemaArb(depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
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
export function mutateArb(node: SchemaNode, depth: number, options: GenOptions): fc.Arbitrary<SchemaNode> {
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

export const FAIL = Symbol('fail')
export type Sample = JsonValue | typeof FAIL

export function pick<T>(rng: Rng, items: readonly T[]): T | undefined {
  return items[Math.floor(rng() * items.length)]
}

/** A value S probably admits (the caller confirms with ajv); FAIL when none was found. */
export function sample(node: SchemaNode, rng: Rng, resolve: (name: string) => SchemaNode | undefined, depth = 0): Sample {
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

// set up as the runtime's validator is (src/runtime/validation.ts): own properties only
