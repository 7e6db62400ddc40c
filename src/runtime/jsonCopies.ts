// Deep copies of JSON values, as a JSON round trip makes them (`JSON.parse(JSON.stringify(v))`),
// without the text in between when the value is plain: the in-memory state store copies a
// state's payload in and out on every call, and a walk of a small plain object costs a
// fraction of a stringify and a parse.

/** How deep copyPlainJson walks before it leaves a value to the round trip. */
const PLAIN_DEPTH = 32

/** Returned by plainCopy for a value that is not plain JSON. */
const NOT_PLAIN: unique symbol = Symbol('not plain JSON')

/**
 * A copy of `value` equal to what a JSON round trip gives (keys in their order, `-0` as 0,
 * a `__proto__` key kept as an own key). Plain values (strings, finite numbers, booleans,
 * null, lists, and objects whose prototype is Object's or null) are walked; anything else
 * (`toJSON`, `undefined` properties, non-finite numbers, deep nesting) takes the round trip,
 * which also throws where it throws (a bigint, a cycle).
 */
export function copyJson<T>(value: T): T {
  const copied = plainCopy(value, 0)
  return copied === NOT_PLAIN ? (JSON.parse(JSON.stringify(value)) as T) : (copied as T)
}

/**
 * A deep copy, so that a handler and its caller never share an object: copyJson, and
 * `undefined` as it is (an absent output or payload).
 */
export function copyValue<T>(value: T): T {
  return value === undefined ? value : copyJson(value)
}

function plainCopy(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      // JSON writes -0 as 0, and has no NaN or Infinity
      return Number.isFinite(value) ? value + 0 : NOT_PLAIN
    case 'object': {
      if (value === null) return null
      if (depth >= PLAIN_DEPTH) return NOT_PLAIN
      if (Array.isArray(value)) {
        const list: unknown[] = new Array(value.length)
        for (let i = 0; i < value.length; i++) {
          const item = plainCopy(value[i], depth + 1)
          if (item === NOT_PLAIN) return NOT_PLAIN
          list[i] = item
        }
        return list
      }
      const prototype = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN
      const object = value as { [key: string]: unknown }
      const copy: { [key: string]: unknown } = {}
      // for...in over own keys: the keys of Object.keys in their order, without a list made per object
      for (const key in object) {
        if (!Object.hasOwn(object, key)) continue
        const item = plainCopy(object[key], depth + 1)
        if (item === NOT_PLAIN) return NOT_PLAIN
        if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true })
        else copy[key] = item
      }
      return copy
    }
    default:
      return NOT_PLAIN
  }
}

/**
 * `target` with `changes`' own enumerable keys set on it, as `{ ...target, ...changes }` would
 * give them (keys in that order; a `__proto__` key an own key, never the prototype), without a
 * new object: for a target that is the caller's own.
 */
export function mergeInto<T extends { [key: string]: unknown }>(target: T, changes: { [key: string]: unknown }): T {
  for (const key in changes) {
    if (!Object.hasOwn(changes, key)) continue
    const value = changes[key]
    if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
    else (target as { [key: string]: unknown })[key] = value
  }
  return target
}
