// A schema node that stands for another schema: `$entity: NAME` (an entity, bound by the
// definition's scope), `$ref: '#/$defs/NAME'` (a named schema of the definition it is
// written in) or `$message: TYPE` (a standard message's payload, the same everywhere). Every analysis follows references through `referenceOf`, so that each
// kind is followed alike, recursion included: a side's resolver is given the reference
// key and answers with the schema it stands for (docs/definitions.md#named-schemas-defs-and-ref).
import type { SchemaNode } from './types.js'

/** What a `$ref` to a named schema starts with. */
export const DEFS_PREFIX = '#/$defs/'

/**
 * The reference a node stands for, as the key its side resolves: the `$entity` name as
 * written, or the `$ref` pointer (`#/$defs/NAME`). Undefined for a node that is not a reference.
 */
export function referenceOf(node: SchemaNode): string | undefined {
  return node.$entity ?? node.$ref ?? (node.$message === undefined ? undefined : messageReference(node.$message))
}

/** The keyword that holds a node's reference (where a diagnostic about it points). */
export function referenceKeyword(node: SchemaNode): '$entity' | '$ref' | '$message' {
  return node.$entity !== undefined ? '$entity' : node.$ref !== undefined ? '$ref' : '$message'
}

/** What a `$message` reference's key starts with (no entity name or pointer does). */
export const MESSAGE_PREFIX = '$message:'

export function messageReference(type: string): string {
  return `${MESSAGE_PREFIX}${type}`
}

export function isMessageReference(key: string): boolean {
  return key.startsWith(MESSAGE_PREFIX)
}

/** `$message:text` -> `text`. */
export function messageTypeOf(key: string): string {
  return key.slice(MESSAGE_PREFIX.length)
}

/** Whether a reference key names a `$defs` entry (and not an entity). */
export function isDefsReference(key: string): boolean {
  return key.startsWith(DEFS_PREFIX)
}

/** `#/$defs/ticket` -> `ticket`. */
export function defsName(key: string): string {
  return key.slice(DEFS_PREFIX.length)
}

export function defsReference(name: string): string {
  return `${DEFS_PREFIX}${name}`
}

/** How a reference key is named in messages: `entity 'ticket'` or `$defs 'ticket'`. */
export function describeReference(key: string): string {
  if (isMessageReference(key)) return `the ${messageTypeOf(key)} message payload`
  return isDefsReference(key) ? `$defs '${defsName(key)}'` : `entity '${key}'`
}
