// A schema with its references written in place, for the passes that walk a schema along
// a given value (a bot's configuration): each reference is replaced by the schema it
// stands for, to the depth of the value, so that a recursive named schema becomes a
// finite one that admits exactly what the original admits of values that deep.
import { referenceOf } from './reference.js'
import type { SchemaNode } from './types.js'

/** How deep a value nests (a scalar is 0). */
export function valueDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0
  let deepest = 0
  for (const child of Object.values(value)) deepest = Math.max(deepest, valueDepth(child))
  return deepest + 1
}

/**
 * `schema` with every reference resolved by `resolve` written in place, down to `depth`
 * values (properties or items) entered; below that a node stands for nothing the value
 * reaches, and is `{}`. A reference that does not resolve, or a chain of references that
 * never enters a value (reported elsewhere), admits anything.
 */
export function inlineReferences(schema: SchemaNode, resolve: (reference: string) => SchemaNode | undefined, depth: number): SchemaNode {
  const inline = (node: SchemaNode, left: number, hops: number): SchemaNode => {
    if (left < 0) return {}
    const reference = referenceOf(node)
    if (reference !== undefined) {
      const target = hops > 64 ? undefined : resolve(reference)
      return target === undefined ? {} : inline(target, left, hops + 1)
    }
    const copy: Record<string, unknown> = { ...node }
    if (node.properties !== undefined)
      copy.properties = Object.fromEntries(Object.entries(node.properties).map(([name, child]) => [name, inline(child, left - 1, 0)]))
    if (typeof node.additionalProperties === 'object') copy.additionalProperties = inline(node.additionalProperties, left - 1, 0)
    if (node.items !== undefined) copy.items = inline(node.items, left - 1, 0)
    if (node.anyOf !== undefined) copy.anyOf = node.anyOf.map((branch) => inline(branch, left, hops))
    if (node.oneOf !== undefined) copy.oneOf = node.oneOf.map((branch) => inline(branch, left, hops))
    // an allOf part applies to the same value as its node: a `$ref` part is written in place too
    if (node.allOf !== undefined) copy.allOf = node.allOf.map((part) => inline(part, left, hops))
    return copy as SchemaNode
  }
  return inline(schema, depth, 0)
}
