// Annotations: keys that start with `x-` (docs/definitions.md#annotations-x--keys). A definition
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

/**
 * The keywords a definition's JSON Schemas use beyond JSON Schema's own: every `x-`
 * annotation and `secret`, sorted. A strict ajv refuses unknown keywords; registering
 * these (`ajv.addKeyword(k)`) lets it compile the schemas as the runtime's lenient one
 * does. A property named like an annotation is listed too, which is harmless.
 */
export function annotationKeywords(value: unknown): string[] {
  const found = new Set<string>()
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    for (const [key, child] of Object.entries(node)) {
      if (isAnnotationKey(key)) found.add(key)
      else if (key === 'secret' && typeof child === 'boolean') found.add(key)
      visit(child)
    }
  }
  visit(value)
  return [...found].sort()
}
