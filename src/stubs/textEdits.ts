// Text edits of an implementation file at positions ts-morph found (scaffold --update): each
// is a replacement of a range, applied from the end so that the positions before it hold,
// with members inserted indented and separated as their neighbours are written.
import { present } from '../jsonSchema/invariant.js'
import type { HandlerSite, ObjectRead } from './readImplementation.js'

export interface Edit {
  at: number
  end: number
  text: string
}

export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = text
  for (const edit of [...edits].sort((a, b) => b.at - a.at || b.end - a.end)) out = out.slice(0, edit.at) + edit.text + out.slice(edit.end)
  return out
}

export function lineOf(text: string, position: number): number {
  let line = 1
  for (let i = 0; i < position && i < text.length; i++) if (text[i] === '\n') line++
  return line
}

export function indentAt(text: string, position: number): string {
  const start = text.lastIndexOf('\n', position - 1) + 1
  return present(/^[ \t]*/.exec(text.slice(start)), 'a pattern that matches the empty string always matches')[0]
}

/** The end of the line `position` is on, when only blanks and a comment follow it there; else `position`. */
export function lineEndIfBlank(text: string, position: number): number {
  const end = text.indexOf('\n', position)
  const rest = text.slice(position, end < 0 ? text.length : end)
  return /^\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(rest) ? (end < 0 ? text.length : end) : position
}

/** The blanks (spaces, tabs) from `position` on: their end. */
export function blanksEnd(text: string, position: number): number {
  let at = position
  while (text[at] === ' ' || text[at] === '\t') at++
  return at
}

/** How an object's members are written: the indentation of the object's line and of its members, one level, and whether they stand on lines of their own. */
export function layoutOf(text: string, object: ObjectRead): { parentIndent: string; memberIndent: string; unit: string; onOwnLine: boolean } {
  const parentIndent = indentAt(text, object.open)
  const first = object.members[0]
  const onOwnLine = first !== undefined && (first.blockStart === 0 || text[first.blockStart - 1] === '\n')
  const fileUnit = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  '
  const memberIndent = first && onOwnLine ? indentAt(text, first.blockStart) : `${parentIndent}${fileUnit}`
  const unit = memberIndent.startsWith(parentIndent) && memberIndent.length > parentIndent.length ? memberIndent.slice(parentIndent.length) : fileUnit
  return { parentIndent, memberIndent, unit, onOwnLine }
}

/** The edits that put members (`stubs`, each indented, without its comma) right after the member `after`. */
export function insertedAfter(text: string, after: HandlerSite, isLast: boolean, stubs: readonly string[], parentIndent: string, memberIndent: string): Edit[] {
  const edits: Edit[] = []
  const trailing = after.commaEnd !== null
  const at = lineEndIfBlank(text, after.commaEnd ?? after.end)
  const closing = trailing || !isLast
  const inserted = stubs.map((s, i) => `\n${s}${i < stubs.length - 1 || closing ? ',' : ''}`).join('')
  // a last member without a trailing comma gets one; in the same edit when at the same place, to keep the order
  if (!trailing && at !== after.end) edits.push({ at: after.end, end: after.end, text: ',' })
  // mid-line (`{ a, b }`): what followed the anchor goes on the line after the stubs
  const midLine = text[at] !== '\n' && at < text.length
  const end = midLine ? blanksEnd(text, at) : at
  const next = !midLine ? '' : text[end] === '}' ? `\n${parentIndent}` : `\n${memberIndent}`
  edits.push({ at, end, text: `${!trailing && at === after.end ? ',' : ''}${inserted}${next}` })
  return edits
}

/** The edits that add members at the end of an object; `render` gives each member's lines for the members' indentation and one level. */
export function appended(text: string, object: ObjectRead, render: (unit: string) => string[][]): Edit[] {
  const { parentIndent, memberIndent, unit } = layoutOf(text, object)
  const stubs = render(unit).map((lines) => lines.map((line) => `${memberIndent}${line}`).join('\n'))
  const last = object.members.at(-1)
  if (last !== undefined) return insertedAfter(text, last, true, stubs, parentIndent, memberIndent)
  // an empty object opens onto lines of its own; a comment in it stays after the members
  const inside = stubs.map((s) => `${s},\n`).join('')
  const blank = /^\s*$/.test(text.slice(object.open + 1, object.close))
  return [
    blank ? { at: object.open + 1, end: object.close, text: `\n${inside}${parentIndent}` } : { at: object.open + 1, end: object.open + 1, text: `\n${inside}` },
  ]
}
