// String formats, checked with the same implementations ajv-formats gives the
// runtime (its "full" mode), so that a value the checker accepts is one ajv accepts.
import { fullFormats } from 'ajv-formats/dist/formats.js'

type FormatCheck = (value: string) => boolean

function toCheck(format: unknown): FormatCheck | undefined {
  if (format === true) return () => true
  if (format instanceof RegExp) return (value) => format.test(value)
  if (typeof format === 'string') {
    const re = new RegExp(format, 'u')
    return (value) => re.test(value)
  }
  if (typeof format === 'function') return (value) => (format as (v: string) => unknown)(value) === true
  if (typeof format === 'object' && format !== null && 'validate' in format) {
    const definition = format as { validate: unknown; async?: boolean; type?: string }
    if (definition.async === true) return undefined
    return toCheck(definition.validate)
  }
  return undefined
}

/** true/false when the format is known, undefined when it is not. */
export function matchesFormat(format: string, value: string): boolean | undefined {
  if (!Object.hasOwn(fullFormats, format)) return undefined
  const check = toCheck((fullFormats as Record<string, unknown>)[format])
  return check === undefined ? undefined : check(value)
}
