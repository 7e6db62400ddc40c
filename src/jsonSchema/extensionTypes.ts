// The public shapes of the entity extension check (docs/entity-extension.md), shared with `diff` (docs/versioning.md).
import type { SchemaNode } from './types.js'

export interface SchemaSide {
  /** the schema being compared (an entity's schema, or an action input/output schema) */
  schema: SchemaNode
  /** the entity name of `schema` when it is an entity's schema, else null */
  entity: string | null
  /** resolves `$entity` names of this side to their schemas (undefined: unknown; report as failure) */
  resolveEntity(name: string): SchemaNode | undefined
  /** how to name an entity of this side in messages, e.g. 'ticketing.ticket' or 'zendesk.ticket' */
  label(entity: string | null): string
}

/** What a comparison needs of a side besides the schema compared: its entities and how to name them. */
export type SideEntities = Pick<SchemaSide, 'resolveEntity' | 'label'>

/** A JSON pointer (RFC 6901, `~0`/`~1` escaped) into an entity's schema (entity null: into the root schema). */
export interface SchemaLocation {
  entity: string | null
  pointer: string
}

export interface ExtensionFailure {
  /** where in S the problem is (the node the user must edit) */
  subject: SchemaLocation
  /** the node of T it was compared with */
  target: SchemaLocation
  /** plain words, e.g. "integer does not extend string" */
  reason: string
  /** true when the checker could not decide (never a silent pass) */
  undecidable: boolean
}

export type ExtensionResult = { extends: true } | { extends: false; failures: ExtensionFailure[] }

/** Resolves `$entity` names of one side. */
export type EntityResolver = (name: string) => SchemaNode | undefined
