// The one catalog of diagnostic codes, with the message templates of each. Codes are
// stable: never renumber, only add. Bands: BW1xxx load, BW2xxx shape, BW3xxx references,
// BW4xxx semantics, BW5xxx emit, BW9xxx usage and internal. docs/diagnostics.md explains
// each code; a test keeps the two in step, proves that every code has a fixture that
// produces it and that every template is used.
//
// A template names its arguments in braces, `{key}`: a name of letters, digits and _.
// Other braces are text (`{ integrationAlias, integrationInterfaceAlias }`). One template
// per form of a message; a piece that code assembles (a list, a plural, an optional
// clause) is one argument, computed where the diagnostic is made.

import { type CatalogEntry, entry } from './catalog/catalogEntry.js'
import { emitCodes } from './catalog/emit.js'
import { loadCodes } from './catalog/load.js'
import { referenceCodes } from './catalog/references.js'
import { semanticCodes } from './catalog/semantics.js'
import { shapeCodes } from './catalog/shape.js'

export type { CatalogEntry, Severity } from './catalog/catalogEntry.js'

export const catalog = {
  ...loadCodes,
  ...shapeCodes,
  ...referenceCodes,
  ...semanticCodes,
  ...emitCodes,
  // usage and internal: printed by the CLI as one line (src/cli/usage.ts), not made here
  BW9001: entry('internal error', {}),
  BW9002: entry('bad usage', {}),
} satisfies Record<string, CatalogEntry>

export type DiagnosticCode = keyof typeof catalog

/**
 * The messages of related locations: the other places a diagnostic points at (the first of
 * two duplicates, the declaration a reference means), by name, with named arguments as the
 * templates above. They are shown under the diagnostic's own message, each at its place.
 */
export const relatedTemplates = {
  firstDefined: 'first defined here',
  builtinHere: 'the built-in is here',
  firstDeclared: "'{name}' was first declared here",
  declared: "'{name}' is declared here",
  versionDeclared: '{version} is declared here',
  /** `first`: what the name was first used for ("its own action", "action 'x' of interface 'y' (alias 'z')") */
  alsoUsedFor: "'{name}' is also {first}",
  boundSet: '{keyword} is set here',
  interfaceSchema: "the interface's schema ({name} {version})",
  mapping: 'the mapping',
  ownMember: "the own {member} '{name}'",
  partNotFitting: 'the part that does not fit',
  comparedWith: 'what it is compared with',
  implementsHere: "integration '{integration}' implements '{interface}' {version} here",
  takesHere: "'{local}' takes '{interface}' {range} here",
  resolvesTo: "'{alias}' resolves to {version}",
  referencesHere: "'{source}' references '{target}' here",
  weightiestChange: 'the {level} change',
  entityClosedHere: "entity '{name}' is closed here",
  closedHere: '{label} is closed here',
  anchorNotMapping: "'&{anchor}' is set here; this is not a mapping",
  declaresKeyHere: "{declaring} declares '{key}' here",
  messageHere: "the $message '{type}' is here",
  disabledHere: "'{alias}' is disabled here",
  secretPropertyHere: "the property '$secret' is declared here",
} as const satisfies Readonly<Record<string, string>>

export function isDiagnosticCode(value: string): value is DiagnosticCode {
  return Object.hasOwn(catalog, value)
}
