// What the emptiness analysis (admitsNoValue.ts) says of a schema that admits no value.
import type { SchemaLocation } from './extensionTypes.js'

/**
 * What leaves nothing: the node's `const`/`enum` values (`values`), its bounds or
 * lengths (`bounds`), a `required` name its object keywords exclude (`required`), its
 * `anyOf`/`oneOf` branches (`union`), its `allOf` branches together (`allOf`), or something else (several of these for several
 * types, an entity that must contain itself).
 */
export type NoValueCause = 'values' | 'bounds' | 'required' | 'union' | 'allOf' | 'other'

export interface NoValue {
  /** the deepest node that explains why nothing is admitted */
  location: SchemaLocation
  reason: string
  cause: NoValueCause
}
