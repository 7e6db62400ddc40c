/**
 * An `allOf` with entity branches must still admit a value once its entities are
 * resolved (BW4021), and a property another branch adds to a closed entity branch can
 * never be present (BW4022). Schema sanity judges `allOf` nodes before references are
 * resolved, taking an entity branch to admit anything (BW2025, BW2026); this is the rest.
 */
import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, suggestionText } from '../diagnostics/suggest.js'
import { nodeAdmitsNoValue } from '../jsonSchema/admitsNoValue.js'
import { escapePointerSegment } from '../jsonSchema/pointer.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import { schemaSites, walkSchema } from '../validate/schemaSites.js'
import { defineCheck } from './check.js'
import { type EntityOwner, entityResolver, inhabitationOf, unsoundEntities } from './entityAnalysis.js'

export const allOfEntitiesCheck = defineCheck({
  name: 'AllOfEntities',
  codes: ['BW4021', 'BW4022'],
  kinds: ['interface', 'integration'],
  run(definition) {
    // most definitions have no allOf at all: their text says so without a walk
    if (!definition.file.text.includes('allOf')) return []
    const out: Diagnostic[] = []
    for (const site of schemaSites(definition.spec)) {
      if (site.role === 'entity' && !inhabitationOf(definition).entityInhabited(site.member)) continue // BW2019's
      walkSchema(site.schema, site.pointer, (node, pointer) => {
        if (node.allOf?.some((branch) => typeof branch.$entity === 'string')) checkAllOf(definition, node, pointer, out)
      })
    }
    return out
  },
})

function checkAllOf(definition: EntityOwner, node: SchemaNode, pointer: string, out: Diagnostic[]): void {
  const resolve = entityResolver(definition)
  const unsound = unsoundEntities(definition)
  const branches = node.allOf ?? []
  // an unknown entity or a reference cycle is reported where it is; a contradiction without entities is sanity's
  if (branches.some((branch) => typeof branch.$entity === 'string' && (resolve(branch.$entity) === undefined || unsound.has(branch.$entity)))) return
  if (nodeAdmitsNoValue(node, pointer) !== undefined) return
  const found = out.length
  branches.forEach((branch, i) => {
    if (typeof branch.$entity === 'string') checkClosedEntity(definition, node, pointer, branch.$entity, i, out)
  })
  if (out.length > found) return
  const empty = inhabitationOf(definition).explain({ node, entity: null, pointer, variant: '' })
  if (empty === undefined || empty.location.entity !== null) return
  out.push(
    diagnostic('BW4021', 'allOfAdmitsNoValue', { reason: empty.reason }, locate(definition.file, empty.location.pointer), { path: empty.location.pointer }),
  )
}

/** Properties the other parts of the `allOf` declare that entity `name` (closed) does not. */
function checkClosedEntity(definition: EntityOwner, node: SchemaNode, pointer: string, name: string, index: number, out: Diagnostic[]): void {
  const entity = entityResolver(definition)(name)
  if (entity?.additionalProperties !== false) return
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
          locateKey(definition.file, at),
          {
            path: at,
            suggestion,
            related: [
              relatedLocation('entityClosedHere', { name }, locate(definition.file, `/entities/${escapePointerSegment(name)}/schema/additionalProperties`)),
            ],
          },
        ),
      )
    }
  }
}
