// Finds schemas that admit no value at all: bounds that leave nothing, a const its
// own schema rejects, an empty enum, a required property whose schema admits
// nothing, an entity that must contain itself forever. Only certain answers count:
// when in doubt (patterns, formats) a schema is taken to admit something.
//
// The same analysis serves the schema sanity checks (docs/definitions.md#schemas), node by node
// (`nodeAdmitsNoValue`): there each sub-schema is judged at its own node, and entities
// are not resolved yet, so both are taken to admit a value.
//
// Entities are decided together as a least fixpoint: an entity admits a value when
// its schema does with the entities already known to admit one; the rest admit none
// (a finite value cannot nest an entity inside itself forever).

import { type Admission, admitsValue } from './admitsValue.js'
import { allOfEmptiness } from './allOfEmptiness.js'
import { describeValue, describeValues } from './describe.js'
import type { EntityResolver, SchemaLocation } from './extensionTypes.js'
import { ALL_KINDS, declaredKinds, describeKinds, intersectKinds, ownKinds, possibleKinds } from './kinds.js'
import type { NoValue } from './noValue.js'
import { describeEmptyRange, lowerBound, rangeAdmitsSome, upperBound } from './numericBounds.js'
import { own } from './own.js'
import { defsName, describeReference, isDefsReference, referenceOf } from './reference.js'
import type { SchemaNode } from './types.js'
import { childView, keywordLocation, locationOf, rootView, type View } from './view.js'

export type { NoValue, NoValueCause } from './noValue.js'

interface Env {
  resolve: EntityResolver
  entityEmpty(name: string): boolean
  /** entities being explained (undefined: do not descend into entities) */
  visiting: Set<string> | undefined
  /** judge the node by its own keywords only: every sub-schema is taken to admit a value */
  shallow?: boolean
}

/** Emptiness of schemas of one side, with entity answers cached. */
export class Inhabitation {
  private readonly entities = new Map<string, boolean>()
  private readonly empty = new WeakMap<SchemaNode, boolean>()
  private readonly env: Env

  constructor(private readonly resolve: EntityResolver) {
    this.env = { resolve, entityEmpty: (name) => !this.entityInhabited(name), visiting: undefined }
  }

  /** Does entity `name` admit some value? (unknown entities: yes, they are reported elsewhere) */
  entityInhabited(name: string): boolean {
    const known = this.entities.get(name)
    if (known !== undefined) return known
    const pending = this.discover(name)
    const inhabited = new Set<string>()
    const env: Env = {
      resolve: this.resolve,
      entityEmpty: (other) => {
        const final = this.entities.get(other)
        return final !== undefined ? !final : !inhabited.has(other)
      },
      visiting: undefined,
    }
    for (let changed = true; changed; ) {
      changed = false
      for (const [entity, schema] of pending) {
        if (inhabited.has(entity)) continue
        if (emptiness(rootView(schema, entity), env) === undefined) {
          inhabited.add(entity)
          changed = true
        }
      }
    }
    for (const entity of pending.keys()) this.entities.set(entity, inhabited.has(entity))
    return this.entities.get(name) ?? true
  }

  /** True when the node certainly admits no value. */
  isEmpty(node: SchemaNode): boolean {
    let result = this.empty.get(node)
    if (result === undefined) {
      result = emptiness(rootView(node, null), this.env) !== undefined
      this.empty.set(node, result)
    }
    return result
  }

  /** Why the node admits no value, at the deepest node, or undefined when it admits some. */
  explain(view: View): NoValue | undefined {
    if (!this.isEmpty(view.node)) return undefined
    return emptiness(view, { ...this.env, visiting: new Set(view.entity === null ? [] : [view.entity]) })
  }

  /** The entities reachable from `name` whose answer is not known yet, with their schemas. */
  private discover(name: string): Map<string, SchemaNode> {
    const pending = new Map<string, SchemaNode>()
    const visitEntity = (entity: string): void => {
      if (this.entities.has(entity) || pending.has(entity)) return
      const schema = this.resolve(entity)
      if (schema === undefined) {
        this.entities.set(entity, true)
        return
      }
      pending.set(entity, schema)
      visitNode(schema)
    }
    const visitNode = (node: SchemaNode): void => {
      const reference = referenceOf(node)
      if (reference !== undefined) visitEntity(reference)
      for (const property of Object.values(node.properties ?? {})) visitNode(property)
      if (typeof node.additionalProperties === 'object') visitNode(node.additionalProperties)
      if (node.items !== undefined) visitNode(node.items)
      for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) visitNode(branch)
    }
    visitEntity(name)
    return pending
  }
}

