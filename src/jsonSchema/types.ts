// The JSON Schema subset that definitions may use (docs/definitions.md#schemas), as plain data.
// Every pass that reads a schema (sanity, extension, lowering, diff) uses these types.

export const SCHEMA_TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const
export type SchemaTypeName = (typeof SCHEMA_TYPE_NAMES)[number]

export const SCHEMA_FORMATS = ['uri', 'email', 'date-time', 'date', 'uuid'] as const
export type SchemaFormat = (typeof SCHEMA_FORMATS)[number]

/** A JSON value as YAML can produce it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/**
 * The keywords of the JSON Schema subset, over the type of a nested schema. Generated code
 * holds its schemas as plain object literals, where TypeScript does not always keep a
 * string literal's type (under a computed key such as `["__proto__"]`), so the lowered
 * form takes any string for `type` and `format`.
 */
export interface SchemaKeywords<Schema, TypeName extends string = SchemaTypeName, Format extends string = SchemaFormat> {
  type?: TypeName | TypeName[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
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
  format?: Format
  anyOf?: Schema[]
  oneOf?: Schema[]
  /** composition: every branch holds (docs/definitions.md#composition-allof) */
  allOf?: Schema[]
  title?: string
  description?: string
  default?: JsonValue
  examples?: JsonValue[]
  /** in a configuration schema: a credential, given by a bot only as `{ $secret: NAME }` */
  secret?: boolean
}

/**
 * One schema node as a definition writes it. Objects parsed from YAML keep `__proto__`
 * as an own key, so `properties` must always be read with `Object.hasOwn`/`Object.entries`,
 * never `in`.
 */
export interface SchemaNode extends SchemaKeywords<SchemaNode> {
  /** An entity reference: `NAME` in interfaces and integrations, `LOCAL.ENTITY` in plugins. */
  $entity?: string
  /** A named schema of the definition's own `$defs`: `'#/$defs/NAME'` (docs/definitions.md#named-schemas-defs-and-ref). */
  $ref?: string
  /** A standard message type: stands for that type's payload schema (docs/definitions.md#standard-messages-message). */
  $message?: string
}

/** A schema as generated code and the runtime hold it: entity references lowered to `$ref: '#/definitions/<key>'`. */
export interface JsonSchema extends SchemaKeywords<JsonSchema, string, string> {
  $ref?: string
  /** annotations (docs/definitions.md#annotations-x--keys), carried as written */
  [annotation: `x-${string}`]: JsonValue
}

/** Every keyword a definition's schema may use, in the order docs/definitions.md#schemas lists them. */
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
  'allOf',
  'title',
  'description',
  'default',
  'examples',
  'secret',
  '$entity',
  '$ref',
  '$message',
] as const

/** Keywords that say something about a value but constrain nothing (ajv ignores them). */
export const ANNOTATION_KEYWORDS: readonly ('title' | 'description' | 'default' | 'examples' | 'secret')[] = [
  'title',
  'description',
  'default',
  'examples',
  'secret',
]
