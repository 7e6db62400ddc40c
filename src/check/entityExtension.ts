/**
 * Each integration entity mapped to an interface entity extends it (docs/entity-extension.md#the-rules):
 * every value the integration's entity admits is a value the interface's admits.
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { ExtensionChecker, type SchemaSide, type SideEntities } from '../jsonSchema/extension.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { describeReference } from '../jsonSchema/reference.js'
import { locate } from '../load/yamlNodes.js'
import { requireDefinition } from '../resolve/model.js'
import { defineCheck } from './check.js'
import { type EntityOwner, entitiesOf, entityPointer, entityResolver, inhabitationOf, unsoundEntities } from './entityAnalysis.js'

function sideEntities(definition: EntityOwner): SideEntities {
  return { resolveEntity: entityResolver(definition), label: (name) => `${definition.name}.${name ?? ''}` }
}

function side(definition: EntityOwner, entity: string): SchemaSide | undefined {
  const holder = own(entitiesOf(definition), entity)
  if (!holder) return undefined
  const entities = sideEntities(definition)
  return { schema: holder.schema, entity, resolveEntity: entities.resolveEntity, label: (name) => entities.label(name ?? entity) }
}

/** Whether an entity's pair is compared: not when it reaches a problem reported elsewhere, or admits no value (EntityInhabited reports that). */
function comparable(definition: EntityOwner, entity: string): boolean {
  return !unsoundEntities(definition).has(entity) && inhabitationOf(definition).entityInhabited(entity)
}

export const entityExtensionCheck = defineCheck({
  name: 'EntityExtension',
  codes: ['BW4001', 'BW4002'],
  kinds: ['integration'],
  run(integration, model) {
    const out: Diagnostic[] = []
    for (const implemented of integration.implemented) {
      const iface = requireDefinition(model, implemented.interfaceKey, 'interface')
      const checker = new ExtensionChecker(sideEntities(integration), sideEntities(iface), {
        subject: inhabitationOf(integration),
        target: inhabitationOf(iface),
      })
      const checked = (ownEntity: string, interfaceEntity: string): boolean =>
        own(implemented.entityMap, interfaceEntity) === ownEntity && comparable(integration, ownEntity) && comparable(iface, interfaceEntity)
      for (const [interfaceEntity, ownEntity] of Object.entries(implemented.entityMap)) {
        if (!checked(ownEntity, interfaceEntity)) continue
        const subject = side(integration, ownEntity)
        const target = side(iface, interfaceEntity)
        if (!subject || !target) continue
        const result = checker.check(subject, target)
        if (result.extends) continue
        for (const failure of result.failures) {
          // inside an entity that admits no value or reaches a problem, which is reported where it is: not again here
          if (
            (failure.subject.entity !== null && !comparable(integration, failure.subject.entity)) ||
            (failure.target.entity !== null && !comparable(iface, failure.target.entity))
          )
            continue
          const elsewhere = failure.subject.entity !== null && failure.subject.entity !== ownEntity ? failure.subject.entity : null
          // inside another mapped pair, which is checked and reported on its own: one root cause, one diagnostic
          if (elsewhere !== null && failure.target.entity !== null && checked(elsewhere, failure.target.entity)) continue
          const at = entityPointer(failure.subject, ownEntity)
          const targetAt = entityPointer(failure.target, interfaceEntity)
          const args = {
            entity: ownEntity,
            integration: integration.name,
            interface: iface.name,
            interfaceEntity,
            alias: implemented.alias,
            inReferenced: elsewhere === null ? '' : `in ${describeReference(elsewhere)}, which it references, `,
            pointer: failure.subject.pointer || '/',
            reason: failure.reason,
          }
          out.push(
            diagnostic(failure.undecidable ? 'BW4002' : 'BW4001', 'doesNotExtend', args, locate(integration.file, at), {
              path: at,
              related: [
                relatedLocation('interfaceSchema', { name: iface.name, version: iface.version }, locate(iface.file, targetAt)),
                relatedLocation('mapping', {}, locate(integration.file, formatPointer(['interfaces', implemented.alias, 'entities', interfaceEntity]))),
              ],
            }),
          )
        }
      }
    }
    return out
  },
})
