// A shortcut: a schema extends a schema written the same way, provided every entity
// it references (transitively) is also written the same way on both sides. Needed
// where the rules alone cannot decide (a `oneOf` whose branches may overlap
// extends itself), and cheap where they can (an unchanged schema in `diff`).

import type { EntityResolver } from './extensionTypes.js'
import { jsonEqual } from './jsonEqual.js'
import { referenceOf } from './reference.js'
import type { SchemaNode } from './types.js'

export class SameSchema {
  /** entity name -> are its two schemas written the same way */
  private readonly entities = new Map<string, boolean>()

  constructor(
    private readonly subject: EntityResolver,
    private readonly target: EntityResolver,
  ) {}

  same(subjectNode: SchemaNode, targetNode: SchemaNode): boolean {
    if (!jsonEqual(subjectNode, targetNode)) return false
    const pending = referencedEntities(subjectNode)
    const seen = new Set<string>()
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (seen.has(name)) continue
      seen.add(name)
      const schema = this.subject(name)
      if (!this.entitySame(name, schema)) return false
      if (schema !== undefined) pending.push(...referencedEntities(schema))
    }
    return true
  }

  private entitySame(name: string, schema: SchemaNode | undefined): boolean {
    let result = this.entities.get(name)
    if (result === undefined) {
      const other = this.target(name)
      result = schema !== undefined && other !== undefined && jsonEqual(schema, other)
      this.entities.set(name, result)
    }
    return result
  }
}

function referencedEntities(node: SchemaNode, found: string[] = []): string[] {
  const reference = referenceOf(node)
  if (reference !== undefined) found.push(reference)
  for (const child of Object.values(node.properties ?? {})) referencedEntities(child, found)
  for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) referencedEntities(child, found)
  if (node.items !== undefined) referencedEntities(node.items, found)
  if (typeof node.additionalProperties === 'object') referencedEntities(node.additionalProperties, found)
  return found
}