/**
 * Why the schema admits no value (location and reason), or null when it admits some.
 * `at` says where `schema` is: an entity's schema (`{ entity, pointer: '' }`) or a root schema.
 */
export function admitsNoValue(schema: SchemaNode, at: SchemaLocation, resolveEntity: EntityResolver): NoValue | null {
  return new Inhabitation(resolveEntity).explain({ node: schema, entity: at.entity, pointer: at.pointer, variant: '' }) ?? null
}

const RESOLVES_NOTHING: EntityResolver = () => undefined
const SHALLOW: Env = { resolve: RESOLVES_NOTHING, entityEmpty: () => false, visiting: undefined, shallow: true }

/**
 * Why this one node admits no value, judged by its own keywords (`const`/`enum`, `type`,
 * bounds, lengths, `required` against its own properties, the types of its union
 * branches), with every sub-schema and every entity reference taken to admit a value:
 * a contradiction inside a sub-schema belongs to that sub-schema's node. Locations are
 * JSON pointers below `pointer`, the node's own. Undefined when the node admits some value.
 */
export function nodeAdmitsNoValue(node: SchemaNode, pointer: string): NoValue | undefined {
  return emptiness({ node, entity: null, pointer, variant: '' }, SHALLOW)
}

function withoutEnum(node: SchemaNode): SchemaNode {
  const { enum: _values, ...rest } = node
  return rest
}

function emptiness(view: View, env: Env): NoValue | undefined {
  const node = view.node
  const reference = referenceOf(node)
  if (reference !== undefined) return entityEmptiness(view, reference, env)

  const values = node.const !== undefined ? [node.const] : node.enum
  if (values !== undefined) {
    // each enum value is one of the enum's: judged by the other keywords, so that n values cost n, not n scans of the enum
    const judged = node.const !== undefined ? view : { ...view, node: withoutEnum(node) }
    const results: Admission[] = []
    for (const value of values) {
      const result = admitsValue(value, judged, env.resolve)
      if (result.verdict !== 'no') return undefined
      results.push(result)
    }
    if (node.const !== undefined) return { location: keywordLocation(view, 'const'), reason: constRejected(view, node.const, results[0]), cause: 'values' }
    return {
      location: keywordLocation(view, 'enum'),
      reason: values.length === 0 ? 'the enum is empty' : 'none of the enum values passes the other keywords of the schema',
      cause: 'values',
    }
  }

  const kinds = declaredKinds(node) ?? ALL_KINDS
  const reasons: NoValue[] = []
  let inhabited = kinds.has('null') || kinds.has('boolean')
  if (!inhabited && (kinds.has('integer') || kinds.has('fraction'))) {
    const integerOnly = !kinds.has('fraction')
    const lower = lowerBound(node)
    const upper = upperBound(node)
    if (rangeAdmitsSome(lower, upper, integerOnly)) inhabited = true
    else reasons.push({ location: locationOf(view), reason: describeEmptyRange(lower, upper, integerOnly), cause: 'bounds' })
  }
  if (!inhabited && kinds.has('string')) {
    const min = node.minLength ?? 0
    const max = node.maxLength ?? Infinity
    if (min <= max) inhabited = true
    else reasons.push({ location: locationOf(view), reason: `minLength ${min} is above maxLength ${max}`, cause: 'bounds' })
  }
  if (!inhabited && kinds.has('array')) {
    const reason = arrayEmptiness(view, env)
    if (reason === undefined) inhabited = true
    else reasons.push(reason)
  }
  if (!inhabited && kinds.has('object')) {
    const reason = objectEmptiness(view, env)
    if (reason === undefined) inhabited = true
    else reasons.push(reason)
  }
  if (!inhabited) {
    const [only] = reasons
    if (only !== undefined && reasons.length === 1) return only
    if (reasons.length === 0) return { location: locationOf(view), reason: 'the type list allows no type', cause: 'other' }
    const cause = reasons.every((r) => r.cause === reasons[0]?.cause) ? (reasons[0]?.cause ?? 'other') : 'other'
    return { location: locationOf(view), reason: reasons.map((r) => r.reason).join('; '), cause }
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword]
    if (branches === undefined) continue
    const live = branches.some((branch, i) => {
      if (env.shallow === true) {
        // a branch whose own keywords allow no kind contradicts itself, and is reported at its own node
        const own = ownKinds(branch)
        return own.size === 0 || intersectKinds(kinds, own).size > 0
      }
      if (intersectKinds(kinds, possibleKinds(branch, env.resolve)).size === 0) return false
      return emptiness(childView(view, branch, keyword, i), { ...env, visiting: undefined }) === undefined
    })
    if (!live) {
      const ofType = node.type === undefined ? '' : ` of type ${describeKinds(kinds)}`
      return {
        location: keywordLocation(view, keyword),
        reason: branches.length === 0 ? `the ${keyword} has no branch` : `no ${keyword} branch admits a value${ofType}`,
        cause: 'union',
      }
    }
  }
  return node.allOf === undefined
    ? undefined
    : allOfEmptiness(view, {
        resolve: env.shallow === true ? RESOLVES_NOTHING : env.resolve,
        shallow: env.shallow === true,
        judge: (part) => emptiness(part, { ...env, visiting: undefined }),
      })
}

