/**
 * The values a schema holds (`const`, `enum` values, `default`, `examples`) are admitted by
 * the schema with its entity references resolved (docs/definitions.md#schemas, BW2016): in an interface or an
 * integration to its own entities, in a plugin `LOCAL.ENTITY` to the entity of the
 * interface version the plugin compiles against (the lowest satisfying its range).
 *
 * Schema sanity checks these values before anything is resolved, with every `$entity`
 * admitting anything; this check judges the values it could not, against the JSON Schema
 * the runtime validates with (src/lower/schemaToJson.ts). One root cause, one diagnostic:
 * a value the schema rejects without looking into an entity is schema sanity's to report;
 * an unknown entity (BW3003) admits anything here; a value whose schema reaches a direct
 * reference cycle (BW4012) is not judged until the cycle is fixed.
 */

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { isDefsReference, referenceOf } from '../jsonSchema/reference.js'
import { surelyValid } from '../jsonSchema/surelyValid.js'
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'
import { compileValueValidator, describeValueErrors } from '../jsonSchema/valueValidator.js'
import { locate } from '../load/yamlNodes.js'
import { hasReferences, JsonSchemaLowering, UNRESOLVED_DEFINITION } from '../lower/schemaToJson.js'
import { bindReference, type EntityScope, entitySchema, type Model, type ScopedSchema } from '../resolve/model.js'
import { schemaSites, walkSchema } from '../validate/schemaSites.js'
import { defineCheck } from './check.js'
import { directReferences } from './entityCycle.js'

/** A value a schema node holds, and the schema that must admit it. */
interface HeldValue {
  /** as BW2016 names it: 'const', 'enum value', 'default', 'example' */
  what: string
  value: JsonValue
  pointer: string
  schema: SchemaNode
}

function withoutKeys(schema: SchemaNode, keys: readonly string[]): SchemaNode {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => !keys.includes(k))) as SchemaNode
}

/** As schema sanity pairs them: const and enum values with the rest of the node, default and examples with the node. */
function heldValues(node: SchemaNode, pointer: string): HeldValue[] {
  const held: HeldValue[] = []
  const rest = withoutKeys(node, ['const', 'enum', 'default', 'examples'])
  if (node.const !== undefined) held.push({ what: 'const', value: node.const, pointer: `${pointer}/const`, schema: rest })
  node.enum?.forEach((value, i) => {
    held.push({ what: 'enum value', value, pointer: `${pointer}/enum/${i}`, schema: rest })
  })
  const annotated = withoutKeys(node, ['default', 'examples'])
  if (node.default !== undefined) held.push({ what: 'default', value: node.default, pointer: `${pointer}/default`, schema: annotated })
  node.examples?.forEach((value, i) => {
    held.push({ what: 'example', value, pointer: `${pointer}/examples/${i}`, schema: annotated })
  })
  return held
}

function isDataKeyword(key: string): boolean {
  return key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
}

/**
 * A copy of `schema` with each `$entity` replaced by what `entity` returns for it (the
 * entity's schema, or `{}`), for surelyValid. Entity schemas are copied as they are reached.
 */
function substituteEntities(schema: SchemaNode, entity: (node: SchemaNode) => SchemaNode): SchemaNode {
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy)
    if (node === null || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    if (referenceOf(record as SchemaNode) !== undefined) return entity(record as SchemaNode)
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, isDataKeyword(k) ? v : copy(v)]))
  }
  return copy(schema) as SchemaNode
}

/** How many entity schemas one value's schema may have written in place (shared entities are written at each use). */
const INLINE_BUDGET = 64

/**
 * The schema with its entities written in place, for surelyValid: an entity already
 * being written (recursion), or one past the budget, stays an `$entity`, which
 * surelyValid leaves to ajv should the value reach it; an unknown one admits anything.
 */
function inlineEntities(
  model: Model,
  schema: SchemaNode,
  scope: EntityScope,
  budget = { left: INLINE_BUDGET },
  writing: ReadonlySet<string> = new Set(),
): SchemaNode {
  return substituteEntities(schema, (node) => {
    const target = bindReference(scope, present(referenceOf(node), 'substituteEntities calls this only for a reference'))
    const resolved = target && entitySchema(model, target)
    if (!target || !resolved) return {}
    const id = `${target.owner}#${target.entity}`
    if (writing.has(id) || budget.left <= 0) return node
    budget.left--
    return inlineEntities(model, resolved.schema, resolved.scope, budget, new Set([...writing, id]))
  })
}

