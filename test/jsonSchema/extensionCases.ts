// The entity extension table's rows (extension.test.ts): a pair S/T, whether S extends T, and
// for failures where in S and why; and the schemas the rows are written with.
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import type { SideSpec } from './sides.js'

export interface Expected {
  /** JSON pointer of the failure in S */
  at: string
  /** entity of that pointer (default: the row's S entity, or null) */
  entity?: string | null
  /** a fragment of the reason */
  reason: string
  undecidable?: boolean
  /** JSON pointer of the T node, when the row wants to check it */
  target?: string
}

export interface Row {
  name: string
  s: SchemaNode | SideSpec
  t: SchemaNode | SideSpec
  extends: boolean
  failures?: Expected[]
}

export const str: SchemaNode = { type: 'string' }
export const int: SchemaNode = { type: 'integer' }
export const num: SchemaNode = { type: 'number' }
export const obj = (properties: Record<string, SchemaNode>, required: string[] = [], extra: Partial<SchemaNode> = {}): SchemaNode => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? { required } : {}),
  ...extra,
})

/** An object with optional `email` and `phone` (and `extra`), for the "at least one of" idiom. */
export const contactBase = (extra: Record<string, SchemaNode> = {}): SchemaNode => obj({ email: { type: 'string', format: 'email' }, phone: str, ...extra })

export const tree = (value: SchemaNode, self: string, extra: Record<string, SchemaNode> = {}): SchemaNode =>
  obj({ value, children: { type: 'array', items: { $entity: self } }, ...extra }, ['value'])
