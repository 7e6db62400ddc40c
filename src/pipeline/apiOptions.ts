// The programmatic API's option objects: a misspelt key (`definition:`) or a value of the
// wrong type (`builtins: 'no'`) is bad usage, not a silent fall back to a default.
import { didYouMean } from '../diagnostics/suggest.js'

export type OptionTypes = Readonly<Record<string, 'string' | 'boolean'>>

export function assertKnownOptions(operation: string, options: unknown, known: OptionTypes, UsageError: new (message: string) => Error): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw new UsageError(`${operation}() takes an options object`)
  const names = Object.keys(known)
  for (const [key, value] of Object.entries(options)) {
    const type = Object.hasOwn(known, key) ? known[key] : undefined
    if (type === undefined) throw new UsageError(`${operation}() has no option '${key}'${didYouMean(key, names)}; its options are ${names.join(', ')}`)
    if (value !== undefined && typeof value !== type)
      throw new UsageError(`${operation}() option '${key}' takes a ${type}, not ${value === null ? 'null' : typeof value}`)
  }
}
