// How the SQL stores keep the runtime's strings (ids, conversation ids, tag keys and values)
// in columns, and read back the seq PostgreSQL gave.
import type { StoredTags } from '@botwire/runtime'

/**
 * A string as it is kept in a column: as JSON text, which is one-to-one and escapes what
 * PostgreSQL's text cannot hold (U+0000) or would merge (lone surrogates).
 */
export function storageKey(value: string): string {
  return JSON.stringify(value)
}

/** Tags as the JSON text of a jsonb column, each key and value as its storageKey (jsonb strings cannot hold U+0000 either). */
export function storageTags(tags: StoredTags): string {
  const kept: { [key: string]: string } = {}
  for (const [key, value] of Object.entries(tags)) kept[storageKey(key)] = storageKey(value)
  return JSON.stringify(kept)
}

/** A seq column's value (int8: pg gives a string, PGlite a number) as a number, checked. */
export function seqOf(value: string | number): number {
  const seq = Number(value)
  if (!Number.isSafeInteger(seq) || seq < 1) throw new Error(`store: a stored seq is not a positive safe integer: ${String(value)}`)
  return seq
}
