// Entity types of an interface or an integration: one named type per entity (so that
// recursive entities are recursive named types), and the `Entities` map; then one named
// type per `$defs` entry (lower/defs.ts).

import { isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { bindReference, type DefinitionKey, defsScope, type EntityScope, MESSAGES_OWNER, type QualifiedEntity } from '../resolve/model.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { allocateNamedTypes, callerViewDoc, declareDefs, messagePayloadType } from './defs.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import type { PropertySignature, TypeExpr } from './plan.js'
import { docOf, schemaToType, type TypeContext, type TypeView } from './schemaToType.js'

/** A definition's named schemas, and how a `$ref` into another definition's (an interface's) is typed. */
export interface NamedSchemaTypes {
  defs: Record<string, SchemaNode> | undefined
  foreign(target: QualifiedEntity, view?: TypeView): TypeExpr
  /** whether such a foreign entry's caller's view differs (foreignDefsHasDefaults) */
  foreignHasDefaults?(target: QualifiedEntity): boolean
}

export interface EntityTypes {
  /** entity name (or `#/$defs/NAME`) -> type name in this module */
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
  named?: NamedSchemaTypes,
): EntityTypes {
  const types = allocateNamedTypes(builder.names, owner, entities, named?.defs)
  const { names, inputNames } = types
  const ownScope: EntityScope = { ...Object.fromEntries(Object.keys(entities).map((n) => [n, { owner, entity: n }])), ...defsScope(owner, named?.defs) }
  const typeOf = (target: QualifiedEntity | undefined, view?: TypeView): TypeExpr => {
    if (target?.owner === MESSAGES_OWNER) return messagePayloadType(builder, target.entity)
    if (target && target.owner !== owner && named && isDefsReference(target.entity)) return named.foreign(target, view)
    if (!target || target.owner !== owner) return { kind: 'keyword', name: 'unknown' }
    // the caller's view where it differs (`TicketInput`, `CommentInput`), else the one type
    const typeName = (view === 'given' ? inputNames.get(target.entity) : undefined) ?? names.get(target.entity)
    return typeName ? ref(typeName) : { kind: 'keyword', name: 'unknown' }
  }
  const hasDefaults = (target: QualifiedEntity | undefined): boolean => {
    if (target === undefined) return false
    if (target.owner === owner) return inputNames.has(target.entity)
    return named !== undefined && isDefsReference(target.entity) && (named.foreignHasDefaults?.(target) ?? false)
  }
  const context = (scope: EntityScope): TypeContext => ({
    entity: (name: string, view?: TypeView): TypeExpr => typeOf(bindReference(scope, name), view),
    entityHasDefaults: (name: string): boolean => hasDefaults(bindReference(scope, name)),
  })
  const ownContext: TypeContext = { ...context(ownScope), view: 'filled' }
  const members: PropertySignature[] = []
  for (const [name, holder] of Object.entries(entities)) {
    const typeName = names.get(name) ?? name
    const doc = docOf(holder) ?? docOf(holder.schema)
    const type = aliased.has(name) ? schemaToType(holder.schema, ownContext) : undefined
    if (type?.kind === 'object' && type.index === undefined) builder.add({ kind: 'typeAlias', name: typeName, ...(doc ? { doc } : {}), type })
    else builder.declareSchema(typeName, holder.schema, ownContext, doc)
    const inputName = inputNames.get(name)
    if (inputName) builder.declareSchema(inputName, holder.schema, { ...ownContext, view: 'given' }, callerViewDoc(doc, typeName))
    members.push({ name, optional: false, type: ref(typeName), ...(doc ? { doc } : {}) })
  }
  builder.add({ kind: 'interface', name: 'Entities', doc: { description: 'Entities by name.' }, members })
  // a `$defs` entry references only its own definition's entries (and standard messages)
  declareDefs(builder, named?.defs, types, {
    entity: (reference, view) => typeOf(isDefsReference(reference) ? { owner, entity: reference } : bindReference({}, reference), view),
    entityHasDefaults: (reference) => isDefsReference(reference) && inputNames.has(reference),
  })
  return { names, context }
}
