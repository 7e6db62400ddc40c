// An extension check's answer as the tests compare it: the verdict and, for a failure,
// each reason with where it points in S and in T (entity:pointer) and whether it is undecidable.
import { checkExtension } from '../../src/jsonSchema/extension.js'
import type { SchemaLocation } from '../../src/jsonSchema/extensionTypes.js'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { makeSide, type SideSpec } from './sides.js'

export interface Reason {
  /** where in S, `entity:pointer` (`:pointer` for a root schema) */
  at: string
  /** the node of T it was compared with, written the same way */
  target: string
  reason: string
  undecidable: boolean
}

export type Verdict = 'extends' | 'does not' | 'cannot tell'

const place = (location: SchemaLocation): string => `${location.entity ?? ''}:${location.pointer}`

/** `extends`, `does not` (some failure is decided) or `cannot tell` (every failure undecidable), with the reasons. */
export function verdict(s: SchemaNode | SideSpec, t: SchemaNode | SideSpec): { verdict: Verdict; reasons: Reason[] } {
  const result = checkExtension(makeSide(s, 'S'), makeSide(t, 'T'))
  if (result.extends) return { verdict: 'extends', reasons: [] }
  const reasons = result.failures.map((f) => ({ at: place(f.subject), target: place(f.target), reason: f.reason, undecidable: f.undecidable }))
  return { verdict: reasons.every((r) => r.undecidable) ? 'cannot tell' : 'does not', reasons }
}

/** One decided failure. */
export const no = (at: string, target: string, reason: string): Reason => ({ at, target, reason, undecidable: false })
/** One undecidable failure. */
export const unsure = (at: string, target: string, reason: string): Reason => ({ at, target, reason, undecidable: true })
