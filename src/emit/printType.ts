// Type expressions as TypeScript text, indented and parenthesised where needed.
import { propertyKey } from '../lower/names.js'
import type { PropertySignature, TypeExpr, TypeParameter } from '../lower/plan.js'
import { printDoc } from './printDoc.js'

const INDENT = '  '

function needsParentheses(type: TypeExpr): boolean {
  return type.kind === 'union' || type.kind === 'intersection'
}

export function printMembers(members: readonly PropertySignature[], index: TypeExpr | undefined, indent: string): string {
  const inner = indent + INDENT
  const lines = members.map((m) => `${printDoc(m.doc, inner)}${inner}${propertyKey(m.name)}${m.optional ? '?' : ''}: ${printType(m.type, inner)}\n`)
  if (index) lines.push(`${inner}[key: string]: ${printType(index, inner)}\n`)
  return lines.join('')
}

export function printType(type: TypeExpr, indent = ''): string {
  switch (type.kind) {
    case 'keyword':
      return type.name
    case 'literal':
      return typeof type.value === 'string' ? JSON.stringify(type.value) : String(type.value)
    case 'ref':
      return type.args && type.args.length > 0 ? `${type.name}<${type.args.map((a) => printType(a, indent)).join(', ')}>` : type.name
    case 'indexed':
      return `${printType(type.object, indent)}[${JSON.stringify(type.key)}]`
    case 'array': {
      const element = printType(type.element, indent)
      return needsParentheses(type.element) ? `(${element})[]` : `${element}[]`
    }
    case 'union':
    case 'intersection': {
      const separator = type.kind === 'union' ? ' | ' : ' & '
      return type.members.map((m) => (needsParentheses(m) ? `(${printType(m, indent)})` : printType(m, indent))).join(separator)
    }
    case 'object':
      if (type.members.length === 0 && !type.index) return 'Record<string, never>'
      return `{\n${printMembers(type.members, type.index, indent)}${indent}}`
    case 'raw':
      return type.text
  }
}

export function printTypeParameters(parameters: readonly TypeParameter[] | undefined): string {
  if (!parameters || parameters.length === 0) return ''
  const printed = parameters.map((p) => `${p.name}${p.constraint ? ` extends ${printType(p.constraint)}` : ''}${p.default ? ` = ${printType(p.default)}` : ''}`)
  return `<${printed.join(', ')}>`
}
