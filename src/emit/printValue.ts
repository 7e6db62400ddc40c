// JSON values as a TypeScript object literal. Keys are quoted only where needed, and
// `__proto__` is written as a computed key so that it is an own property, never a prototype.
// The structure is indented; parts that lowering already wrote as JSON text (the JSON
// Schemas, most of the generated text) go out as they are, one line each.
// Written into one list of chunks and joined once.
import { isIdentifierName } from '../lower/names.js'
import { ConstString, type ConstValue, JsonText } from '../lower/plan.js'

const INDENT = '  '

function key(name: string): string {
  if (name === '__proto__') return '["__proto__"]'
  return isIdentifierName(name) ? name : JSON.stringify(name)
}

/**
 * In an object literal, `"__proto__": x` sets the prototype just as `__proto__: x` does;
 * only the computed key `["__proto__"]: x` makes an own property. In JSON text, a
 * `"__proto__"` right after `{` or `,` and right before `:` is always a key: inside a
 * string every `"` is escaped, so such a quote opens a string after a structural `{` or `,`.
 */
const PROTO_KEY = /([{,])"__proto__":/g

function jsonAsObjectLiteral(json: string): string {
  return json.includes('"__proto__"') ? json.replace(PROTO_KEY, '$1["__proto__"]:') : json
}

function isScalar(value: ConstValue): boolean {
  return value === null || typeof value !== 'object'
}

/** A scalar's or a JSON text's text, which fits on the line of its key; undefined for a structure. */
function inlineText(value: ConstValue): string | undefined {
  // JSON.stringify gives undefined for undefined, which the list's join writes as nothing
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? ''
  if (value instanceof JsonText) return value.mayHaveProtoKey ? jsonAsObjectLiteral(value.text) : value.text
  if (value instanceof ConstString) return `${JSON.stringify(value.value)} as const`
  return undefined
}

/**
 * The value pushed onto `out` (one list for a whole file, joined once: emit/emitFile.ts).
 * A line is one chunk where it can be: the fewer chunks, the cheaper the join.
 */
export function writeValue(value: ConstValue, indent: string, out: string[]): void {
  const text = inlineText(value)
  if (text !== undefined) {
    out.push(text)
    return
  }
  const inner = indent + INDENT
  if (Array.isArray(value)) {
    if (value.length === 0) {
      out.push('[]')
      return
    }
    if (value.every(isScalar)) {
      const flat = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`
      if (flat.length + indent.length <= 100) {
        out.push(flat)
        return
      }
    }
    out.push('[\n')
    for (const item of value) {
      const itemText = inlineText(item)
      if (itemText !== undefined) out.push(`${inner}${itemText},\n`)
      else {
        out.push(inner)
        writeValue(item, inner, out)
        out.push(',\n')
      }
    }
    out.push(`${indent}]`)
    return
  }
  const record = value as { [key: string]: ConstValue }
  const keys = Object.keys(record)
  if (keys.length === 0) {
    out.push('{}')
    return
  }
  out.push('{\n')
  for (const k of keys) {
    const child = record[k] as ConstValue
    const childText = inlineText(child)
    if (childText !== undefined) out.push(`${inner}${key(k)}: ${childText},\n`)
    else {
      out.push(`${inner}${key(k)}: `)
      writeValue(child, inner, out)
      out.push(',\n')
    }
  }
  out.push(`${indent}}`)
}

export function printValue(value: ConstValue, indent = ''): string {
  const out: string[] = []
  writeValue(value, indent, out)
  return out.join('')
}
