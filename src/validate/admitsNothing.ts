// What a node admits: a node that says nothing about it (BW2011, decided by the walker, which
// knows the nodes around), and a node that admits no value at all, by what leaves nothing
// (BW2013, BW2014, BW2016, BW2019, BW2025).
import { type CodesWith, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { type NoValueCause, nodeAdmitsNoValue } from '../jsonSchema/admitsNoValue.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'

/** The code of a node that admits no value, by what leaves nothing. */
const NO_VALUE_CODES: Record<NoValueCause, CodesWith<'admitsNoValue'>> = {
  values: 'BW2016',
  bounds: 'BW2014',
  required: 'BW2013',
  union: 'BW2019',
  allOf: 'BW2025',
  other: 'BW2019',
}

/** Whether a node says what it admits: a type, a value, or a union or intersection of schemas that do. */
export function saysWhatItAdmits(node: SchemaNode): boolean {
  return (
    node.type !== undefined ||
    node.const !== undefined ||
    node.enum !== undefined ||
    node.anyOf !== undefined ||
    node.oneOf !== undefined ||
    node.allOf !== undefined
  )
}

/**
 * A union branch that says nothing itself about what it admits (no `type`, `const` or
 * `enum`) admits what the nearest node around it says, narrowed: it is judged with that
 * node's `type`, so that `{ required: [email], additionalProperties: false }` beside
 * `type: object` is seen to admit nothing.
 */
export function withTypeAround(node: SchemaNode, enclosing: readonly SchemaNode[]): SchemaNode {
  if (node.type !== undefined || node.const !== undefined || node.enum !== undefined) return node
  for (let i = enclosing.length - 1; i >= 0; i--) {
    const around = enclosing[i] as SchemaNode
    if (around.type !== undefined) return { ...node, type: around.type }
    if (around.const !== undefined || around.enum !== undefined) return node
  }
  return node
}

/** Reports a node that admits no value at all, at the keyword at fault; true when it did. */
export function reportNoValue(file: SourceFile, node: SchemaNode, pointer: string, out: Diagnostic[]): boolean {
  const empty = nodeAdmitsNoValue(node, pointer)
  if (empty === undefined) return false
  const at = empty.location.pointer
  out.push(diagnostic(NO_VALUE_CODES[empty.cause], 'admitsNoValue', { reason: empty.reason }, locate(file, at), { path: at }))
  return true
}