/** The schema as JSON Schema, its entities in a definitions section (an unknown one admits anything). */
function lowered(model: Model, schema: SchemaNode, scope: EntityScope): object {
  const lowering = new JsonSchemaLowering(model)
  const root = lowering.lower(schema, scope).toJSON() as Record<string, JsonValue>
  const definitions = Object.fromEntries(Object.entries(lowering.section()).map(([key, text]) => [key, text.toJSON()]))
  return { ...root, definitions: { ...definitions, [UNRESOLVED_DEFINITION]: {} } }
}

/** Whether an entity the schema reaches is on a direct reference cycle: a validator of it would never return. */
function reachesDirectCycle(model: Model, schema: SchemaNode, scope: EntityScope): boolean {
  const reached = new Map<string, ScopedSchema>()
  const visit = (from: SchemaNode, within: EntityScope): void =>
    walkSchema(from, '', (node) => {
      const reference = referenceOf(node)
      const target = reference === undefined ? undefined : bindReference(within, reference)
      const id = target && `${target.owner}#${target.entity}`
      if (!target || !id || reached.has(id)) return
      const resolved = entitySchema(model, target)
      if (!resolved) return
      reached.set(id, resolved)
      visit(resolved.schema, resolved.scope)
    })
  visit(schema, scope)
  const directlyReached = (id: string): string[] => {
    const entity = reached.get(id)
    if (!entity) return []
    return directReferences(entity.schema, '').flatMap((ref) => {
      const target = own(entity.scope, ref.name)
      return target ? [`${target.owner}#${target.entity}`] : []
    })
  }
  for (const start of reached.keys()) {
    const seen = new Set<string>()
    const stack = directlyReached(start)
    while (stack.length > 0) {
      const id = present(stack.pop(), 'the stack is popped only when it is not empty')
      if (id === start) return true
      if (seen.has(id)) continue
      seen.add(id)
      stack.push(...directlyReached(id))
    }
  }
  return false
}

/** Why the value is rejected (the schema's rules it breaks), or undefined when it is not. */
function checkHeldValue(model: Model, held: HeldValue, scope: EntityScope): string | undefined {
  if (surelyValid(inlineEntities(model, held.schema, scope), held.value)) return undefined
  // rejected with every entity admitting anything: schema sanity's to report
  const entityFree = substituteEntities(held.schema, () => ({}))
  if (!surelyValid(entityFree, held.value) && !compileValueValidator(entityFree)(held.value)) return undefined
  if (reachesDirectCycle(model, held.schema, scope)) return undefined
  const validate = compileValueValidator(lowered(model, held.schema, scope))
  if (validate(held.value)) return undefined
  return describeValueErrors(validate.errors, 'value', held.value).join('; ')
}

export const entityValuesCheck = defineCheck({
  name: 'EntityValues',
  codes: ['BW2016'],
  kinds: ['interface', 'integration', 'plugin'],
  run(definition, model) {
    const out: Diagnostic[] = []
    // a configuration cannot reference entities (BW2017), only named schemas
    const configurationScope: EntityScope = Object.fromEntries(Object.entries(definition.scope).filter(([key]) => isDefsReference(key)))
    for (const site of schemaSites(definition.spec)) {
      const scope = site.role === 'configuration' ? configurationScope : definition.scope
      walkSchema(site.schema, site.pointer, (node, pointer) => {
        if (node.const === undefined && node.enum === undefined && node.default === undefined && node.examples === undefined) return
        if (!hasReferences(node)) return // judged whole by schema sanity
        for (const held of heldValues(node, pointer)) {
          const reasons = checkHeldValue(model, held, scope)
          if (reasons !== undefined)
            out.push(
              diagnostic('BW2016', 'rejectedValue', { what: held.what, value: JSON.stringify(held.value), reasons }, locate(definition.file, held.pointer), {
                path: held.pointer,
              }),
            )
        }
      })
    }
    return out
  },
})
