// Entity types of an interface or an integration: one named type per entity (so that
// recursive entities are recursive named types), and the `Entities` map.

import { own } from '../jsonSchema/own.js'
import type { DefinitionKey, EntityScope } from '../resolve/model.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { PropertySignature, TypeExpr } from './plan.js'
import { docOf, schemaToType, type TypeContext } from './schemaToType.js'

export interface EntityTypes {
  /** entity name -> type name in this module */
  names: Map<string, string>
  /** the type context for a scope whose entities this module owns */
  context(scope: EntityScope): TypeContext
}

/**
 * @param aliased entities declared as a type alias where their type is an object type
 * without an index signature, not as an interface: TypeScript lets such a type fit an index
 * signature (`[key: string]: unknown`), which an interface without one never does
 * (lowerIntegration says when that matters)
 */
export function declareEntities(
  builder: ModuleBuilder,
  owner: DefinitionKey,
  entities: Record<string, SchemaHolder>,
  aliased: ReadonlySet<string> = new Set(),
): EntityTypes {
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
    const type = aliased.has(name) ? schemaToType(holder.schema, ownContext) : undefined
    if (type?.kind === 'object' && type.index === undefined) builder.add({ kind: 'typeAlias', name: typeName, ...(doc ? { doc } : {}), type })
    else builder.declareSchema(typeName, holder.schema, ownContext, doc)
    members.push({ name, optional: false, type: ref(typeName), ...(doc ? { doc } : {}) })
  }
  builder.add({ kind: 'interface', name: 'Entities', doc: { description: 'Entities by name.' }, members })
  return { names, context }
}
