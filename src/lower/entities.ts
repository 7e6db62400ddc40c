// Entity types of an interface or an integration: one named type per entity (so that
// recursive entities are recursive named types), and the `Entities` map.
import type { DefinitionKey, EntityScope } from '../resolve/model.js'
import { own } from '../schema/own.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { ref, type ModuleBuilder } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { PropertySignature, TypeExpr } from './plan.js'
import { docOf, type TypeContext } from './schemaToType.js'

export interface EntityTypes {
  /** entity name -> type name in this module */
  names: Map<string, string>
  /** the type context for a scope whose entities this module owns */
  context(scope: EntityScope): TypeContext
}

export function declareEntities(builder: ModuleBuilder, owner: DefinitionKey, entities: Record<string, SchemaHolder>): EntityTypes {
  const names = new Map<string, string>()
  for (const name of Object.keys(entities)) names.set(name, builder.names.allocate(pascalCase(name)))
  const context = (scope: EntityScope): TypeContext => ({
    entity: (name: string): TypeExpr => {
      const target = own(scope, name)
      const typeName = target && target.owner === owner ? names.get(target.entity) : undefined
      return typeName ? ref(typeName) : { kind: 'keyword', name: 'unknown' }
    },
  })
  const ownContext = context(Object.fromEntries(Object.keys(entities).map((n) => [n, { owner, entity: n }])))
  const members: PropertySignature[] = []
  for (const [name, holder] of Object.entries(entities)) {
    const typeName = names.get(name) ?? name
    const doc = docOf(holder) ?? docOf(holder.schema)
    builder.declareSchema(typeName, holder.schema, ownContext, doc)
    members.push({ name, optional: false, type: ref(typeName), ...(doc ? { doc } : {}) })
  }
  builder.add({ kind: 'interface', name: 'Entities', doc: { description: 'Entities by name.' }, members })
  return { names, context }
}
