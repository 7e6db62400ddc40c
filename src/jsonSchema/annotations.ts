// Annotations: keys that start with `x-` (docs/definitions.md#annotations). A definition
// may write them wherever it has a mapping of fixed keys, every schema node included;
// botwire never checks them and carries them into the generated `definition` unchanged.
// Keys of maps of names (`properties`, `entities`, `actions`...) are names, never annotations.

import type { JsonValue } from './types.js'

export function isAnnotationKey(key: string): boolean {
  return key.startsWith('x-')
}

/** A node's annotations, in the order written (empty when it has none). */
export function annotationsOf(node: object): { [key: string]: JsonValue } {
  let found: { [key: string]: JsonValue } | undefined
  for (const key of Object.keys(node)) {
    if (!isAnnotationKey(key)) continue
    found ??= {}
    found[key] = (node as { [key: string]: JsonValue })[key] as JsonValue
  }
  return found ?? {}
}

/** Whether a node has any annotation (a cheap test before copying one). */
export function hasAnnotations(node: object): boolean {
  for (const key of Object.keys(node)) if (isAnnotationKey(key)) return true
  return false
}
