/**
 * Each integration entity mapped to an interface entity extends it (SPEC §4, E-rules):
 * every value the integration's entity admits is a value the interface's admits.
 */
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js'
import { formatPointer, locate } from '../load/yamlNodes.js'
import { requireDefinition, type IntegrationModel, type InterfaceModel, type Model } from '../resolve/model.js'
import { own } from '../schema/own.js'
import type { SchemaNode } from '../schema/types.js'
import { checkExtension, type SchemaLocation, type SchemaSide } from './extension/index.js'

function side(definition: IntegrationModel | InterfaceModel, entity: string): SchemaSide | undefined {
  const entities: Record<string, { schema: SchemaNode }> = definition.spec.entities ?? {}
  const holder = own(entities, entity)
  if (!holder) return undefined
  return {
    schema: holder.schema,
    entity,
    resolveEntity: (name) => own(entities, name)?.schema,
    label: (name) => `${definition.name}.${name ?? entity}`,
  }
}

function pointerOf(location: SchemaLocation, root: string): string {
  return `${formatPointer(['entities', location.entity ?? root, 'schema'])}${location.pointer}`
}

export function checkEntityExtension(model: Model): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const integration of model.integrations) {
    for (const implemented of integration.implemented) {
      const iface = requireDefinition(model, implemented.interfaceKey, 'interface')
      for (const [interfaceEntity, ownEntity] of Object.entries(implemented.entityMap)) {
        const subject = side(integration, ownEntity)
        const target = side(iface, interfaceEntity)
        if (!subject || !target) continue
        const result = checkExtension(subject, target)
        if (result.extends) continue
        for (const failure of result.failures) {
          const at = pointerOf(failure.subject, ownEntity)
          const targetAt = pointerOf(failure.target, interfaceEntity)
          const lead = `entity '${ownEntity}' of integration '${integration.name}' does not extend '${iface.name}.${interfaceEntity}' (mapped in interfaces.${implemented.alias})`
          out.push(
            diagnostic(failure.undecidable ? 'BW4002' : 'BW4001', `${lead}: ${failure.subject.pointer || '/'}: ${failure.reason}`, locate(integration.file, at), {
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
