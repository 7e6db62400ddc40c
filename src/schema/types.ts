// The JSON Schema subset that definitions may use (SPEC §2), as plain data.
// Every pass that reads a schema (sanity, extension, lowering, diff) uses these types.

export const SCHEMA_TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const
export type SchemaTypeName = (typeof SCHEMA_TYPE_NAMES)[number]

export const SCHEMA_FORMATS = ['uri', 'email', 'date-time', 'date', 'uuid'] as const
export type SchemaFormat = (typeof SCHEMA_FORMATS)[number]

/** A JSON value as YAML can produce it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/**
 * One schema node. Objects parsed from YAML keep `__proto__` as an own key, so
 * `properties` must always be read with `Object.hasOwn`/`Object.entries`, never `in`.
 */
export interface SchemaNode {
  type?: SchemaTypeName | SchemaTypeName[]
  properties?: Record<string, SchemaNode>
  required?: string[]
  additionalProperties?: boolean | SchemaNode
  items?: SchemaNode
  minItems?: number
  maxItems?: number
  enum?: JsonValue[]
  const?: JsonValue
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: SchemaFormat
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  title?: string
  description?: string
  default?: JsonValue
  examples?: JsonValue[]
  /** An entity reference: `NAME` in interfaces and integrations, `LOCAL.ENTITY` in plugins. */
  $entity?: string
}

/** Every keyword a definition's schema may use, in the order SPEC §2 lists them. */
export const SCHEMA_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'anyOf',
  'oneOf',
  'title',
  'description',
  'default',
  'examples',
  '$entity',
] as const
