// Entity extension (docs/entity-extension.md): does every value S admits also fit T? Decided
// structurally, soundly: "extends" is only answered when it is true; what cannot
// be decided is a failure marked `undecidable`, never a silent pass.
//
// Recursion through `$entity` is handled by assume-and-check: a pair of nodes
// under comparison counts as extending while in progress, but only once a property
// or an item has been entered since (so every assumption is about a smaller value,
// which is what makes it sound by induction on values).
import { Inhabitation } from './admitsNoValue.js'
import { compareSubjectAllOf, compareTargetAllOf } from './compareAllOf.js'
import { compareStructure } from './compareTypes.js'
import { compareSubjectUnion, compareTargetUnion } from './compareUnions.js'
import { compareSubjectValues, compareTargetValues } from './compareValues.js'
import type { Comparison, Context, SideContext } from './context.js'
import type { ExtensionFailure, ExtensionResult, SchemaLocation, SchemaSide, SideEntities } from './extensionTypes.js'
import { describeReference, referenceOf } from './reference.js'
import { SameSchema } from './sameSchema.js'
import { hasUnion, hasValues, isUnconstrained, locationOf, rootView, type View } from './view.js'

/** References followed in a row without entering a value: more is a cycle. */
const MAX_REFERENCE_CHAIN = 64
/**
 * Comparisons in progress at once. A schema's own nesting stays far below it; a union
 * that leads back to the allOf holding it (`a: {allOf: [...], anyOf: [{$entity: a}, ...]}`)
 * makes a new merged view at each turn, which no pair key repeats: without a bound, that
 * recursion ends in a stack overflow rather than an answer.
 */
const MAX_NESTED_COMPARISONS = 256
/**
 * Comparisons one check may make. Unions and allOfs nested in each other (a branch of
 * each against a branch of each, again below) can multiply the pairs to compare beyond
 * any time a check may take; past this many, the check cannot tell, in well under a
 * second, rather than running for minutes. Schemas written by hand stay far below it.
 */
const MAX_COMPARISONS = 100_000

export function checkExtension(subject: SchemaSide, target: SchemaSide): ExtensionResult {
  return new ExtensionChecker(subject, target).check(subject, target)
}

/**
 * Checks any number of schema pairs between the same two sides (say, every entity an
 * integration maps to one interface), sharing what each comparison learns: a pair of
 * entities reached by reference from several mapped entities is compared once. The
 * emptiness analyses can be shared wider still (one per definition), by passing them.
 */
export class ExtensionChecker {
  private readonly run: Run

  constructor(subject: SideEntities, target: SideEntities, inhabitation?: { subject: Inhabitation; target: Inhabitation }) {
    this.run = new Run(subject, target, inhabitation)
  }

  /** Whether `subject` extends `target`; both must belong to the sides this checker was made for. */
  check(subject: SchemaSide, target: SchemaSide): ExtensionResult {
    const s = rootView(subject.schema, subject.entity)
    const t = rootView(target.schema, target.entity)
    const empty = this.run.ctx.subject.inhabitation.explain(s)
    if (empty !== undefined) {
      return { extends: false, failures: [{ subject: empty.location, target: locationOf(t), reason: `admits no value: ${empty.reason}`, undecidable: false }] }
    }
    this.run.startCheck()
    const failures = this.run.compare(s, t, 0)
    return failures.length === 0 ? { extends: true } : { extends: false, failures }
  }
}

interface InProgress {
  index: number
  depth: number
}

class Run {
  readonly ctx: Context
  private readonly inProgress = new Map<string, InProgress>()
  private readonly cache = new Map<string, ExtensionFailure[]>()
  private readonly sameSchema: SameSchema
  private stackSize = 0
  /** comparisons made by the current check (`MAX_COMPARISONS`) */
  private comparisons = 0
  /** the lowest stack index of an in-progress pair assumed by the current comparison */
  private lowestAssumption = Infinity

  constructor(subject: SideEntities, target: SideEntities, inhabitation?: { subject: Inhabitation; target: Inhabitation }) {
    const side = (entities: SideEntities, shared: Inhabitation | undefined): SideContext => ({
      side: entities,
      inhabitation: shared ?? new Inhabitation((name) => entities.resolveEntity(name)),
    })
    this.sameSchema = new SameSchema(
      (name) => subject.resolveEntity(name),
      (name) => target.resolveEntity(name),
    )
    this.ctx = {
      subject: side(subject, inhabitation?.subject),
      target: side(target, inhabitation?.target),
      compare: (s, t, depth) => this.compare(s, t, depth),
    }
  }

  /** A new check: its own budget of comparisons. */
  startCheck(): void {
    this.comparisons = 0
  }

