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
import { mergeAllOf } from '../../src/jsonSchema/mergeAllOf.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { rootView } from '../../src/jsonSchema/view.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { seededRandom } from '../support/seededRandom.js'
import { makeSide } from './sides.js'
import { ENTITY_NAMES, FAIL, type GenOptions, MESSAGE_PAYLOADS, mutateArb, sample, schemaArb } from './soundnessSamples.js'

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
