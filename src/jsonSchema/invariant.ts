// Invariants the types cannot carry: a list index known to be in range, a regular
// expression group that always takes part in the match, a map entry set just before. Where
// such a value is read, `present` says what makes it there, instead of a fallback (`?? ''`)
// that can never run; if it ever does run, the invariant is broken, and the failure names
// it rather than carrying on with an empty value.

/** Thrown when an invariant of botwire's own code does not hold: a bug in botwire, never a user's mistake. */
export class InvariantError extends Error {
  constructor(invariant: string) {
    super(`botwire internal: broken invariant: ${invariant}`)
    this.name = 'InvariantError'
  }
}

/** `value`, which `invariant` says is there (neither undefined nor null). */
export function present<T>(value: T | undefined | null, invariant: string): T {
  if (value === undefined || value === null) throw new InvariantError(invariant)
  return value
}

/** A place that `invariant` says is never reached. */
export function unreachable(invariant: string): never {
  throw new InvariantError(invariant)
}
