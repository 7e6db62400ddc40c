// A holder that the `definition` constant reduces to its schema (an entity, a default
// configuration, an action's input or output) has no object of its own there, so its
// `x-` annotations go onto the root of that schema, where annotations written on the
// schema itself sit (docs/definitions.md#annotations-x--keys). The schema's own key wins
// where both write one.

import { annotationsOf, hasAnnotations } from '../jsonSchema/annotations.js'
import type { SchemaNode } from '../jsonSchema/types.js'

/** One copy per holder: lowering caches its JSON text by schema object, and modules lower the same holder again. */
const annotated = new WeakMap<object, SchemaNode>()

/** The holder's schema, with the holder's annotations beside its root keywords (the schema itself when it has none). */
export function schemaWithHolderAnnotations(holder: { schema: SchemaNode }): SchemaNode {
  if (!hasAnnotations(holder)) return holder.schema
  let schema = annotated.get(holder)
  if (schema === undefined) {
    const copy: Record<string, unknown> = { ...holder.schema }
    for (const [key, value] of Object.entries(annotationsOf(holder))) if (!Object.hasOwn(copy, key)) copy[key] = value
    schema = copy as SchemaNode
    annotated.set(holder, schema)
  }
  return schema
}
