// JSON values as a TypeScript object literal. Keys are quoted only where needed, and
// `__proto__` is written as a computed key so that it is an own property, never a prototype.
import { isIdentifierName } from '../lower/names.js'
import type { JsonValue } from '../schema/types.js'

const INDENT = '  '

function key(name: string): string {
  if (name === '__proto__') return '["__proto__"]'
  return isIdentifierName(name) ? name : JSON.stringify(name)
}

export function printValue(value: JsonValue, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const inner = indent + INDENT
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]'
    if (value.every((v) => v === null || typeof v !== 'object')) {
      const flat = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`
      if (flat.length + indent.length <= 100) return flat
    }
    return `[\n${value.map((v) => `${inner}${printValue(v, inner)},\n`).join('')}${indent}]`
  }
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${printValue(v, inner)},\n`).join('')}${indent}}`
}
