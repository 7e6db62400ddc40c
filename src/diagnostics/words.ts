// How messages name values and JSON types in plain words ("a mapping", "the string \"x\""),
// shared by every pass that reports a value of the wrong kind.
import { present } from '../jsonSchema/invariant.js'

/** "a mapping", "a list", "the string \"x\"", "number 2", "null" */
export function typeWord(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`
  return `${typeof value} ${JSON.stringify(value)}`
}

/** ajv's `type` param ("integer", "string,null") as "an integer", "a string or null". */
export function expectedType(type: unknown): string {
  const names = String(type).split(',')
  const words = names.map((t) => (t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`))
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} or ${present(words[words.length - 1], 'a list of several has a last item')}`
    : present(words[0], 'a split string has a first part')
}
