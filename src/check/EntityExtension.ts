/**
 * Each integration entity mapped to an interface entity extends it (SPEC §4, E-rules):
 * every value the integration's entity admits is a value the interface's admits.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js'
import { formatPointer, locate } from '../load/yamlNodes.js'
import { requireDefinition, type IntegrationModel, type InterfaceModel, type Model } from '../resolve/model.js'
import { own } from '../schema/own.js'
import type { SchemaNode } from '../schema/types.js'
import { walkSchema } from '../validate/schemaSites.js'
import { directReferences } from './EntityCycle.js'
import { ExtensionChecker, Inhabitation, type SchemaLocation, type SchemaSide, type SideEntities } from './extension/index.js'

type Definition = IntegrationModel | InterfaceModel

function entitiesOf(definition: Definition): Record<string, { schema: SchemaNode }> {
  return definition.spec.entities ?? {}
}

function sideEntities(definition: Definition): SideEntities {
  const entities = entitiesOf(definition)
  return {
    resolveEntity: (name) => own(entities, name)?.schema,
    label: (name) => `${definition.name}.${name ?? ''}`,
  }
}

function side(definition: Definition, entity: string): SchemaSide | undefined {
  const holder = own(entitiesOf(definition), entity)
  if (!holder) return undefined
  const entities = sideEntities(definition)
  return { schema: holder.schema, entity, resolveEntity: entities.resolveEntity, label: (name) => entities.label(name ?? entity) }
}

/** One emptiness analysis per definition, shared by every comparison its entities take part in. */
function inhabitationOf(cache: Map<Definition, Inhabitation>, definition: Definition): Inhabitation {
  let found = cache.get(definition)
  if (!found) {
    const { resolveEntity } = sideEntities(definition)
    found = new Inhabitation(resolveEntity)
    cache.set(definition, found)
  }
  return found
}

/**
 * Entities whose schemas reach an unknown entity (BW3003) or sit on a direct reference
 * cycle (BW4012). Both are reported where they are; an extension verdict on such an
 * entity would only repeat them in other words, so it waits until they are fixed.
 */
function unsoundEntities(entities: Record<string, { schema: SchemaNode }>): Set<string> {
  const references = new Map<string, string[]>()
  for (const [name, holder] of Object.entries(entities)) {
    const found: string[] = []
    walkSchema(holder.schema, '', (node) => {
      if (typeof node.$entity === 'string') found.push(node.$entity)
    })
    references.set(name, found)
  }
  const onDirectCycle = (start: string): boolean => {
    const seen = new Set<string>()
    const stack = [start]
    while (stack.length > 0) {
      const holder = own(entities, stack.pop() ?? '')
      for (const ref of holder ? directReferences(holder.schema, '') : []) {
        if (ref.name === start) return true
        if (!seen.has(ref.name)) stack.push(ref.name)
        seen.add(ref.name)
      }
    }
    return false
  }
  const unsound = new Set([...references].filter(([name, refs]) => refs.some((r) => !Object.hasOwn(entities, r)) || onDirectCycle(name)).map(([name]) => name))
  for (let grew = true; grew; ) {
    grew = false
    for (const [name, refs] of references) {
      if (!unsound.has(name) && refs.some((r) => unsound.has(r))) {
        unsound.add(name)
        grew = true
      }
    }
  }
  return unsound
}

function pointerOf(location: SchemaLocation, root: string): string {
  return `${formatPointer(['entities', location.entity ?? root, 'schema'])}${location.pointer}`
}

export function checkEntityExtension(model: Model): Diagnostic[] {
  const out: Diagnostic[] = []
  const inhabitations = new Map<Definition, Inhabitation>()
  const interfaceUnsoundness = new Map<InterfaceModel, Set<string>>()
  for (const integration of model.integrations) {
    const unsound = unsoundEntities(integration.spec.entities ?? {})
    for (const implemented of integration.implemented) {
      const iface = requireDefinition(model, implemented.interfaceKey, 'interface')
      let interfaceUnsound = interfaceUnsoundness.get(iface)
      if (!interfaceUnsound) interfaceUnsoundness.set(iface, (interfaceUnsound = unsoundEntities(iface.spec.entities)))
      const checker = new ExtensionChecker(sideEntities(integration), sideEntities(iface), {
        subject: inhabitationOf(inhabitations, integration),
        target: inhabitationOf(inhabitations, iface),
      })
      const checked = (ownEntity: string, interfaceEntity: string): boolean => !unsound.has(ownEntity) && !interfaceUnsound.has(interfaceEntity) && own(implemented.entityMap, interfaceEntity) === ownEntity
      for (const [interfaceEntity, ownEntity] of Object.entries(implemented.entityMap)) {
        if (!checked(ownEntity, interfaceEntity)) continue
        const subject = side(integration, ownEntity)
        const target = side(iface, interfaceEntity)
        if (!subject || !target) continue
        const result = checker.check(subject, target)
        if (result.extends) continue
        for (const failure of result.failures) {
          const elsewhere = failure.subject.entity !== null && failure.subject.entity !== ownEntity ? failure.subject.entity : null
          // inside another mapped pair, which is checked and reported on its own: one root cause, one diagnostic
          if (elsewhere !== null && failure.target.entity !== null && checked(elsewhere, failure.target.entity)) continue
          const at = pointerOf(failure.subject, ownEntity)
          const targetAt = pointerOf(failure.target, interfaceEntity)
          const lead = `entity '${ownEntity}' of integration '${integration.name}' does not extend '${iface.name}.${interfaceEntity}' (mapped in interfaces.${implemented.alias})`
          const where = elsewhere === null ? '' : `in entity '${elsewhere}', which it references, `
          out.push(
            diagnostic(failure.undecidable ? 'BW4002' : 'BW4001', `${lead}: ${where}${failure.subject.pointer || '/'}: ${failure.reason}`, locate(integration.file, at), {
              path: at,
              related: [
                { message: `the interface's schema (${iface.name} ${iface.version})`, range: locate(iface.file, targetAt) },
                { message: 'the mapping', range: locate(integration.file, formatPointer(['interfaces', implemented.alias, 'entities', interfaceEntity])) },
              ],
            }),
          )
        }
      }
    }
  }
  return out
}
