// Deep equality of JSON values, as `enum`/`const` use it (key order does not matter).
// Takes `unknown` so that schema nodes (plain data too) can be compared with it.
import type { JsonValue } from './types.js'

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item: unknown, i) => jsonEqual(item, b[i]))
  }
  const aKeys = Object.keys(a)
  if (aKeys.length !== Object.keys(b).length) return false
  return aKeys.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

export function isJsonObject(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A key two JSON values share exactly when they are equal as `enum` compares them (key
 * order aside): scalars by type and value, lists item by item, objects with their keys
 * sorted. Own keys only, so an own `toString` or `__proto__` is data like any other key.
 * Values keyed so are found in a set, where comparing each with each would be quadratic.
 */
export function canonicalJsonKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJsonKey).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record).sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJsonKey(record[k])}`).join(',')}}`
  }
  // strings quoted, so that no string reads as the key of a list or an object
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value}:${String(value)}`
}
