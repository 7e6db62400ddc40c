// Named schemas (`$defs`) as types: each entry is exported from its definition's module
// as a type named after it in PascalCase (`ticket` -> `Ticket`), allocated right after
// the entities' types, so that where it collides with an entity's type or a reserved
// name it is the `$defs` one that gets the suffix (docs/generated-code.md#named-schemas).
// A `$ref` always names the `$defs` of the definition it is written in: an interface
// action an integration takes over keeps naming the interface's, imported from its module.
// An entry whose defaults make the handler's and the caller's views differ also gets
// `<Name>Input`, as an entity does (docs/generated-code.md#defaults-the-two-views).
import { own } from '../jsonSchema/own.js'
import { defsName, defsReference, isDefsReference, messageTypeOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { type DefinitionKey, defsScope, type EntityScope, type InterfaceModel, type Model, type QualifiedEntity } from '../resolve/model.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { NameAllocator, pascalCase, payloadTypeName } from './names.js'
import type { Doc, TypeExpr } from './plan.js'
import { docOf, hasFilledDefaults, type TypeContext, type TypeView } from './schemaToType.js'

const UNKNOWN: TypeExpr = { kind: 'keyword', name: 'unknown' }

/** Allocates the `$defs` types' names in a module, after `taken` (its entities' names). Keys: `#/$defs/NAME`. */
function allocateDefsNames(names: NameAllocator, defs: Record<string, SchemaNode> | undefined): Map<string, string> {
  const allocated = new Map<string, string>()
  for (const name of Object.keys(defs ?? {})) allocated.set(defsReference(name), names.allocate(pascalCase(name)))
  return allocated
}

/** A module's named types: its entities' and its `$defs` entries', in both views where they differ. */
export interface NamedTypes {
  /** entity name or `#/$defs/NAME` -> the type's name (the handler's view) */
  names: Map<string, string>
  /** the same keys -> the caller's view's name (`TicketInput`), only for those whose defaults make the views differ */
  inputNames: Map<string, string>
}

/**
 * The entities and `$defs` entries (keys: entity names and `#/$defs/NAME`) whose two views
 * differ (hasFilledDefaults): those with a filled default of their own, then, until
 * nothing changes, those that reach one of them where the runtime fills (recursive ones
 * included, entities through `$defs` entries and back).
 */
function typesWithDefaults(schemas: ReadonlyMap<string, SchemaNode>, scope: EntityScope, owner: DefinitionKey): Set<string> {
  const found = new Set<string>()
  const context: TypeContext = {
    entity: () => UNKNOWN,
    entityHasDefaults: (name) => {
      const target = own(scope, name)
      return target !== undefined && target.owner === owner && found.has(target.entity)
    },
  }
  for (let changed = true; changed; ) {
    changed = false
    for (const [key, schema] of schemas) {
      if (found.has(key) || !hasFilledDefaults(schema, context)) continue
      found.add(key)
      changed = true
    }
  }
  return found
}

/**
 * Allocates a module's named types, always in this order, so that another module can
 * tell an interface's names without lowering it (foreignDefsType): the entities' types,
 * the `$defs` types, then the caller's views (`<Name>Input`) of the entities and of the
 * `$defs` entries whose defaults make them differ (docs/generated-code.md#defaults-the-two-views).
 */
export function allocateNamedTypes(
  allocator: NameAllocator,
  owner: DefinitionKey,
  entities: Record<string, { schema: SchemaNode }>,
  defs: Record<string, SchemaNode> | undefined,
): NamedTypes {
  const names = new Map<string, string>()
  for (const name of Object.keys(entities)) names.set(name, allocator.allocate(pascalCase(name)))
  for (const [key, typeName] of allocateDefsNames(allocator, defs)) names.set(key, typeName)
  const scope: EntityScope = { ...Object.fromEntries(Object.keys(entities).map((n) => [n, { owner, entity: n }])), ...defsScope(owner, defs) }
  const schemas = new Map<string, SchemaNode>([
    ...Object.entries(entities).map(([name, holder]) => [name, holder.schema] as const),
    ...Object.entries(defs ?? {}).map(([name, schema]) => [defsReference(name), schema] as const),
  ])
  const withDefaults = typesWithDefaults(schemas, scope, owner)
  const inputNames = new Map<string, string>()
  for (const key of schemas.keys()) {
    const typeName = names.get(key)
    if (withDefaults.has(key) && typeName !== undefined)
      inputNames.set(key, allocator.allocate(`${pascalCase(isDefsReference(key) ? defsName(key) : key)}Input`))
  }
  return { names, inputNames }
}

/** The JSDoc of a caller's view type, beside its handler's view `typeName`. */
export function callerViewDoc(doc: Doc | undefined, typeName: string): Doc {
  return {
    ...doc,
    description: `${doc?.description ? `${doc.description}\n\n` : ''}As a caller gives it: properties with a default may be left out (\`${typeName}\` has them filled in).`,
  }
}

const interfaceTypeNames = new WeakMap<object, NamedTypes>()

/** The named types an interface's module declares, as lowerInterface allocates them (allocateNamedTypes). */
function interfaceNamedTypes(owner: InterfaceModel): NamedTypes {
  let names = interfaceTypeNames.get(owner.spec)
  if (!names) {
    names = allocateNamedTypes(new NameAllocator(), owner.key, owner.spec.entities, owner.spec.$defs)
    interfaceTypeNames.set(owner.spec, names)
  }
  return names
}

/**
 * Declares the `$defs` types under their allocated names, in the handler's view (a
 * defaulted property present, as for entities), and the caller's view beside those whose
 * defaults make it differ. `context` gives the type of a reference inside them (other
 * `$defs` entries only: they cannot reference entities).
 */
export function declareDefs(builder: ModuleBuilder, defs: Record<string, SchemaNode> | undefined, types: NamedTypes, context: TypeContext): void {
  for (const [name, schema] of Object.entries(defs ?? {})) {
    const typeName = types.names.get(defsReference(name))
    if (typeName === undefined) continue
    const doc = docOf(schema)
    builder.declareSchema(typeName, schema, { ...context, view: 'filled' }, doc)
    const inputName = types.inputNames.get(defsReference(name))
    if (inputName !== undefined) builder.declareSchema(inputName, schema, { ...context, view: 'given' }, callerViewDoc(doc, typeName))
  }
}

/** The payload type a `$message: TYPE` stands for: `messages.TextPayload`, from the generated `messages.ts`. */
export function messagePayloadType(builder: ModuleBuilder, reference: string): TypeExpr {
  return ref(`${builder.importMessages()}.${payloadTypeName(messageTypeOf(reference))}`)
}

/** The interface whose `$defs` entry a reference into another definition names, with the entry's key; undefined where there is none. */
function foreignEntry(model: Model, target: QualifiedEntity): InterfaceModel | undefined {
  const owner = model.definitions.get(target.owner)
  if (owner?.kind !== 'interface' || !isDefsReference(target.entity)) return undefined
  return own(owner.spec.$defs, defsName(target.entity)) === undefined ? undefined : owner
}

/**
 * The type of another definition's `$defs` entry (an interface's, seen from an
 * integration), imported from its module: in the caller's view, its `<Name>Input` where
 * the interface declares one.
 */
export function foreignDefsType(model: Model, builder: ModuleBuilder, target: QualifiedEntity, view?: TypeView): TypeExpr {
  const owner = foreignEntry(model, target)
  if (owner === undefined) return UNKNOWN
  const types = interfaceNamedTypes(owner)
  const typeName = (view === 'given' ? types.inputNames.get(target.entity) : undefined) ?? types.names.get(target.entity)
  if (typeName === undefined) return UNKNOWN
  return ref(`${builder.importDefinition('interface', owner.name, owner.version)}.${typeName}`)
}

/** Whether another definition's `$defs` entry has a caller's view that differs (foreignDefsType). */
export function foreignDefsHasDefaults(model: Model, target: QualifiedEntity): boolean {
  const owner = foreignEntry(model, target)
  return owner !== undefined && interfaceNamedTypes(owner).inputNames.has(target.entity)
}
