// Values written in plain text where a secret belongs: under a property the schema marks
// `secret: true` (BW4016) or under a name that reads like a credential (BW4017), and the
// environment variable name each is offered (`LINEAR_API_KEY`).

import { isSecretReference, walkValuePlaces } from '../jsonSchema/secretPlaces.js'
import type { SchemaNode } from '../jsonSchema/types.js'

/** Property names that read like a credential (`apiKey`, `token`, `clientSecret`), case and separators aside. */
const CREDENTIAL_NAME = /(apikey|token|password|passwd|passphrase|secret|accesskey|privatekey|credentials?)$/

export interface PlainCredential {
  pointer: string
  segments: readonly (string | number)[]
  /** the property it sits under; undefined for a list item */
  key: string | undefined
  /** marked `secret: true` by the schema (an error), or only named like a credential (a warning) */
  marked: boolean
}

/**
 * The values written in plain text where a secret belongs, wherever the schema places one
 * (the shared walk, src/jsonSchema/secretPlaces.ts), and the plain strings under a name
 * that reads like a credential, in nested objects and lists alike.
 */
export function plainCredentials(schema: SchemaNode, value: unknown): PlainCredential[] {
  const out: PlainCredential[] = []
  walkValuePlaces(schema, value, (place) => {
    if (place.listed || isSecretReference(place.value)) return false
    // the configuration itself is no credential: its properties may be
    if (place.segments.length === 0) return true
    const named = place.key !== undefined && typeof place.value === 'string' && CREDENTIAL_NAME.test(place.key.toLowerCase().replace(/[^a-z0-9]/g, ''))
    if (place.secret || named) out.push({ pointer: place.pointer, segments: place.segments, key: place.key, marked: place.secret })
    return !place.secret && !named
  })
  return out
}

/**
 * An environment variable name for a secret, upper snake case: the definition's name and
 * the key (`LINEAR_API_KEY`); inside a list, the whole path, so that each item has its own
 * (`LINEAR_SERVERS_0_TOKEN`). The words the key repeats of the name's end are said once
 * (github's `githubWebhookSecret` is GITHUB_WEBHOOK_SECRET, not GITHUB_GITHUB_WEBHOOK_SECRET).
 */
export function secretNameFor(ownerName: string, credential: PlainCredential): string {
  const inList = credential.segments.some((segment) => typeof segment === 'number')
  const path = inList || credential.key === undefined ? credential.segments.map(String) : [credential.key]
  const words = (text: string): string[] =>
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((word) => word !== '')
  const owner = words(ownerName)
  const own = path.flatMap(words)
  const repeats = (n: number): boolean => owner.slice(owner.length - n).every((word, i) => word === own[i])
  let overlap = Math.min(owner.length, own.length)
  while (overlap > 0 && !repeats(overlap)) overlap--
  return [...owner, ...own.slice(overlap)].join('_')
}
