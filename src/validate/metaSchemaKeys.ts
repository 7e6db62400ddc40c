// The keys the meta-schemas give a meaning somewhere (`message` in a bot, `messages` in a
// channel, `configuration` and `configurations` in an integration...). A key that means
// something in one place and is written in another is a misplaced key, not a misspelt
// one: "did you mean" offers none of its neighbours for it (`message` under a channel is
// not a typo of `messages`, which holds a different thing).
import { isRecord } from '../jsonSchema/own.js'
import { DEFINITION_KINDS, readMetaSchema, SHARED_SCHEMA_FILES } from './metaSchemas.js'

let keys: ReadonlySet<string> | undefined

function collect(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const item of node) collect(item, into)
  if (!isRecord(node)) return
  if (isRecord(node.properties)) for (const key of Object.keys(node.properties)) into.add(key)
  for (const value of Object.values(node)) collect(value, into)
}

/** Every key some meta-schema declares, read once (only when a diagnostic needs it). */
export function keysWithMeaning(): ReadonlySet<string> {
  if (keys) return keys
  const found = new Set<string>()
  for (const file of [...SHARED_SCHEMA_FILES, ...DEFINITION_KINDS.map((kind) => `${kind}.schema.json`)]) collect(readMetaSchema(file), found)
  keys = found
  return found
}
