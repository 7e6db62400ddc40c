// Rules on `allOf` (docs/entity-extension.md#allof).
// - S ⊑ base ∧ T1 ∧ … ∧ Tn exactly when S extends the base and every Ti.
// - base ∧ S1 ∧ … ∧ Sn ⊑ T is decided on the branches merged into one schema
//   (mergeAllOf.ts) where that merge is exact. Where it is not, the allOf still extends T
//   when one of its parts alone does (it admits no more than that part), or, T being a
//   union, when the union rules find a branch it extends; otherwise the answer is a
//   failure marked undecidable, never a pass (nor a plain failure: the rules ran on a
//   merge that admits more than the allOf).

import { compareTargetUnion } from './compareUnions.js'
import { type Comparison, compareChild, fail, targetLabel, trial } from './context.js'
import type { ExtensionFailure } from './extensionTypes.js'
import { allOfParts, mergeAllOf } from './mergeAllOf.js'
import { childView, hasUnion, isUnconstrained, locationOf, stripKeywords } from './view.js'

export function compareTargetAllOf(c: Comparison): void {
  const base = stripKeywords(c.t, ['allOf'])
  if (!isUnconstrained(base.node)) compareChild(c, c.s, base, false)
  for (const [i, branch] of (c.t.node.allOf ?? []).entries()) compareChild(c, c.s, childView(c.t, branch, 'allOf', i), false)
}

export function compareSubjectAllOf(c: Comparison): void {
  const resolve = c.ctx.subject.side.resolveEntity
  const { merged, inexact } = mergeAllOf(c.s, resolve)
  if (inexact === undefined) {
    compareChild(c, merged, c.t, false)
    return
  }
  const { parts } = allOfParts(c.s, resolve)
  if (parts.some((part) => trial(c, part, c.t).length === 0)) return
  // T a union: S may extend a branch that is itself an allOf, which the rule above splits.
  // Its failures are not an answer: they come from comparing a merge that is not exact.
  if (hasUnion(c.t.node) && failuresOf(c, compareTargetUnion).length === 0) return
  fail(
    c,
    inexact.at,
    locationOf(c.t),
    `cannot tell whether this allOf extends ${targetLabel(c)}: its branches cannot be merged into one schema (${inexact.reason}), and none of them alone extends it`,
    true,
  )
}

/** What a rule reports for the comparison, without reporting it. */
function failuresOf(c: Comparison, rule: (c: Comparison) => void): ExtensionFailure[] {
  const trialRun: Comparison = { ...c, failures: [] }
  rule(trialRun)
  return trialRun.failures
}
