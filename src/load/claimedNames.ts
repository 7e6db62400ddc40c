// Which definitions a file that has errors claims to be: references to them are then not
// reported as unknown (one root cause, one diagnostic). From the file's value when it was
// read, or, for a file that could not be read as YAML, from its top-level `kind:` and
// `name:` lines.
import { DEFINITION_KINDS } from '../validate/metaSchemas.js'

const KIND_LINE = /^kind:[ \t]*["']?([^\s"'#]+)/m
const NAME_LINE = /^name:[ \t]*["']?([^\s"'#]+)/m

/**
 * The `kind/name` keys the file claims. A kind that is not one of the four (misspelt,
 * missing) claims the name under every kind: the kind is what is wrong, not the name.
 */
export function claimedNames(value: Record<string, unknown> | null, text: string): string[] {
  const kind = value ? value.kind : KIND_LINE.exec(text)?.[1]
  const name = value ? value.name : NAME_LINE.exec(text)?.[1]
  if (typeof name !== 'string' || name === '') return []
  if (typeof kind === 'string' && (DEFINITION_KINDS as readonly string[]).includes(kind)) return [`${kind}/${name}`]
  return DEFINITION_KINDS.map((k) => `${k}/${name}`)
}
