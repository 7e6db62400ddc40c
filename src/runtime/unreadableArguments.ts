// An operation's whole argument that throws when it is read (a getter, a Proxy's trap: code a
// user wrote handed it over) is refused with INVALID_ARGUMENT, as a value in it that throws is
// (valueLimits.ts), never with what it threw, which may hold anything. Asked only where an
// operation failed reading its argument, so a readable one costs nothing.
import { RuntimeError, ValidationError } from './errors.js'
import { unreadable } from './valueLimits.js'

/** Whether reading `value`'s own keys and their values, or the keys the operation reads, throws. */
function throwsWhenRead(value: unknown, keys: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false
  try {
    for (const key of Reflect.ownKeys(value)) Reflect.get(value, key)
    for (const key of keys) Reflect.get(value, key)
    return false
  } catch {
    return true
  }
}

/** What an operation that failed with `error` throws: INVALID_ARGUMENT when `input` throws when read (its `keys`, what the operation reads of it), else `error`. */
export function refusedIfUnreadable(error: unknown, input: unknown, operation: string, keys: readonly string[]): unknown {
  if (error instanceof RuntimeError || !throwsWhenRead(input, keys)) return error
  return new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, [unreadable('arguments')])
}
