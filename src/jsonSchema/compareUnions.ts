// Rules on `anyOf`/`oneOf`: each branch of S (S itself when it is not a union)
// extends some branch of T. S's `oneOf` is read as `anyOf` (it admits no more).
// T's `oneOf` needs exactly one branch to match, so a branch of T that S extends
// counts only when S is also proven disjoint from every other branch.
import { type Comparison, compareChild, fail, targetLabel, trial } from './context.js'
import { provablyDisjoint } from './disjoint.js'
import type { EntityResolver, ExtensionFailure } from './extensionTypes.js'
import { declaredTypes, describeKinds, intersectKinds, type Kind, possibleKinds } from './kinds.js'
import type { SchemaNode } from './types.js'
import { childView, followEntities, isUnconstrained, keywordLocation, locationOf, mergeBranch, rootView, stripKeywords, type View } from './view.js'

/**
 * S = base ∧ (S1 ∨ S2 ∨ …): fine when the base alone extends T, or every branch,
 * merged with the base, does (the merge admits at least base ∧ branch).
 */
export function compareSubjectUnion(c: Comparison): void {
  const keyword = c.s.node.anyOf !== undefined ? 'anyOf' : 'oneOf'
  const branches = c.s.node[keyword] ?? []
  const resolve = c.ctx.subject.side.resolveEntity
  const alsoDeclared = new Set(c.s.alsoDeclared)
  for (const branch of branches) declaredNames(branch, resolve, alsoDeclared)
  const base: View = { ...stripKeywords(c.s, [keyword]), alsoDeclared }
  const baseConstrains = !isUnconstrained(base.node)
  if (baseConstrains && trial(c, base, c.t).length === 0) return
  for (const [i, branch] of branches.entries()) {
    const view = childView(c.s, branch, keyword, i)
    const merged = baseConstrains ? mergeBranch(base, view, resolve) : view
    if (merged !== undefined && merged.loose !== true) {
      compareChild(c, merged, c.t, false)
      continue
    }
    // the branch without the base, or merged with it loosely, admits more than base ∧ branch:
    // what fails against it may not fail against S, so it is no answer
    for (const failure of trial(c, merged ?? view, c.t)) c.failures.push(failure.undecidable ? failure : { ...failure, undecidable: true })
  }
}

/** The property names a union branch declares, through nested unions and references. */
function declaredNames(node: SchemaNode, resolve: EntityResolver, into: Set<string>, budget = 16): void {
  if (budget <= 0) return
  const followed = followEntities(rootView(node, null), resolve)?.node
  if (followed === undefined) return
  for (const name of Object.keys(followed.properties ?? {})) into.add(name)
  for (const branch of [...(followed.anyOf ?? []), ...(followed.oneOf ?? [])]) declaredNames(branch, resolve, into, budget - 1)
}

/**
 * T = base ∧ (T1 ∨ T2 ∨ …): S must extend the base and some branch. An S with a
 * list of types is a union too (`type: [string, null]` is string ∨ null): each of
 * its types is compared on its own, so that it may fit T's `string` and `null` branches.
 */
export function compareTargetUnion(c: Comparison): void {
  const types = declaredTypes(c.s.node)
  if (types !== undefined && types.length > 1) {
    for (const type of types) {
      compareChild(c, { ...c.s, node: { ...c.s.node, type }, variant: `${c.s.variant}:${type}` }, c.t, false)
    }
    return
  }
  const base = stripKeywords(c.t, ['anyOf', 'oneOf'])
  if (!isUnconstrained(base.node)) compareChild(c, c.s, base, false)
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = c.t.node[keyword]
    if (branches !== undefined)
      compareBranches(
        c,
        keyword,
        branches.map((branch, j) => childView(c.t, branch, keyword, j)),
      )
  }
}

interface BranchResult {
  index: number
  view: View
  failures: ExtensionFailure[]
}

function compareBranches(c: Comparison, keyword: 'anyOf' | 'oneOf', branches: View[]): void {
  const results: BranchResult[] = branches.map((view, index) => ({ index, view, failures: trial(c, c.s, view) }))
  const fits = results.filter((r) => r.failures.length === 0)
  const label = targetLabel(c)
  if (keyword === 'anyOf' && fits.length > 0) return
  if (keyword === 'oneOf') {
    const [first, second] = fits
    if (first !== undefined && second !== undefined) {
      // Certain only without objects: an object here "extends" a branch even when it
      // leaves out a property that branch declares as optional (docs/entity-extension.md#objects), and the
      // value it then carries under that name may well rule the branch out.
      const certain = !possibleKinds(c.s.node, c.ctx.subject.side.resolveEntity).has('object')
      fail(
        c,
        locationOf(c.s),
        keywordLocation(c.t, keyword),
        certain
          ? `values here match both branch ${first.index} and branch ${second.index} of ${label}'s oneOf, which needs exactly one to match`
          : `cannot tell whether values here match only one branch of ${label}'s oneOf: they extend both branch ${first.index} and branch ${second.index}`,
        !certain,
      )
      return
    }
    if (first !== undefined) {
      const subject = { node: c.s.node, resolve: c.ctx.subject.side.resolveEntity }
      for (const other of results) {
        if (other === first || provablyDisjoint(subject, { node: other.view.node, resolve: c.ctx.target.side.resolveEntity })) continue
        fail(
          c,
          locationOf(c.s),
          locationOf(other.view),
          `cannot tell whether values here, which fit branch ${first.index} of ${label}'s oneOf, also match branch ${other.index} (oneOf needs exactly one to match)`,
          true,
        )
      }
      return
    }
  }
  reportNoBranch(c, keyword, results)
}

function reportNoBranch(c: Comparison, keyword: 'anyOf' | 'oneOf', results: BranchResult[]): void {
  const subjectKinds = possibleKinds(c.s.node, c.ctx.subject.side.resolveEntity)
  const branchKinds = (r: BranchResult): Set<Kind> => possibleKinds(r.view.node, c.ctx.target.side.resolveEntity)
  const candidates = results.filter((r) => intersectKinds(subjectKinds, branchKinds(r)).size > 0)
  const [only] = candidates
  if (only !== undefined && candidates.length === 1) {
    c.failures.push(...only.failures)
    return
  }
  const at = keywordLocation(c.t, keyword)
  if (candidates.length === 0) {
    const allowed = new Set<Kind>(results.flatMap((r) => [...branchKinds(r)]))
    fail(c, locationOf(c.s), at, `${describeKinds(subjectKinds)} does not extend ${describeKinds(allowed)}`)
    return
  }
  const undecidable = candidates.some((r) => r.failures.every((f) => f.undecidable))
  const detail = candidates.map((r) => `branch ${r.index}: ${r.failures[0]?.reason ?? 'no match'}`).join('; ')
  const label = targetLabel(c)
  fail(
    c,
    locationOf(c.s),
    at,
    undecidable
      ? `cannot tell whether this extends a branch of ${label}'s ${keyword} (${detail})`
      : `this extends none of the branches of ${label}'s ${keyword} (${detail})`,
    undecidable,
  )
}
