// ajv skips a property named `__proto__` (it neither validates it nor sees it as
// present), so values and schemas that use one are validated with the key renamed to a
// stand-in that no YAML or JSON key can clash with, and renamed back in messages.

export const PROTO_STAND_IN = '\u0000__proto__'

function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey)
  if (value === null || typeof value !== 'object') return false
  return Object.entries(value).some(([key, child]) => key === '__proto__' || (typeof child === 'string' ? child === '__proto__' : hasProtoKey(child)))
}

/** A copy with every own `__proto__` key renamed (and `required` names, when `inSchema`). */
export function renameProtoKeys<T>(value: T, inSchema = false): T {
  if (!hasProtoKey(value)) return value
  const copy = (node: unknown, schemaNode: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => copy(item, schemaNode))
    if (node === null || typeof node !== 'object') return node
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        const renamed = key === '__proto__' ? PROTO_STAND_IN : key
        if (!schemaNode) return [renamed, copy(child, false)]
        if (key === 'required' && Array.isArray(child)) return [key, child.map((name) => (name === '__proto__' ? PROTO_STAND_IN : name))]
        // values inside a schema are data: their keys are renamed, their strings are not
        const isData = key === 'const' || key === 'enum' || key === 'default' || key === 'examples'
        return [renamed, copy(child, !isData)]
      }),
    )
  }
  return copy(value, inSchema) as T
}

/** Puts `__proto__` back into an error path or message. */
export function restoreProtoKeys(text: string): string {
  return text.split(PROTO_STAND_IN).join('__proto__')
}
