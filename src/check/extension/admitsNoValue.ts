// Finds schemas that admit no value at all: bounds that leave nothing, a const its
// own schema rejects, an empty enum, a required property whose schema admits
// nothing, an entity that must contain itself forever. Only certain answers count:
// when in doubt (patterns, formats) a schema is taken to admit something.
//
// Entities are decided together as a least fixpoint: an entity admits a value when
// its schema does with the entities already known to admit one; the rest admit none
// (a finite value cannot nest an entity inside itself forever).
import type { SchemaNode } from '../../schema/types.js'
import { own } from '../../schema/own.js'
import { admitsValue } from './admitsValue.js'
import { describeValue } from './describe.js'
import { ALL_KINDS, declaredKinds, intersectKinds, possibleKinds } from './kinds.js'
import { describeEmptyRange, lowerBound, rangeAdmitsSome, upperBound } from './numericBounds.js'
import type { EntityResolver, SchemaLocation } from './types.js'
import { childView, keywordLocation, locationOf, rootView, type View } from './view.js'

export interface NoValue {
  /** the deepest node that explains why nothing is admitted */
  location: SchemaLocation
  reason: string
}

interface Env {
  resolve: EntityResolver
  entityEmpty(name: string): boolean
  /** entities being explained (undefined: do not descend into entities) */
  visiting: Set<string> | undefined
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
      if (node.$entity !== undefined) visitEntity(node.$entity)
      for (const property of Object.values(node.properties ?? {})) visitNode(property)
      if (typeof node.additionalProperties === 'object') visitNode(node.additionalProperties)
      if (node.items !== undefined) visitNode(node.items)
      for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visitNode(branch)
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

function emptiness(view: View, env: Env): NoValue | undefined {
  const node = view.node
  if (node.$entity !== undefined) return entityEmptiness(view, node.$entity, env)

  const values = node.const !== undefined ? [node.const] : node.enum
  if (values !== undefined) {
    const results = values.map((value) => admitsValue(value, view, env.resolve))
    if (results.some((result) => result.verdict !== 'no')) return undefined
    if (node.const !== undefined) {
      const first = results[0]
      const detail = first !== undefined && first.verdict === 'no' ? ` (${first.reason})` : ''
      return { location: keywordLocation(view, 'const'), reason: `its const ${describeValue(node.const)} is rejected by its own constraints${detail}` }
    }
    return {
      location: keywordLocation(view, 'enum'),
      reason: values.length === 0 ? 'its enum is empty' : 'none of its enum values passes its other constraints',
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
    else reasons.push({ location: locationOf(view), reason: describeEmptyRange(lower, upper, integerOnly) })
  }
  if (!inhabited && kinds.has('string')) {
    const min = node.minLength ?? 0
    const max = node.maxLength ?? Infinity
    if (min <= max) inhabited = true
    else reasons.push({ location: locationOf(view), reason: `minLength ${min} is above maxLength ${max}` })
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
    if (reasons.length === 0) return { location: locationOf(view), reason: 'its type list allows no type' }
    return { location: locationOf(view), reason: reasons.map((r) => r.reason).join('; ') }
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword]
    if (branches === undefined) continue
    const live = branches.some((branch, i) => {
      if (intersectKinds(kinds, possibleKinds(branch, env.resolve)).size === 0) return false
      return emptiness(childView(view, branch, keyword, i), { ...env, visiting: undefined }) === undefined
    })
    if (!live) {
      return {
        location: keywordLocation(view, keyword),
        reason: branches.length === 0 ? `its ${keyword} has no branch` : `none of its ${keyword} branches admits a value of its type`,
      }
    }
  }
  return undefined
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
  const reason =
    visiting?.has(name) === true ? `every '${name}' must contain another '${name}', so no finite value fits` : `entity '${name}' admits no value`
  return { location: locationOf(view), reason }
}

function arrayEmptiness(view: View, env: Env): NoValue | undefined {
  const node = view.node
  const min = node.minItems ?? 0
  const max = node.maxItems ?? Infinity
  if (min > max) return { location: locationOf(view), reason: `minItems ${min} is above maxItems ${max}` }
  if (min >= 1 && node.items !== undefined) return emptiness(childView(view, node.items, 'items'), env)
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
      const inner = emptiness(childView(view, declared, 'properties', name), env)
      if (inner !== undefined) return inner
    } else if (node.additionalProperties === false) {
      return {
        location: keywordLocation(view, 'required', i),
        reason: `required property '${name}' is not in properties and additionalProperties is false`,
      }
    } else if (typeof node.additionalProperties === 'object') {
      const inner = emptiness(childView(view, node.additionalProperties, 'additionalProperties'), env)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}