  compare(s0: View, t0: View, depth: number): ExtensionFailure[] {
    const s = this.follow(s0, this.ctx.subject)
    const t = this.follow(t0, this.ctx.target)
    if ('failure' in s) return [{ subject: s.failure.at, target: locationOf(t0), reason: s.failure.reason, undecidable: s.failure.undecidable }]
    if ('failure' in t) return [{ subject: locationOf(s0), target: t.failure.at, reason: t.failure.reason, undecidable: t.failure.undecidable }]

    const key = `${viewKey(s)}\u0001${viewKey(t)}`
    const running = this.inProgress.get(key)
    if (running !== undefined) {
      this.lowestAssumption = Math.min(this.lowestAssumption, running.index)
      if (depth > running.depth) return []
      return [
        {
          subject: locationOf(s),
          target: locationOf(t),
          reason: 'the references here form a cycle that never enters a property or items, so it cannot be compared',
          undecidable: true,
        },
      ]
    }
    const cached = this.cache.get(key)
    if (cached !== undefined) return cached
    if (++this.comparisons > MAX_COMPARISONS) {
      return [
        {
          subject: locationOf(s),
          target: locationOf(t),
          reason: `comparing these takes more than ${MAX_COMPARISONS} steps (unions and allOfs nested in each other), so it cannot be compared`,
          undecidable: true,
        },
      ]
    }
    if (this.stackSize >= MAX_NESTED_COMPARISONS) {
      return [
        {
          subject: locationOf(s),
          target: locationOf(t),
          reason: `the comparison here nests more than ${MAX_NESTED_COMPARISONS} schemas deep (references that lead back into a union or an allOf), so it cannot be compared`,
          undecidable: true,
        },
      ]
    }

    const index = this.stackSize++
    const outer = this.lowestAssumption
    this.lowestAssumption = Infinity
    this.inProgress.set(key, { index, depth })
    const failures = canonical(this.compareResolved({ ctx: this.ctx, s, t, depth, failures: [] }))
    this.inProgress.delete(key)
    this.stackSize--
    const assumed = this.lowestAssumption
    // a result that leans on a pair still in progress above it is not final: do not cache
    // it. Nor a failure: its explanation depends on what is in progress when it is
    // computed (a pair in progress counts as extending), and a shared checker must
    // explain a pair as a fresh check would; failures are rare, successes are what repeat.
    if (assumed >= index && failures.length === 0) this.cache.set(key, failures)
    this.lowestAssumption = Math.min(outer, assumed >= index ? Infinity : assumed)
    return failures
  }

  private compareResolved(c: Comparison): ExtensionFailure[] {
    if (isUnconstrained(c.t.node) || this.ctx.subject.inhabitation.isEmpty(c.s.node)) return c.failures
    if (this.sameSchema.same(c.s.node, c.t.node)) return c.failures
    if (c.t.node.allOf !== undefined) compareTargetAllOf(c)
    else if (c.s.node.allOf !== undefined) compareSubjectAllOf(c)
    else if (hasValues(c.s.node)) compareSubjectValues(c)
    else if (hasUnion(c.s.node)) compareSubjectUnion(c)
    else if (hasUnion(c.t.node)) compareTargetUnion(c)
    else if (hasValues(c.t.node)) compareTargetValues(c)
    else compareStructure(c)
    return c.failures
  }

  /** Follows `$entity`/`$ref` to the schema referenced (the location moves into that entity or `$defs` entry). */
  private follow(view: View, side: SideContext): View | { failure: { at: SchemaLocation; reason: string; undecidable: boolean } } {
    let current = view
    for (let hops = 0, name = referenceOf(current.node); name !== undefined; hops++, name = referenceOf(current.node)) {
      if (hops >= MAX_REFERENCE_CHAIN) {
        return { failure: { at: locationOf(view), reason: 'the references here form a cycle that never ends', undecidable: true } }
      }
      const schema = side.side.resolveEntity(name)
      if (schema === undefined) {
        return { failure: { at: locationOf(current), reason: `${describeReference(name)} is not defined`, undecidable: false } }
      }
      current = rootView(schema, name)
    }
    return current
  }
}

function viewKey(view: View): string {
  return `${view.entity ?? ''}\u0000${view.pointer}\u0000${view.variant}`
}

/**
 * Each failure once, in one order: a shared checker's cached results arrive in another
 * order than a fresh check's, and neither the answer nor the reasons quoted from it (a
 * union names each branch's first failure) may depend on which pairs were compared first.
 */
function canonical(failures: ExtensionFailure[]): ExtensionFailure[] {
  if (failures.length < 2) return failures
  const byKey = new Map<string, ExtensionFailure>()
  for (const failure of failures) {
    const key = JSON.stringify([
      failure.subject.entity,
      failure.subject.pointer,
      failure.target.entity,
      failure.target.pointer,
      failure.reason,
      failure.undecidable,
    ])
    if (!byKey.has(key)) byKey.set(key, failure)
  }
  return [...byKey.keys()].sort().map((key) => byKey.get(key) as ExtensionFailure)
}
