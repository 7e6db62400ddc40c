// Values and lists of values in messages: strings in single quotes, long values cut.
import type { JsonValue } from './types.js'

const MAX_VALUE_LENGTH = 60
const MAX_LISTED_VALUES = 8

export function describeValue(value: JsonValue): string {
  const text = typeof value === 'string' ? `'${value}'` : JSON.stringify(value)
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text
}

export function describeValues(values: readonly JsonValue[]): string {
  if (values.length === 0) return 'no value'
  const shown = values.slice(0, MAX_LISTED_VALUES).map(describeValue).join(', ')
  return values.length > MAX_LISTED_VALUES ? `${shown}, … (${values.length} values)` : shown
}
