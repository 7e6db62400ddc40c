// Which definitions a file that has errors claims to be: its kind, name and version take
// part in the symbol table as "present but broken", so that a reference that would land
// on it is not reported or checked against another version (one root cause, one
// diagnostic). From the file's value when it was read, or, for a file that could not be
// read as YAML, from its top-level `kind:`, `name:` and `version:` lines.
import { locate, pointerExists } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { SourceRange } from '../source/sourceRange.js'
import { DEFINITION_KINDS, type DefinitionKind } from './metaSchemas.js'

const KIND_LINE = /^kind:[ \t]*["']?([^\s"'#]+)/m
const NAME_LINE = /^name:[ \t]*["']?([^\s"'#]+)/m
const VERSION_LINE = /^version:[ \t]*["']?([^\s"'#]+)/m

export interface ClaimedDefinition {
  kind: DefinitionKind
  name: string
  /**
   * The version as written (a bot without one claims 0.0.0, as the model gives it); null
   * when it cannot be read, and then the claim stands for every version of the name. The
   * symbol table treats a text that is not a semantic version as unreadable too.
   */
  version: string | null
  /** false when the file's kind is unknown or missing: it then claims its name under every kind */
  kindKnown: boolean
  file: SourceFile
  /** whether kind, name and version were read from the file's value (else from its lines) */
  fromValue: boolean
}

function read(value: Record<string, unknown> | null, text: string): { kind: unknown; name: unknown; version: unknown } {
  if (value) return { kind: value.kind, name: value.name, version: value.version }
  return { kind: KIND_LINE.exec(text)?.[1], name: NAME_LINE.exec(text)?.[1], version: VERSION_LINE.exec(text)?.[1] }
}

function isKind(kind: unknown): kind is DefinitionKind {
  return typeof kind === 'string' && (DEFINITION_KINDS as readonly string[]).includes(kind)
}

/**
 * The definitions the file claims: one, or one per kind when the kind is what is wrong
 * (misspelt, missing), not the name. Nothing when the name cannot be read.
 */
export function claimedDefinitions(file: SourceFile, value: Record<string, unknown> | null): ClaimedDefinition[] {
  const { kind, name, version } = read(value, file.text)
  if (typeof name !== 'string' || name === '') return []
  const written = typeof version === 'string' && version !== '' ? version : null
  if (isKind(kind)) {
    const claimed = written ?? (kind === 'bot' && version === undefined ? '0.0.0' : null)
    return [{ kind, name, version: claimed, kindKnown: true, file, fromValue: value !== null }]
  }
  return DEFINITION_KINDS.map((k) => ({ kind: k, name, version: written, kindKnown: false, file, fromValue: value !== null }))
}

/** Where the claim's identity is written, for a diagnostic about it: its version, else its name. */
export function claimLocation(claim: ClaimedDefinition): SourceRange {
  const { file } = claim
  if (claim.fromValue) return locate(file, pointerExists(file, '/version') ? '/version' : '/name')
  const match = VERSION_LINE.exec(file.text) ?? NAME_LINE.exec(file.text)
  const found = match?.[1]
  if (!match || found === undefined) return { file, start: 0, end: 0 }
  const end = match.index + match[0].length
  return { file, start: end - found.length, end }
}
