// The programmatic API's option objects: a misspelt key (`definition:`) is bad usage, not
// a silent fall back to the default it meant to change.
import { didYouMean } from './diagnostics/suggest.js'

export function assertKnownOptions(operation: string, options: object, known: readonly string[], UsageError: new (message: string) => Error): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new UsageError(`${operation}() takes an options object`)
  const unknown = Object.keys(options).filter((key) => !known.includes(key))
  const [first] = unknown
  if (first === undefined) return
  throw new UsageError(`${operation}() has no option '${first}'${didYouMean(first, known)}; its options are ${known.join(', ')}`)
}
