// A schema as TypeScript-like text, for hover: what a value of it looks like, with
// entity references by name. Short by design: nested objects are indented, deep ones elided.
import type { JsonValue, SchemaNode } from '../jsonSchema/types.js'

const DEPTH = 4
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

function literal(value: JsonValue | undefined): string {
  return JSON.stringify(value) ?? 'undefined'
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)]
  return unique.length === 0 ? 'never' : unique.join(' | ')
}

export function shapeText(schema: SchemaNode, indent = '', depth = 0): string {
  if (typeof schema.$entity === 'string') return schema.$entity
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/$defs/', '')
  if (typeof schema.$message === 'string') return `Message<'${schema.$message}'>`
  if (schema.const !== undefined) return literal(schema.const)
  if (schema.enum) return union(schema.enum.map(literal))
  if (schema.allOf) return schema.allOf.map((s) => shapeText(s, indent, depth + 1)).join(' & ')
  const branches = schema.anyOf ?? schema.oneOf
  if (branches) return union(branches.map((s) => shapeText(s, indent, depth + 1)))
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.length === 0) return 'unknown'
  return union(types.map((type) => typeText(type, schema, indent, depth)))
}

function typeText(type: string, schema: SchemaNode, indent: string, depth: number): string {
  switch (type) {
    case 'integer':
      return 'number'
    case 'array': {
      const item = schema.items ? shapeText(schema.items, indent, depth + 1) : 'unknown'
      return /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`
    }
    case 'object':
      return depth >= DEPTH ? '{ ... }' : objectText(schema, indent, depth)
    default:
      return type
  }
}

function objectText(schema: SchemaNode, indent: string, depth: number): string {
  const inner = `${indent}  `
  const required = new Set(schema.required ?? [])
  const lines = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name)
    return `${inner}${key}${required.has(name) ? '' : '?'}: ${shapeText(property, inner, depth + 1)}`
  })
  const extra = schema.additionalProperties
  if (extra !== undefined && extra !== false) lines.push(`${inner}[key: string]: ${extra === true ? 'unknown' : shapeText(extra, inner, depth + 1)}`)
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`
}
