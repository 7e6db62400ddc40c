// The state of one `checkExtension` run, and the helpers every rule uses to report
// a failure or to compare two sub-schemas.
import type { Inhabitation } from './admitsNoValue.js'
import type { ExtensionFailure, SchemaLocation, SideEntities } from './extensionTypes.js'
import type { View } from './view.js'

export interface SideContext {
  readonly side: SideEntities
  readonly inhabitation: Inhabitation
}

export interface Context {
  readonly subject: SideContext
  readonly target: SideContext
  /** compares two views; `depth` counts the values entered (properties, items) */
  readonly compare: (s: View, t: View, depth: number) => ExtensionFailure[]
}

/** One comparison of a view of S with a view of T, collecting failures. */
export interface Comparison {
  readonly ctx: Context
  readonly s: View
  readonly t: View
  readonly depth: number
  readonly failures: ExtensionFailure[]
}

export function fail(c: Comparison, subject: SchemaLocation, target: SchemaLocation, reason: string, undecidable = false): void {
  c.failures.push({ subject, target, reason, undecidable })
}

/** How T's entity holding `view` is named, e.g. 'ticketing.ticket'. */
export function targetLabel(c: Comparison, view: View = c.t): string {
  return c.ctx.target.side.label(view.entity)
}

/** Compares sub-schemas; `entersValue` when they describe a part of the value (property, item). */
export function compareChild(c: Comparison, s: View, t: View, entersValue: boolean): void {
  c.failures.push(...c.ctx.compare(s, t, entersValue ? c.depth + 1 : c.depth))
}

/** Compares without reporting: the caller looks at the failures and decides (union branches). */
export function trial(c: Comparison, s: View, t: View): ExtensionFailure[] {
  return c.ctx.compare(s, t, c.depth)
}
