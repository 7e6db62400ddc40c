/**
 * A cycle of entity references must pass through an object property or array items:
 * `a` being `{ $entity: b }` while `b` is `{ $entity: a }` describes no value at all.
 * Also: a top-level schema that is an `$entity` must reference an object entity (or, for an
 * `allOf` at the top, one of its branches must be an object).
 */
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { referenceKeyword, referenceOf } from '../jsonSchema/reference.js'
import { referenceCycles } from '../jsonSchema/referenceCycles.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import { type DefinitionModel, type EntityScope, entitySchema, type Model, type QualifiedEntity } from '../resolve/model.js'
import { schemaSites } from '../validate/schemaSites.js'
import { defineCheck } from './check.js'

/** References reachable from a node without passing through properties or items. */
export function directReferences(schema: SchemaNode, pointer: string): { name: string; pointer: string }[] {
  const reference = referenceOf(schema)
  if (reference !== undefined) return [{ name: reference, pointer: `${pointer}/${referenceKeyword(schema)}` }]
  return [
    ...(schema.anyOf ?? []).flatMap((branch, i) => directReferences(branch, `${pointer}/anyOf/${i}`)),
    ...(schema.oneOf ?? []).flatMap((branch, i) => directReferences(branch, `${pointer}/oneOf/${i}`)),
    ...(schema.allOf ?? []).flatMap((branch, i) => directReferences(branch, `${pointer}/allOf/${i}`)),
  ]
}

function checkCycles(definition: DefinitionModel & { scope: EntityScope }, entities: Record<string, { schema: SchemaNode }>): Diagnostic[] {
  const referencesOf = (name: string): { name: string; pointer: string }[] => {
    const holder = own(entities, name)
    return holder ? directReferences(holder.schema, formatPointer(['entities', name, 'schema'])) : []
  }
  return referenceCycles(Object.keys(entities), referencesOf, (name) => formatPointer(['entities', name])).flatMap(({ names, steps }) => {
    // each step of the cycle is a reference: the last one closes it, the others are related
    const closing = steps[steps.length - 1]
    if (!closing) return []
    const related = steps
      .slice(0, -1)
      .map((step) => relatedLocation('referencesHere', { source: step.source, target: step.target }, locate(definition.file, step.pointer)))
    const range = locate(definition.file, closing.pointer)
    return [
      steps.length === 1
        ? diagnostic('BW4012', 'selfReference', { entity: closing.target }, range, { path: closing.pointer, related })
        : diagnostic('BW4012', 'cycle', { cycle: names.map((c) => `'${c}'`).join(' -> ') }, range, {
            path: closing.pointer,
            related,
            data: { entities: names },
          }),
    ]
  })
}

/** Follows direct references to the schema that says what the top admits. */
function resolveTop(model: Model, schema: SchemaNode, scope: EntityScope, seen = new Set<string>()): SchemaNode | undefined {
  if (typeof schema.$entity !== 'string') return schema
  const target: QualifiedEntity | undefined = own(scope, schema.$entity)
  if (!target) return undefined
  const id = `${target.owner}#${target.entity}`
  if (seen.has(id)) return undefined
  seen.add(id)
  const resolved = entitySchema(model, target)
  return resolved && resolveTop(model, resolved.schema, resolved.scope, seen)
}

function isObjectType(schema: SchemaNode): boolean {
  return schema.type === 'object' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'object')
}

/** An object by its own keywords, or through a branch of its `allOf`. */
function ownObject(schema: SchemaNode): boolean {
  return isObjectType(schema) || (schema.allOf?.some(ownObject) ?? false)
}

/**
 * The entity references at the top of a site's schema that must make it an object: the
 * schema itself when it is an `$entity`; the `$entity` branches of an `allOf` at the top
 * none of whose other branches is an object (one of them must be), with their pointers.
 */
function topEntities(schema: SchemaNode, pointer: string): { name: string; pointer: string }[] {
  if (typeof schema.$entity === 'string') return [{ name: schema.$entity, pointer: `${pointer}/$entity` }]
  const branches = schema.allOf
  if (branches === undefined || schema.type !== undefined) return []
  if (branches.some(ownObject)) return []
  return branches.flatMap((branch, i) => topEntities(branch, `${pointer}/allOf/${i}`))
}

function checkTopLevelEntities(model: Model, definition: DefinitionModel & { scope: EntityScope }): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const site of schemaSites(definition.spec)) {
    if (site.role === 'entity' || site.role === 'defs' || site.role === 'configuration') continue
    const references = topEntities(site.schema, site.pointer)
    if (references.length === 0) continue
    const tops = references.map((ref) => resolveTop(model, { $entity: ref.name }, definition.scope))
    // an unknown entity is reported elsewhere; one object branch makes the allOf an object
    if (tops.some((top) => top === undefined || isObjectType(top))) continue
    const [first] = references
    if (!first) continue
    const schema = site.role === 'input' || site.role === 'output' ? `the ${site.role} of action '${site.member}'` : `'${site.member}'`
    out.push(diagnostic('BW2012', 'entityNotObject', { entity: first.name, schema }, locate(definition.file, first.pointer), { path: first.pointer }))
  }
  return out
}

export const entityCycleCheck = defineCheck({
  name: 'EntityCycle',
  codes: ['BW4012', 'BW2012'],
  kinds: ['interface', 'integration', 'plugin'],
  run(definition, model) {
    const out: Diagnostic[] = []
    if (definition.kind !== 'plugin') out.push(...checkCycles(definition, definition.spec.entities ?? {}))
    out.push(...checkTopLevelEntities(model, definition))
    return out
  },
})
