// What the entity checks share about a definition's entities: which ones sit on a problem
// reported elsewhere, and which admit a value at all (one analysis per definition).

import { Inhabitation, type SchemaLocation } from '../jsonSchema/extension.js'
import { present } from '../jsonSchema/invariant.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { defsName, isDefsReference, isMessageReference, messageTypeOf } from '../jsonSchema/reference.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import type { IntegrationModel, InterfaceModel } from '../resolve/model.js'
import { messagePayloadSchema } from '../validate/messageSchemas.js'
import { walkSchema } from '../validate/schemaSites.js'
import { directReferences } from './entityCycle.js'

export type EntityOwner = IntegrationModel | InterfaceModel

export function entitiesOf(definition: EntityOwner): Record<string, { schema: SchemaNode }> {
  return definition.spec.entities ?? {}
}

/** The definition's entity schemas by name (own entities only), and its `$defs` entries by `$ref` (`#/$defs/NAME`). */
export function entityResolver(definition: EntityOwner): (name: string) => SchemaNode | undefined {
  const entities = entitiesOf(definition)
  const defs = definition.spec.$defs
  return (name) => {
    if (isDefsReference(name)) return own(defs, defsName(name))
    if (isMessageReference(name)) return messagePayloadSchema(messageTypeOf(name))
    return own(entities, name)?.schema
  }
}

const inhabitations = new WeakMap<EntityOwner, Inhabitation>()

/** One emptiness analysis per definition, shared by every check and comparison its entities take part in. */
export function inhabitationOf(definition: EntityOwner): Inhabitation {
  let found = inhabitations.get(definition)
  if (!found) {
    found = new Inhabitation(entityResolver(definition))
    inhabitations.set(definition, found)
  }
  return found
}

const unsoundness = new WeakMap<EntityOwner, Set<string>>()

/**
 * Entities whose schemas reach an unknown entity (BW3003) or sit on a direct reference
 * cycle (BW4012). Both are reported where they are; any other verdict on such an entity
 * would only repeat them in other words, so it waits until they are fixed.
 */
export function unsoundEntities(definition: EntityOwner): ReadonlySet<string> {
  let found = unsoundness.get(definition)
  if (!found) {
    found = findUnsoundEntities(entitiesOf(definition))
    unsoundness.set(definition, found)
  }
  return found
}

function findUnsoundEntities(entities: Record<string, { schema: SchemaNode }>): Set<string> {
  const references = new Map<string, string[]>()
  for (const [name, holder] of Object.entries(entities)) {
    const found: string[] = []
    walkSchema(holder.schema, '', (node) => {
      if (typeof node.$entity === 'string') found.push(node.$entity)
    })
    references.set(name, found)
  }
  const onDirectCycle = (start: string): boolean => {
    const seen = new Set<string>()
    const stack = [start]
    while (stack.length > 0) {
      const holder = own(entities, present(stack.pop(), 'the stack is popped only when it is not empty'))
      for (const ref of holder ? directReferences(holder.schema, '') : []) {
        if (ref.name === start) return true
        if (!seen.has(ref.name)) stack.push(ref.name)
        seen.add(ref.name)
      }
    }
    return false
  }
  const unsound = new Set([...references].filter(([name, refs]) => refs.some((r) => !Object.hasOwn(entities, r)) || onDirectCycle(name)).map(([name]) => name))
  for (let grew = true; grew; ) {
    grew = false
    for (const [name, refs] of references) {
      if (!unsound.has(name) && refs.some((r) => unsound.has(r))) {
        unsound.add(name)
        grew = true
      }
    }
  }
  return unsound
}

/** The pointer of a location inside a definition's entities or `$defs` (`root`, an entity, when it names none). */
export function entityPointer(location: SchemaLocation, root: string): string {
  if (location.entity !== null && isDefsReference(location.entity)) return `${formatPointer(['$defs', defsName(location.entity)])}${location.pointer}`
  return `${formatPointer(['entities', location.entity ?? root, 'schema'])}${location.pointer}`
}
