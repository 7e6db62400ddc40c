// An interface's module: its entities, actions, events, channels and `definition`.
import { annotationsOf } from '../jsonSchema/annotations.js'
import type { InterfaceModel, Model } from '../resolve/model.js'
import { declareEntities } from './entities.js'
import { declareMemberTypes, type MemberSets, memberDefinitions } from './members.js'
import { ModuleBuilder, modulePath } from './moduleBuilder.js'
import type { ModuleFile } from './plan.js'
import { JsonSchemaLowering } from './schemaToJson.js'
import { documented, sourceName } from './sources.js'

export function lowerInterface(model: Model, iface: InterfaceModel, definitionsDir: string): ModuleFile {
  const builder = new ModuleBuilder(modulePath('interface', iface.name, iface.version), [sourceName(iface.file, definitionsDir)])
  const entities = declareEntities(builder, iface.key, iface.spec.entities, new Set(), {
    defs: iface.spec.$defs,
    foreign: () => ({ kind: 'keyword', name: 'unknown' }),
  })
  const members: MemberSets = {
    actions: Object.entries(iface.spec.actions).map(([name, spec]) => ({ name, spec, scope: iface.scope, ...documented(spec) })),
    events: Object.entries(iface.spec.events ?? {}).map(([name, spec]) => ({ name, spec, scope: iface.scope, ...documented(spec) })),
    channels: Object.entries(iface.spec.channels ?? {}).map(([name, spec]) => ({ name, spec, scope: iface.scope, ...documented(spec) })),
  }
  declareMemberTypes(builder, members, { context: entities.context }, { actions: 'Actions', events: 'Events', channels: 'Channels' }, iface.spec)
  const lowering = new JsonSchemaLowering(model)
  const entityKeys = Object.fromEntries(Object.keys(iface.spec.entities).map((entity) => [entity, lowering.include({ owner: iface.key, entity })]))
  lowering.includeDefs(iface.key, iface.spec.$defs)
  const sections = memberDefinitions(members, lowering)
  builder.addDefinition('InterfaceDefinition', `interface '${iface.name}' ${iface.version}`, {
    kind: 'interface',
    name: iface.name,
    version: iface.version,
    ...documented(iface.spec),
    ...annotationsOf(iface.spec),
    definitions: lowering.section(),
    entities: entityKeys,
    ...sections,
  })
  return builder.build()
}
