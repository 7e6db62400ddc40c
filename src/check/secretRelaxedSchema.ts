// A secret's real value is known only at run time: the keywords that judge a string's
// content (and whole values on its way) are left out of a configuration schema at the
// secret's place before the value is checked, and checked by the runtime instead.

import type { SchemaNode } from '../jsonSchema/types.js'

/** string constraints are checked against the real value at run time */
export const RUNTIME_KEYWORDS = new Set(['minLength', 'maxLength', 'pattern', 'format', 'enum', 'const'])

/**
 * Keywords that list whole values: on a value that holds a secret (an object or a list
 * above its place) they would compare the secret's stand-in, not its value, so they are
 * checked at run time too.
 */
const WHOLE_VALUE_KEYWORDS = new Set(['enum', 'const'])

/**
 * A copy of `schema` in which every subschema that applies at `path` (an instance path)
 * has no RUNTIME_KEYWORDS there, and no WHOLE_VALUE_KEYWORDS on the way. A schema shared
 * by several places (`items`, `additionalProperties`) is relaxed for the secret's place
 * alone: the item at its index gets a schema of its own (`items` as a tuple, the rest in
 * `additionalItems`), the key a property of its own, so that the other items and keys are
 * checked in full. Copies go through `Object.fromEntries`, which defines own properties: a
 * property named `__proto__` stays a property.
 */
export function withoutRuntimeKeywords(schema: SchemaNode, path: readonly string[]): SchemaNode {
  const [head, ...rest] = path
  const relaxed = head === undefined ? RUNTIME_KEYWORDS : WHOLE_VALUE_KEYWORDS
  const node: Record<string, unknown> = Object.fromEntries(Object.entries(schema).filter(([keyword]) => !relaxed.has(keyword)))
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = node[keyword]
    if (Array.isArray(branches)) node[keyword] = branches.map((branch: SchemaNode) => withoutRuntimeKeywords(branch, path))
  }
  // which branch a secret's value fits is known only at run time: a `oneOf` on its way
  // holds here when any branch does (its branches may differ only in what is left out)
  if (Array.isArray(node.oneOf)) {
    node.allOf = [...((node.allOf as SchemaNode[] | undefined) ?? []), { anyOf: node.oneOf }]
    Reflect.deleteProperty(node, 'oneOf')
  }
  if (head === undefined) return node as SchemaNode
  const properties = (node.properties ?? {}) as Record<string, SchemaNode>
  const extra = node.additionalProperties
  if (Object.hasOwn(properties, head)) {
    node.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, name === head ? withoutRuntimeKeywords(property, rest) : property]),
    )
  } else if (extra !== null && typeof extra === 'object') {
    node.properties = Object.fromEntries([...Object.entries(properties), [head, withoutRuntimeKeywords(extra as SchemaNode, rest)]])
  }
  const items = node.items
  if (items !== null && typeof items === 'object' && /^\d+$/.test(head)) {
    const index = Number(head)
    // user schemas have one `items` schema; a tuple here was made for an earlier secret, with the original in additionalItems
    const tuple: SchemaNode[] = Array.isArray(items) ? [...(items as SchemaNode[])] : []
    const each = (Array.isArray(items) ? node.additionalItems : items) as SchemaNode
    while (tuple.length <= index) tuple.push(each)
    tuple[index] = withoutRuntimeKeywords(tuple[index] as SchemaNode, rest)
    node.items = tuple
    node.additionalItems = each
  }
  return node as SchemaNode
}
