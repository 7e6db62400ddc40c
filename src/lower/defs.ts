// Named schemas (`$defs`) as types: each entry is exported from its definition's module
// as a type named after it in PascalCase (`ticket` -> `Ticket`), allocated right after
// the entities' types, so that where it collides with an entity's type or a reserved
// name it is the `$defs` one that gets the suffix (docs/generated-code.md#named-schemas).
// A `$ref` always names the `$defs` of the definition it is written in: an interface
// action an integration takes over keeps naming the interface's, imported from its module.
import { own } from '../jsonSchema/own.js'
import { defsName, defsReference, isDefsReference, messageTypeOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { Model, QualifiedEntity } from '../resolve/model.js'
import { type ModuleBuilder, ref } from './moduleBuilder.js'
import { NameAllocator, pascalCase, payloadTypeName } from './names.js'
import type { TypeExpr } from './plan.js'
import { docOf } from './schemaToType.js'

const UNKNOWN: TypeExpr = { kind: 'keyword', name: 'unknown' }

/** Allocates the `$defs` types' names in a module, after `taken` (its entities' names). Keys: `#/$defs/NAME`. */
export function allocateDefsNames(names: NameAllocator, defs: Record<string, SchemaNode> | undefined): Map<string, string> {
  const allocated = new Map<string, string>()
  for (const name of Object.keys(defs ?? {})) allocated.set(defsReference(name), names.allocate(pascalCase(name)))
  return allocated
}

const interfaceDefsNames = new WeakMap<object, Map<string, string>>()

/** The `$defs` type names an interface's module declares, as lowerInterface allocates them (entities first). */
function interfaceDefsTypeNames(spec: { entities: Record<string, unknown>; $defs?: Record<string, SchemaNode> }): Map<string, string> {
  let names = interfaceDefsNames.get(spec)
  if (!names) {
    const allocator = new NameAllocator()
    for (const entity of Object.keys(spec.entities)) allocator.allocate(pascalCase(entity))
    names = allocateDefsNames(allocator, spec.$defs)
    interfaceDefsNames.set(spec, names)
  }
  return names
}

/**
 * Declares the `$defs` types under their allocated names. `typeOf` gives the type of a
 * reference inside them (other `$defs` entries only: they cannot reference entities).
 */
export function declareDefs(
  builder: ModuleBuilder,
  defs: Record<string, SchemaNode> | undefined,
  names: ReadonlyMap<string, string>,
  typeOf: (reference: string) => TypeExpr,
): void {
  for (const [name, schema] of Object.entries(defs ?? {})) {
    const typeName = names.get(defsReference(name))
    if (typeName === undefined) continue
    builder.declareSchema(typeName, schema, { entity: typeOf }, docOf(schema))
  }
}

/** The payload type a `$message: TYPE` stands for: `messages.TextPayload`, from the generated `messages.ts`. */
export function messagePayloadType(builder: ModuleBuilder, reference: string): TypeExpr {
  return ref(`${builder.importMessages()}.${payloadTypeName(messageTypeOf(reference))}`)
}

/** The type of another definition's `$defs` entry (an interface's, seen from an integration), imported from its module. */
export function foreignDefsType(model: Model, builder: ModuleBuilder, target: QualifiedEntity): TypeExpr {
  const owner = model.definitions.get(target.owner)
  if (owner?.kind !== 'interface' || !isDefsReference(target.entity)) return UNKNOWN
  const typeName = interfaceDefsTypeNames(owner.spec).get(target.entity)
  if (typeName === undefined || own(owner.spec.$defs, defsName(target.entity)) === undefined) return UNKNOWN
  return ref(`${builder.importDefinition('interface', owner.name, owner.version)}.${typeName}`)
}
