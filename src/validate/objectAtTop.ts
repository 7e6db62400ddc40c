// Whether a schema is an object schema at its top (what an action's input and output, an
// event's payload, a channel message and a configuration must be), read through `$defs`.

import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { type Defs, topOf } from './namedSchemas.js'

/**
 * An object schema at the top: `type: object`, an `$entity` or a `$message` (checked once
 * resolved), or an `allOf` one of whose branches is one, a branch that is a `$ref` read
 * through `$defs` (docs/definitions.md#composition-allof). Walked with a stack and a set of
 * the nodes seen, so that a hostile nesting or a cycle of `$ref`s costs no more than its size.
 */
export function isObjectAtTop(schema: SchemaNode, defs: Defs): boolean {
  const pending = [schema]
  const seen = new Set<SchemaNode>()
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue
    seen.add(node)
    if (typeof node.$entity === 'string' || typeof node.$message === 'string') return true
    if (node.type === 'object' || (Array.isArray(node.type) && node.type.length === 1 && node.type[0] === 'object')) return true
    if (node.type !== undefined || !Array.isArray(node.allOf)) continue
    for (const branch of node.allOf) {
      const top = isRecord(branch) ? topOf(branch, defs) : undefined
      if (top !== undefined) pending.push(top.schema)
    }
  }
  return false
}
