// Type expressions as TypeScript text, indented and parenthesised where needed.
// Written onto one list of chunks (the whole file's: emit/emitFile.ts), joined once.
import { propertyKey } from '../lower/names.js'
import type { PropertySignature, TypeExpr, TypeParameter } from '../lower/plan.js'
import { writeDoc } from './printDoc.js'

const INDENT = '  '

function needsParentheses(type: TypeExpr): boolean {
  return type.kind === 'union' || type.kind === 'intersection'
}

/**
 * A type's text where it is short and on one line (keywords, plain references, literals,
 * and unions of them: most members' types), so that a member is one chunk; undefined otherwise.
 */
function inlineType(type: TypeExpr): string | undefined {
  switch (type.kind) {
    case 'keyword':
      return type.name
    case 'literal':
      return typeof type.value === 'string' ? JSON.stringify(type.value) : String(type.value)
    case 'ref':
      return type.args && type.args.length > 0 ? undefined : type.name
    case 'union': {
      let text = ''
      for (let i = 0; i < type.members.length; i++) {
        const member = type.members[i] as TypeExpr
        const memberText = member.kind === 'union' || member.kind === 'intersection' ? undefined : inlineType(member)
        if (memberText === undefined) return undefined
        text = i === 0 ? memberText : `${text} | ${memberText}`
      }
      return text
    }
    default:
      return undefined
  }
}

export function writeMembers(members: readonly PropertySignature[], index: TypeExpr | undefined, indent: string, out: string[]): void {
  const inner = indent + INDENT
  for (const m of members) {
    writeDoc(m.doc, inner, out)
    const head = `${inner}${propertyKey(m.name)}${m.optional ? '?: ' : ': '}`
    const text = inlineType(m.type)
    if (text !== undefined) out.push(`${head}${text}\n`)
    else {
      out.push(head)
      writeType(m.type, inner, out)
      out.push('\n')
    }
  }
  if (index) {
    out.push(`${inner}[key: string]: `)
    writeType(index, inner, out)
    out.push('\n')
  }
}

export function writeType(type: TypeExpr, indent: string, out: string[]): void {
  switch (type.kind) {
    case 'keyword':
      out.push(type.name)
      return
    case 'literal':
      out.push(typeof type.value === 'string' ? JSON.stringify(type.value) : String(type.value))
      return
    case 'ref':
      out.push(type.name)
      if (type.args && type.args.length > 0) {
        out.push('<')
        for (let i = 0; i < type.args.length; i++) {
          if (i > 0) out.push(', ')
          writeType(type.args[i] as TypeExpr, indent, out)
        }
        out.push('>')
      }
      return
    case 'indexed':
      writeType(type.object, indent, out)
      out.push('[', JSON.stringify(type.key), ']')
      return
    case 'array':
      if (needsParentheses(type.element)) {
        out.push('(')
        writeType(type.element, indent, out)
        out.push(')[]')
      } else {
        writeType(type.element, indent, out)
        out.push('[]')
      }
      return
    case 'union':
    case 'intersection': {
      const separator = type.kind === 'union' ? ' | ' : ' & '
      for (let i = 0; i < type.members.length; i++) {
        const m = type.members[i] as TypeExpr
        if (i > 0) out.push(separator)
        if (needsParentheses(m)) {
          out.push('(')
          writeType(m, indent, out)
          out.push(')')
        } else writeType(m, indent, out)
      }
      return
    }
    case 'object':
      if (type.members.length === 0 && !type.index) {
        out.push('Record<string, never>')
        return
      }
      out.push('{\n')
      writeMembers(type.members, type.index, indent, out)
      out.push(indent, '}')
      return
    case 'raw':
      out.push(type.text)
      return
  }
}

export function printType(type: TypeExpr, indent = ''): string {
  const out: string[] = []
  writeType(type, indent, out)
  return out.join('')
}

export function writeTypeParameters(parameters: readonly TypeParameter[] | undefined, out: string[]): void {
  if (!parameters || parameters.length === 0) return
  out.push('<')
  parameters.forEach((p, i) => {
    out.push(i > 0 ? ', ' : '', p.name)
    if (p.constraint) {
      out.push(' extends ')
      writeType(p.constraint, '', out)
    }
    if (p.default) {
      out.push(' = ')
      writeType(p.default, '', out)
    }
  })
  out.push('>')
}
