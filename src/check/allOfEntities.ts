/**
 * An `allOf` with entity branches (an entity, or a combination of entities, as a branch)
 * must still admit a value once its entities are resolved, and so must a union with entity
 * alternatives beside constraints of its own (BW4021); a property another branch adds to a
 * closed entity branch can never be present (BW4022). Schema sanity judges `allOf` nodes before references are
 * resolved, taking an entity branch to admit anything (BW2025, BW2026); this is the rest.
 * In a plugin, a `LOCAL.ENTITY` branch is the entity of the interface version the plugin
 * compiles against (check/pluginSchemas.ts), as the plugin's other checks read it.
 */
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, suggestionText } from '../diagnostics/suggest.js'
import { type Inhabitation, nodeAdmitsNoValue } from '../jsonSchema/admitsNoValue.js'
import { escapePointerSegment, formatPointer } from '../jsonSchema/pointer.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { Model, PluginModel } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import { schemaSites, walkSchema } from '../validate/schemaSites.js'
import { defineCheck } from './check.js'
import { type EntityOwner, entityResolver, inhabitationOf, unsoundEntities } from './entityAnalysis.js'
import { pluginSchemas } from './pluginSchemas.js'

export const allOfEntitiesCheck = defineCheck({
  name: 'AllOfEntities',
  codes: ['BW4021', 'BW4022'],
  kinds: ['interface', 'integration', 'plugin'],
  run(definition, model) {
    // most definitions combine no entities at all: their text says so without a walk
    const text = definition.file.text
    if (!text.includes('allOf') && !text.includes('anyOf') && !text.includes('oneOf')) return []
    const reading = definition.kind === 'plugin' ? pluginReading(model, definition) : ownReading(definition)
    const out: Diagnostic[] = []
    for (const site of schemaSites(definition.spec)) {
      if (site.role === 'entity' && definition.kind !== 'plugin' && !inhabitationOf(definition).entityInhabited(site.member)) continue // BW2019's
      walkSchema(site.schema, site.pointer, (node, pointer) => {
        if (node.allOf?.some((branch) => entitiesAtTop(branch).length > 0)) checkAllOf(reading, node, pointer, out)
        else if ([...(node.anyOf ?? []), ...(node.oneOf ?? [])].some((branch) => entitiesAtTop(branch).length > 0)) checkUnion(reading, node, pointer, out)
      })
    }
    return out
  },
})

/**
 * The entities a schema is, or is a combination of: its `$entity`, and those of its
 * `allOf`/`anyOf`/`oneOf` branches at any depth (not those of its properties or items,
 * which are values inside it). `allOf: [{ allOf: [{ $entity: id }] }, { type: integer }]`
 * reaches `id` one level down, and admits no value as surely as with `id` as a branch.
 */
function entitiesAtTop(node: SchemaNode): string[] {
  const own = typeof node.$entity === 'string' ? [node.$entity] : []
  return [...own, ...[node.allOf, node.anyOf, node.oneOf].flatMap((branches) => (branches ?? []).flatMap(entitiesAtTop))]
}

/** How the check reads the entities of a definition's schemas, by the names written there. */
interface EntityReading {
  file: SourceFile
  /** the node as the emptiness analysis reads it */
  analysed(node: SchemaNode): SchemaNode
  inhabitation: Inhabitation
  resolve(name: string): SchemaNode | undefined
  /** whether the entity sits on a problem reported elsewhere (an unknown entity it reaches, a reference cycle) */
  unsound(name: string): boolean
  /** where the entity's `additionalProperties` is written */
  closedAt(name: string): { file: SourceFile; pointer: string } | undefined
}

/** An interface's or an integration's own entities. */
function ownReading(definition: EntityOwner): EntityReading {
  const unsound = unsoundEntities(definition)
  return {
    file: definition.file,
    analysed: (node) => node,
    inhabitation: inhabitationOf(definition),
    resolve: entityResolver(definition),
    unsound: (name) => unsound.has(name),
    closedAt: (name) => ({ file: definition.file, pointer: formatPointer(['entities', name, 'schema', 'additionalProperties']) }),
  }
}

