// The schema-change tests' sides: one definition whose schema at a place is given, and the
// changes `diff` shows between two of them.
import type { DefinitionDiff } from '../../src/diff/types.js'
import { diffSides } from './support.js'

export type Where = 'input' | 'output' | 'entity' | 'configuration'

export const J = JSON.stringify

/** One definition whose schema at `where` is `schema`. */
export function side(where: Where, schema: unknown, version: string): Record<string, string> {
  if (where === 'configuration')
    return { 'acme.yaml': `kind: integration\nname: acme\nversion: ${version}\nconfiguration:\n  schema: ${J(schema)}\nactions: {}\n` }
  const head = `kind: interface\nname: demo\nversion: ${version}\n`
  if (where === 'entity') return { 'demo.yaml': `${head}entities:\n  item:\n    schema: ${J(schema)}\nactions: {}\n` }
  const [input, output] = where === 'input' ? [schema, { type: 'object' }] : [{ type: 'object' }, schema]
  return { 'demo.yaml': `${head}entities: {}\nactions:\n  a:\n    input: { schema: ${J(input)} }\n    output: { schema: ${J(output)} }\n` }
}

export const shown = (d: DefinitionDiff): string[] =>
  d.changes.map((c) => `${c.level} ${c.side} ${c.file} ${c.path} ${c.message}${c.undecidable ? ' (undecidable)' : ''}`)

/** The changes `diff` shows when the schema at `where` goes from `old` to `neu`. */
export function changes(where: Where, old: unknown, neu: unknown): string[] {
  return shown(diffSides(side(where, old, '1.0.0'), side(where, neu, '2.0.0'), where === 'configuration' ? 'acme' : 'demo'))
}

export const S = { type: 'string' }
/** An object with one property `v` (the top of an action's schema must be an object). */
export const v = (schema: unknown): unknown => ({ type: 'object', properties: { v: schema } })
export const IN = "input of action 'a'"
export const OUT = "output of action 'a'"
