// Entity types of an interface or an integration: one named type per entity (so that
// recursive entities are recursive named types), and the `Entities` map; then one named
// type per `$defs` entry (lower/defs.ts).

import { own } from '../jsonSchema/own.js'
import { isDefsReference } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { bindReference, type DefinitionKey, defsScope, type EntityScope, MESSAGES_OWNER, type QualifiedEntity } from '../resolve/model.js'
import type { SchemaHolder } from '../validate/definitionTypes.js'
import { allocateDefsNames, declareDefs, messagePayloadType } from './defs.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { pascalCase } from './names.js'
import type { PropertySignature, TypeExpr } from './plan.js'
import { docOf, hasFilledDefaults, schemaToType, type TypeContext, type TypeView } from './schemaToType.js'

/** A definition's named schemas, and how a `$ref` into another definition's (an interface's) is typed. */
export interface NamedSchemaTypes {
  defs: Record<string, SchemaNode> | undefined
  foreign(target: QualifiedEntity): TypeExpr
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
/**
 * The entities whose two views differ (hasFilledDefaults): those with a filled default of
 * their own, then, until nothing changes, those that reach one of them where the runtime
 * fills (recursive entities included).
 */
function entitiesWithDefaults(entities: Record<string, SchemaHolder>, scope: EntityScope, owner: DefinitionKey): Set<string> {
  const found = new Set<string>()
  const context: TypeContext = {
    entity: () => ({ kind: 'keyword', name: 'unknown' }),
    entityHasDefaults: (name) => {
      const target = own(scope, name)
      return target !== undefined && target.owner === owner && found.has(target.entity)
    },
  }
  for (let changed = true; changed; ) {
    changed = false
    for (const [name, holder] of Object.entries(entities)) {
      if (found.has(name) || !hasFilledDefaults(holder.schema, context)) continue
      found.add(name)
      changed = true
    }
  }
  return found
}

export function declareEntities(
  builder: ModuleBuilder,
  owner: DefinitionKey,
  entities: Record<string, SchemaHolder>,
  aliased: ReadonlySet<string> = new Set(),
  named?: NamedSchemaTypes,
): EntityTypes {
  const names = new Map<string, string>()
  for (const name of Object.keys(entities)) names.set(name, builder.names.allocate(pascalCase(name)))
  for (const [key, typeName] of allocateDefsNames(builder.names, named?.defs)) names.set(key, typeName)
  const ownScope: EntityScope = { ...Object.fromEntries(Object.keys(entities).map((n) => [n, { owner, entity: n }])), ...defsScope(owner, named?.defs) }
  const withDefaults = entitiesWithDefaults(entities, ownScope, owner)
  // the caller's view of an entity whose defaults make it differ: `TicketInput` beside `Ticket`
  const inputNames = new Map<string, string>()
  for (const name of Object.keys(entities)) if (withDefaults.has(name)) inputNames.set(name, builder.names.allocate(`${pascalCase(name)}Input`))
  const typeOf = (target: QualifiedEntity | undefined, view?: TypeView): TypeExpr => {
    if (target?.owner === MESSAGES_OWNER) return messagePayloadType(builder, target.entity)
    if (target && target.owner !== owner && named && isDefsReference(target.entity)) return named.foreign(target)
    if (!target || target.owner !== owner) return { kind: 'keyword', name: 'unknown' }
    const typeName = (view === 'given' ? inputNames.get(target.entity) : undefined) ?? names.get(target.entity)
    return typeName ? ref(typeName) : { kind: 'keyword', name: 'unknown' }
  }
  const context = (scope: EntityScope): TypeContext => ({
    entity: (name: string, view?: TypeView): TypeExpr => typeOf(bindReference(scope, name), view),
    entityHasDefaults: (name: string): boolean => {
      const target = bindReference(scope, name)
      return target !== undefined && target.owner === owner && withDefaults.has(target.entity)
    },
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
    if (inputName) {
      const inputDoc = {
        ...doc,
        description: `${doc?.description ? `${doc.description}\n\n` : ''}As a caller gives it: properties with a default may be left out (\`${typeName}\` has them filled in).`,
      }
      builder.declareSchema(inputName, holder.schema, { ...ownContext, view: 'given' }, inputDoc)
    }
    members.push({ name, optional: false, type: ref(typeName), ...(doc ? { doc } : {}) })
  }
  builder.add({ kind: 'interface', name: 'Entities', doc: { description: 'Entities by name.' }, members })
  // a `$defs` entry references only its own definition's entries
  declareDefs(builder, named?.defs, names, (reference) => typeOf(isDefsReference(reference) ? { owner, entity: reference } : bindReference({}, reference)))
  return { names, context }
}