/** A plugin's `LOCAL.ENTITY`: the entity of the interface it depends on. */
function pluginReading(model: Model, plugin: PluginModel): EntityReading {
  const schemas = pluginSchemas(model, plugin)
  return {
    file: plugin.file,
    analysed: (node) => schemas.own(node),
    inhabitation: schemas.inhabitationAnalysis(),
    resolve: schemas.resolve,
    unsound: (name) => {
      const found = schemas.interfaceEntity(name)
      return found !== undefined && unsoundEntities(found.iface).has(found.entity)
    },
    closedAt: (name) => {
      const found = schemas.interfaceEntity(name)
      return found && { file: found.iface.file, pointer: formatPointer(['entities', found.entity, 'schema', 'additionalProperties']) }
    },
  }
}

function checkAllOf(reading: EntityReading, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  const branches = node.allOf ?? []
  // an unknown entity or a reference cycle is reported where it is; a contradiction without entities is sanity's
  if (branches.flatMap(entitiesAtTop).some((name) => reading.resolve(name) === undefined || reading.unsound(name))) return
  if (nodeAdmitsNoValue(node, pointer) !== undefined) return
  const found = out.length
  branches.forEach((branch, i) => {
    if (typeof branch.$entity === 'string') checkClosedEntity(reading, node, pointer, branch.$entity, i, out)
  })
  if (out.length > found) return
  // a branch that admits no value by itself (an entity BW2019 reports, or a part reported
  // where it is) is not this allOf's contradiction: the allOf would only repeat it
  if (branches.some((branch) => reading.inhabitation.isEmpty(reading.analysed(branch)))) return
  const empty = reading.inhabitation.explain({ node: reading.analysed(node), entity: null, pointer, variant: '' })
  if (empty === undefined || empty.location.entity !== null) return
  out.push(diagnostic('BW4021', 'allOfAdmitsNoValue', { reason: empty.reason }, locate(reading.file, empty.location.pointer), { path: empty.location.pointer }))
}

/**
 * A union with entity alternatives beside constraints of its own (`{ type: integer, anyOf:
 * [{ $entity: id }] }`): no alternative may fit what stands beside it once the entities are
 * resolved. Alternatives that admit no value themselves are reported where they are.
 */
function checkUnion(reading: EntityReading, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? [])]
  if (branches.flatMap(entitiesAtTop).some((name) => reading.resolve(name) === undefined || reading.unsound(name))) return
  if (nodeAdmitsNoValue(node, pointer) !== undefined) return
  if (branches.every((branch) => reading.inhabitation.isEmpty(reading.analysed(branch)))) return
  const empty = reading.inhabitation.explain({ node: reading.analysed(node), entity: null, pointer, variant: '' })
  if (empty === undefined || empty.location.entity !== null) return
  const keyword = node.anyOf !== undefined ? 'anyOf' : 'oneOf'
  out.push(
    diagnostic('BW4021', 'unionAdmitsNoValue', { keyword, reason: empty.reason }, locate(reading.file, empty.location.pointer), {
      path: empty.location.pointer,
    }),
  )
}

/** Properties the other parts of the `allOf` declare that entity `name` (closed) does not. */
function checkClosedEntity(reading: EntityReading, node: SchemaNode, pointer: string, name: string, index: number, out: Diagnostic[]): void {
  const entity = reading.resolve(name)
  const closedAt = reading.closedAt(name)
  if (entity?.additionalProperties !== false || closedAt === undefined) return
  const declared = Object.keys(entity.properties ?? {})
  const parts: { node: SchemaNode; pointer: string }[] = [{ node, pointer }]
  ;(node.allOf ?? []).forEach((branch, i) => {
    if (typeof branch.$entity !== 'string') parts.push({ node: branch, pointer: `${pointer}/allOf/${i}` })
  })
  const required = new Set(parts.flatMap((part) => part.node.required ?? []))
  for (const part of parts) {
    for (const property of Object.keys(part.node.properties ?? {})) {
      if (Object.hasOwn(entity.properties ?? {}, property)) continue
      const at = `${part.pointer}/properties/${escapePointerSegment(property)}`
      const suggestion = closest(property, declared)
      out.push(
        diagnostic(
          'BW4022',
          'neverPresentInEntity',
          {
            name: property,
            entity: name,
            branch: index,
            required: required.has(property) ? '; it is required, so no value fits this schema' : '',
            didYouMean: suggestionText(suggestion),
          },
          locateKey(reading.file, at),
          { path: at, suggestion, related: [relatedLocation('entityClosedHere', { name }, locate(closedAt.file, closedAt.pointer))] },
        ),
      )
    }
  }
}
