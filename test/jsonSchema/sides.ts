// One side of an extension check, for the tests: a root schema, or an entity of a set.
import type { SchemaSide } from '../../src/jsonSchema/extension.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { messagePayloadSchema } from '../../src/validate/messageSchemas.js'

/** One side: a root schema, or an entity of a set of entities. */
export interface SideSpec {
  entities: Record<string, SchemaNode>
  /** the entity compared; omitted: `schema` is compared as a root (non-entity) schema */
  entity?: string
  schema?: SchemaNode
}

export function makeSide(spec: SchemaNode | SideSpec, owner: string): SchemaSide {
  const isSpec = (value: SchemaNode | SideSpec): value is SideSpec => Object.hasOwn(value, 'entities')
  const entities: Record<string, SchemaNode> = isSpec(spec) ? spec.entities : {}
  const entity = isSpec(spec) ? (spec.entity ?? null) : null
  const schema = isSpec(spec) ? (spec.entity !== undefined ? entities[spec.entity] : spec.schema) : spec
  if (schema === undefined) throw new Error('side without a schema')
  return {
    schema,
    entity,
    // a `$ref: '#/$defs/NAME'` names the same set here: references of both kinds are followed alike
    resolveEntity: (reference) => {
      // a `$message: TYPE` stands for its payload on every side
      if (reference.startsWith('$message:')) return messagePayloadSchema(reference.slice('$message:'.length))
      const name = reference.startsWith('#/$defs/') ? reference.slice('#/$defs/'.length) : reference
      return Object.hasOwn(entities, name) ? entities[name] : undefined
    },
    label: (name) => (name === null ? `${owner} schema` : `${owner}.${name}`),
  }
}
