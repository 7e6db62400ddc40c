// Values a store may give at once or as a promise (`Awaitable`), and going on from them
// without a promise turn when they come at once: the in-memory stores answer synchronously,
// and a call that never waits ends in the turn it started
// (docs/decisions.md#state-calls-on-a-synchronous-store-end-in-the-turn-they-start).
import type { Awaitable } from './types.js'

export function isThenable<T>(value: Awaitable<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function'
}

/** `next(value)`: at once when `value` is not a promise (a store that answers synchronously), else once it resolves. */
export function andThen<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value)
}
