// `{ $secret: NAME }` in a bot's configuration values: a string supplied at run time. Here
// each is replaced by a string stand-in so that the value can be checked against its
// schema, and a malformed one (a name not in upper snake case, a key beside it, `$secret`
// misspelt) is reported.

import { closestTypo } from '../diagnostics/suggest.js'
import { present } from '../jsonSchema/invariant.js'
import { formatPointer } from '../jsonSchema/pointer.js'

const SECRET_NAME = /^[A-Z][A-Z0-9_]*$/
export interface SecretReference {
  /** pointer inside the configuration value */
  pointer: string
  name: string
}

export type SecretProblem = {
  /** pointer to the part of `{ $secret }` at fault */
  pointer: string
  /** pointer to the `{ $secret }` itself: it still stands for a string, so its string constraints are not reported */
  secret: string
} & (
  | { problem: 'name'; name: unknown; suggestion: string | undefined }
  /** a key beside $secret */
  | { problem: 'beside'; key: string }
  /** the one key of a mapping, a `$` key a typo away from `$secret` (`$secrt`, `$Secret`): meant as a secret */
  | { problem: 'misspelt'; key: string }
)

/** The key of `{ $secrt: NAME }`, a mapping whose one key is `$secret` misspelt, or undefined. */
function misspeltSecretKey(record: Record<string, unknown>): string | undefined {
  const keys = Object.keys(record)
  const [key] = keys
  return keys.length === 1 && key !== undefined && key.startsWith('$') && closestTypo(key, ['$secret']) !== undefined ? key : undefined
}

/**
 * Replaces each `{ $secret }` with a string stand-in; reports malformed ones. `plain`: the
 * places of secrets written in plain text (reported on their own), replaced alike so that
 * the value's other checks do not report them again.
 */
export function substituteSecrets(
  value: unknown,
  pointer = '',
  plain: ReadonlySet<string> = new Set(),
): { value: unknown; secrets: SecretReference[]; problems: SecretProblem[] } {
  const secrets: SecretReference[] = []
  const problems: SecretProblem[] = []
  const visit = (node: unknown, at: string): unknown => {
    if (plain.has(at)) return ''
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${at}/${i}`))
    if (node === null || typeof node !== 'object') return node
    const record = node as Record<string, unknown>
    if (Object.hasOwn(record, '$secret')) {
      const name = record.$secret
      const extra = Object.keys(record).filter((k) => k !== '$secret')
      if (typeof name !== 'string' || !SECRET_NAME.test(name)) {
        const upper = typeof name === 'string' ? name.toUpperCase().replace(/[^A-Z0-9_]/g, '_') : ''
        problems.push({ pointer: `${at}/$secret`, secret: at, problem: 'name', name, suggestion: SECRET_NAME.test(upper) ? upper : undefined })
      } else if (extra.length > 0) {
        const key = present(extra[0], 'a list that is not empty has a first item')
        problems.push({ pointer: `${at}/${key}`, secret: at, problem: 'beside', key })
      } else {
        secrets.push({ pointer: at, name })
      }
      return ''
    }
    const misspelt = misspeltSecretKey(record)
    if (misspelt !== undefined) {
      // a stand-in as for a secret: the schema's "must be a string" would report the same mistake again
      problems.push({ pointer: `${at}${formatPointer([misspelt])}`, secret: at, problem: 'misspelt', key: misspelt })
      return ''
    }
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, visit(v, `${at}${formatPointer([k])}`)]))
  }
  return { value: visit(value, pointer), secrets, problems }
}
