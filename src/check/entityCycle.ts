/**
 * A cycle of entity references must pass through an object property or array items:
 * `a` being `{ $entity: b }` while `b` is `{ $entity: a }` describes no value at all.
 * Also: a top-level schema that is an `$entity` must reference an object entity.
 */
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { own } from '../jsonSchema/own.js'
import { referenceKeyword, referenceOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { formatPointer, locate } from '../load/yamlNodes.js'
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
  ]
}

function checkCycles(definition: DefinitionModel & { scope: EntityScope }, entities: Record<string, { schema: SchemaNode }>): Diagnostic[] {
  const out: Diagnostic[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const reported = new Set<string>()
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name]
      const key = [...cycle].sort().join(',')
      if (reported.has(key)) return
      reported.add(key)
      // each step of the cycle is a reference: the last one closes it, the others are related
      const steps = cycle.slice(0, -1).map((source, i) => {
        const target = cycle[i + 1] ?? name
        const holder = own(entities, source)
        const ref = holder && directReferences(holder.schema, formatPointer(['entities', source, 'schema'])).find((r) => r.name === target)
        return { source, target, pointer: ref?.pointer ?? formatPointer(['entities', source]) }
      })
      const closing = steps[steps.length - 1]
      if (!closing) return
      const related = steps
        .slice(0, -1)
        .map((step) => ({ message: `'${step.source}' references '${step.target}' here`, range: locate(definition.file, step.pointer) }))
      const range = locate(definition.file, closing.pointer)
      out.push(
        steps.length === 1
          ? diagnostic('BW4012', 'selfReference', { entity: name }, range, { path: closing.pointer, related })
          : diagnostic('BW4012', 'cycle', { cycle: cycle.map((c) => `'${c}'`).join(' -> ') }, range, {
              path: closing.pointer,
              related,
              data: { entities: cycle },
            }),
      )
      return
    }
    state.set(name, 'visiting')
    const holder = own(entities, name)
    if (holder) {
      for (const ref of directReferences(holder.schema, '')) if (Object.hasOwn(entities, ref.name)) visit(ref.name, [...path, name])
    }
    state.set(name, 'done')
  }
  for (const name of Object.keys(entities)) visit(name, [])
  return out
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

function checkTopLevelEntities(model: Model, definition: DefinitionModel & { scope: EntityScope }): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const site of schemaSites(definition.spec)) {
    if (site.role === 'entity' || site.role === 'defs' || site.role === 'configuration' || typeof site.schema.$entity !== 'string') continue
    const top = resolveTop(model, site.schema, definition.scope)
    if (!top) continue
    const isObject = top.type === 'object' || (Array.isArray(top.type) && top.type.length === 1 && top.type[0] === 'object')
    if (!isObject) {
      const schema = site.role === 'input' || site.role === 'output' ? `the ${site.role} of action '${site.member}'` : `'${site.member}'`
      out.push(
        diagnostic('BW2012', 'entityNotObject', { entity: site.schema.$entity, schema }, locate(definition.file, `${site.pointer}/$entity`), {
          path: `${site.pointer}/$entity`,
        }),
      )
    }
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
