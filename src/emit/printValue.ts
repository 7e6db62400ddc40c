// JSON values as a TypeScript object literal. Keys are quoted only where needed, and
// `__proto__` is written as a computed key so that it is an own property, never a prototype.
// Written into one list of chunks and joined once: the `definition` constants are most of
// the generated text.
import { isIdentifierName } from '../lower/names.js'
import type { JsonValue } from '../schema/types.js'

const INDENT = '  '

function key(name: string): string {
  if (name === '__proto__') return '["__proto__"]'
  return isIdentifierName(name) ? name : JSON.stringify(name)
}

function isScalar(value: JsonValue): boolean {
  return value === null || typeof value !== 'object'
}

function write(value: JsonValue, indent: string, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value))
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
      out.push(inner)
      write(item, inner, out)
      out.push(',\n')
    }
    out.push(indent, ']')
    return
  }
  const entries = Object.entries(value)
  if (entries.length === 0) {
    out.push('{}')
    return
  }
  out.push('{\n')
  for (const [k, v] of entries) {
    out.push(inner, key(k), ': ')
    write(v, inner, out)
    out.push(',\n')
  }
  out.push(indent, '}')
}

export function printValue(value: JsonValue, indent = ''): string {
  const out: string[] = []
  write(value, indent, out)
  return out.join('')
}