function entityEmptiness(view: View, name: string, env: Env): NoValue | undefined {
  const schema = env.resolve(name)
  if (schema === undefined || !env.entityEmpty(name)) return undefined
  const visiting = env.visiting
  if (visiting !== undefined && !visiting.has(name)) {
    visiting.add(name)
    const inner = emptiness(rootView(schema, name), env)
    visiting.delete(name)
    if (inner !== undefined) return inner
  }
  const reason = visiting?.has(name) === true ? containsItself(name) : `${describeReference(name)} admits no value`
  return { location: locationOf(view), reason, cause: 'other' }
}

/** The reason a reference admits no value when every value of it must contain another. */
function containsItself(name: string): string {
  if (isDefsReference(name)) return `every value of $defs '${defsName(name)}' must contain another, so no finite value fits`
  return `every '${name}' must contain another '${name}', so no finite value fits`
}

function arrayEmptiness(view: View, env: Env): NoValue | undefined {
  const node = view.node
  const min = node.minItems ?? 0
  const max = node.maxItems ?? Infinity
  if (min > max) return { location: locationOf(view), reason: `minItems ${min} is above maxItems ${max}`, cause: 'bounds' }
  if (min >= 1 && node.items !== undefined && env.shallow !== true) return emptiness(childView(view, node.items, 'items'), env)
  return undefined
}

function objectEmptiness(view: View, env: Env): NoValue | undefined {
  const node = view.node
  const seen = new Set<string>()
  for (const [i, name] of (node.required ?? []).entries()) {
    if (seen.has(name)) continue
    seen.add(name)
    const declared = own(node.properties, name)
    if (declared !== undefined) {
      if (env.shallow === true) continue
      const inner = emptiness(childView(view, declared, 'properties', name), env)
      if (inner !== undefined) return inner
    } else if (node.additionalProperties === false) {
      return {
        location: keywordLocation(view, 'required', i),
        reason: `required property '${name}' is not in properties and additionalProperties is false`,
        cause: 'required',
      }
    } else if (typeof node.additionalProperties === 'object' && env.shallow !== true) {
      const inner = emptiness(childView(view, node.additionalProperties, 'additionalProperties'), env)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}

/** Why a const is rejected by the node's other keywords, in the words of the keyword at fault. */
function constRejected(view: View, value: SchemaNode['const'], result: Admission | undefined): string {
  const enumValues = view.node.enum
  const at = keywordLocation(view, 'enum')
  if (enumValues !== undefined && result?.verdict === 'no' && result.at.entity === at.entity && result.at.pointer === at.pointer) {
    return `const ${describeValue(value ?? null)} is not one of the enum values ${describeValues(enumValues)}`
  }
  const detail = result?.verdict === 'no' ? ` (${result.reason})` : ''
  return `const ${describeValue(value ?? null)} is rejected by the other keywords of the schema${detail}`
}
