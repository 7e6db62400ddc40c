// Defaults filled in (docs/runtime.md#defaults): where a property has a `default` and its
// parent object is present without it, the value gets a fresh copy of the default, at any
// depth, before the value is validated. Shared by the runtime (configurations, action
// inputs) and the configuration check, so that both read a bot's value alike. Every
// `allOf` branch holds, so the defaults of each are applied. Like ajv's `useDefaults`,
// which zod's `.default` also resembles, defaults inside `anyOf` and `oneOf` branches are
// not applied: which branch holds is not known before validation.

import type { JsonValue } from './types.js'

/** The parts of a schema node that defaults follow; both SchemaNode and JsonSchema fit. */
export interface DefaultsSchema {
  $ref?: string
  properties?: { [name: string]: DefaultsSchema }
  items?: DefaultsSchema
  allOf?: DefaultsSchema[]
  default?: JsonValue
}

export type DefaultsDefinitions = { readonly [key: string]: DefaultsSchema }

const REF_PREFIX = '#/definitions/'

function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Sets an own property, even one named `__proto__` (an assignment would set the prototype). */
function setOwn(target: { [key: string]: unknown }, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

/** A copy of a default that no other call shares (JSON keeps a `__proto__` key an own key). */
function freshCopy(value: JsonValue): unknown {
  return value === null || typeof value !== 'object' ? value : JSON.parse(JSON.stringify(value))
}

/**
 * `value` with the defaults of `schema` filled in. What changes is copied, and the rest
 * shared: the caller's object is never changed. `definitions` resolves
 * `$ref: '#/definitions/<key>'` (the generated `definition`'s schemas).
 */
export function fillDefaults(value: unknown, schema: DefaultsSchema, definitions: DefaultsDefinitions = {}): unknown {
  return fill(value, schema, { definitions, made: undefined }, 0)
}

/**
 * One fill's context. `made` holds the objects and lists this fill made (copies of the
 * caller's, and of defaults), which it changes in place: each `allOf` branch fills the
 * value the ones before it filled, and a copy of it per branch would cost the branches
 * times the properties.
 */
interface Filling {
  definitions: DefaultsDefinitions
  /**
   * a Set, not a WeakSet: it lives for one fill, and weak collections cost the garbage
   * collector more; made with the first copy (most fills, a state's patch among them, copy nothing)
   */
  made: Set<object> | undefined
}

function resolve(schema: DefaultsSchema, definitions: DefaultsDefinitions): DefaultsSchema | undefined {
  let node: DefaultsSchema | undefined = schema
  for (let hops = 0; node?.$ref !== undefined; hops++) {
    if (hops > 64 || !node.$ref.startsWith(REF_PREFIX)) return undefined
    const key = node.$ref.slice(REF_PREFIX.length)
    node = Object.hasOwn(definitions, key) ? definitions[key] : undefined
  }
  return node
}

function fill(value: unknown, schema: DefaultsSchema, filling: Filling, depth: number): unknown {
  // a value nested this deep is refused by validation anyway; recursion stops here
  if (depth > 256) return value
  const node = resolve(schema, filling.definitions)
  if (node === undefined) return value
  // the node's own properties (or items) first, then each branch's, on the value filled so far
  const filled = Array.isArray(value) ? fillItems(value, node, filling, depth) : fillProperties(value, node, filling, depth)
  return node.allOf === undefined ? filled : node.allOf.reduce((sofar, branch) => fill(sofar, branch, filling, depth + 1), filled)
}

/** A copy of the caller's object or list, made once per fill and then changed in place. */
function madeCopy<T extends object>(filling: Filling, value: T, copy: (value: T) => T): T {
  if (filling.made?.has(value)) return value
  const made = copy(value)
  filling.made ??= new Set()
  filling.made.add(made)
  return made
}

function fillProperties(value: unknown, node: DefaultsSchema, filling: Filling, depth: number): unknown {
  const properties = node.properties
  if (!isPlainObject(value) || properties === undefined) return value
  let out: { [key: string]: unknown } | undefined
  // for...in over own keys: no list of the schema's keys made per value filled
  for (const name in properties) {
    if (!Object.hasOwn(properties, name)) continue
    const property = properties[name] as DefaultsSchema
    const present = Object.hasOwn(value, name) && value[name] !== undefined
    const given = present ? value[name] : property.default === undefined ? undefined : freshCopy(property.default)
    if (given === undefined) continue
    const filled = fill(given, property, filling, depth + 1)
    if (present && filled === value[name]) continue
    out ??= madeCopy(filling, value, (original) => ({ ...original }))
    setOwn(out, name, filled)
  }
  return out ?? value
}

function fillItems(value: unknown[], node: DefaultsSchema, filling: Filling, depth: number): unknown {
  const items = node.items
  if (items === undefined) return value
  let out: unknown[] | undefined
  value.forEach((item: unknown, i) => {
    const filled = fill(item, items, filling, depth + 1)
    if (filled === item) return
    out ??= madeCopy(filling, value, (original) => [...original])
    out[i] = filled
  })
  return out ?? value
}
