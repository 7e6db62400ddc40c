// Keys ajv cannot take as they are. It skips a property named `__proto__` (it neither
// validates it nor sees it as present); and its deep equality (for `enum`, `const`)
// compares objects' `constructor`s and calls their `valueOf` and `toString`, so an own
// key of one of those names makes it throw ("a.toString is not a function") or call two
// equal values different. Values and schemas that use one are validated with the key
// renamed to a stand-in no YAML or JSON key can clash with, and renamed back in messages.

const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'toString', 'valueOf'])
const STAND_IN_PREFIX = '\u0000'
/** A stand-in, as it is or as JSON.stringify writes it in a message (`\\u0000`). */
const STAND_INS = /(?:\u0000|\\u0000)(__proto__|constructor|toString|valueOf)/g

function standIn(key: string): string {
  return UNSAFE_KEYS.has(key) ? `${STAND_IN_PREFIX}${key}` : key
}

/** Whether an own key, or a string held by an object's key, is unsafe, at any depth; a walk that allocates nothing (every validated value passes here). */
function hasUnsafeKey(value: unknown): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasUnsafeKey(value[i])) return true
    return false
  }
  if (value === null || typeof value !== 'object') return false
  const object = value as { [key: string]: unknown }
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue
    if (UNSAFE_KEYS.has(key)) return true
    const child = object[key]
    if (typeof child === 'string' ? UNSAFE_KEYS.has(child) : hasUnsafeKey(child)) return true
  }
  return false
}

/** A copy with every own unsafe key renamed (and `required` names, when `inSchema`). */
export function renameUnsafeKeys<T>(value: T, inSchema = false): T {
  if (!hasUnsafeKey(value)) return value
  const copy = (node: unknown, schemaNode: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, schemaNode))
    if (node === null || typeof node !== 'object') return node
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        const renamed = standIn(key)
        if (!schemaNode) return [renamed, copy(child, false)]
        if (key === 'required' && Array.isArray(child)) return [key, child.map((name) => (typeof name === 'string' ? standIn(name) : name))]
        // values inside a schema are data: their keys are renamed, their strings are not
        const isData = key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
        return [renamed, copy(child, !isData)]
      }),
    )
  }
  return copy(value, inSchema) as T
}

/** Puts the unsafe keys back into an error path or message. */
export function restoreUnsafeKeys(text: string): string {
  return text.includes(STAND_IN_PREFIX) || text.includes('\\u0000') ? text.replace(STAND_INS, '$1') : text
}
