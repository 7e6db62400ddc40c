// Whether a value is certainly valid against a definition schema, decided without ajv
// for the keywords most schemas use. It answers true only when ajv (as
// src/jsonSchema/valueValidator.ts sets it up) would accept the value too; for anything it
// does not decide (unions, references, other keywords, formats ajv is not given) it
// answers false, and the caller asks ajv, which also words the errors. Most values a
// check meets (defaults, enum values, configuration values) are valid, so most checks
// never compile a validator, and a check with no such problem never loads ajv.
// test/schema/surelyValid.test.ts compares it with ajv on random schemas and values.
//
// The entity extension check's admitsValue (src/jsonSchema/admitsValue.ts) judges a
// value too, and the leaves are shared; this walk stays its own because it answers only
// yes or "ask ajv", needs no locations or reasons, and follows the value's pointers for
// the configuration check's secrets.
import { stringLength, valueHasType } from './admitsValue.js'
import { isAnnotationKey } from './annotations.js'
import { matchesFormat } from './formats.js'
import { jsonEqual } from './jsonEqual.js'
import { compilePattern } from './linearPattern.js'
import { joinPointer } from './pointer.js'
import { type JsonValue, SCHEMA_FORMATS, SCHEMA_KEYWORDS, type SchemaNode, type SchemaTypeName } from './types.js'

/**
 * Where the value holds a secret reference (`{ $secret: NAME }`, replaced by a string):
 * its string constraints are checked at run time, so only its type counts here, as in
 * the configuration check (src/check/configuration.ts).
 */
export type SecretPointers = ReadonlySet<string>

/** Unions, `allOf` and references are left to ajv, as are keywords of other dialects. */
const LEFT_TO_AJV: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', '$entity', '$ref', '$message'])
/** The keywords decided here; annotations are ignored as ajv ignores them. */
const DECIDED: ReadonlySet<string> = new Set([...SCHEMA_KEYWORDS.filter((keyword) => !LEFT_TO_AJV.has(keyword)), '$comment'])

const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'])

/** The formats the value validator is given (src/jsonSchema/valueValidator.ts). */
const CHECKED_FORMATS: ReadonlySet<string> = new Set(SCHEMA_FORMATS)

function hasType(value: JsonValue, type: unknown): boolean {
  return typeof type === 'string' && TYPE_NAMES.has(type) && valueHasType(value, type as SchemaTypeName)
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

function stringFits(schema: SchemaNode, value: string): boolean {
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    const length = stringLength(value) // characters, as ajv counts them
    if (schema.minLength !== undefined && !(isNumber(schema.minLength) && length >= schema.minLength)) return false
    if (schema.maxLength !== undefined && !(isNumber(schema.maxLength) && length <= schema.maxLength)) return false
  }
  if (schema.pattern !== undefined) {
    // a pattern the engine cannot run is left to ajv, which words the error
    const compiled = typeof schema.pattern === 'string' ? compilePattern(schema.pattern) : undefined
    if (compiled?.kind !== 'compiled' || !compiled.pattern.test(value)) return false
  }
  if (schema.format !== undefined) {
    if (typeof schema.format !== 'string' || !CHECKED_FORMATS.has(schema.format)) return false
    if (matchesFormat(schema.format, value) !== true) return false
  }
  return true
}

function numberFits(schema: SchemaNode, value: number): boolean {
  const bound = (limit: unknown, fits: (limit: number) => boolean): boolean => limit === undefined || (isNumber(limit) && fits(limit))
  return (
    bound(schema.minimum, (limit) => value >= limit) &&
    bound(schema.maximum, (limit) => value <= limit) &&
    bound(schema.exclusiveMinimum, (limit) => value > limit) &&
    bound(schema.exclusiveMaximum, (limit) => value < limit)
  )
}

function objectFits(schema: SchemaNode, value: { [key: string]: JsonValue }, secrets: SecretPointers | undefined, pointer: string): boolean {
  const properties = schema.properties ?? {}
  if (Object.hasOwn(value, '__proto__') || Object.hasOwn(properties, '__proto__')) return false // ajv sees those renamed
  for (const name of schema.required ?? []) if (!Object.hasOwn(value, name)) return false
  const extra = schema.additionalProperties
  for (const key of Object.keys(value)) {
    const item = value[key] as JsonValue
    const at = secrets ? joinPointer(pointer, key) : pointer
    const declared = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (declared !== undefined) {
      if (!surelyValid(declared, item, secrets, at)) return false
    } else if (extra === false) return false
    else if (typeof extra === 'object' && !surelyValid(extra, item, secrets, at)) return false
  }
  return true
}

function arrayFits(schema: SchemaNode, value: JsonValue[], secrets: SecretPointers | undefined, pointer: string): boolean {
  if (schema.minItems !== undefined && !(isNumber(schema.minItems) && value.length >= schema.minItems)) return false
  if (schema.maxItems !== undefined && !(isNumber(schema.maxItems) && value.length <= schema.maxItems)) return false
  const items = schema.items
  if (items === undefined) return true
  if (typeof items !== 'object' || items === null || Array.isArray(items)) return false
  return value.every((item, i) => surelyValid(items, item, secrets, secrets ? joinPointer(pointer, i) : pointer))
}

/**
 * true only when ajv would accept `value` for `schema`; false means "ask ajv".
 * `secrets`: pointers into `value` where a secret reference stands (see SecretPointers).
 */
export function surelyValid(schema: SchemaNode, value: JsonValue, secrets?: SecretPointers, pointer = ''): boolean {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false
  for (const key in schema) if (!DECIDED.has(key) && !isAnnotationKey(key)) return false
  if (typeof value === 'number' && !Number.isFinite(value)) return false
  const type = schema.type
  if (type !== undefined) {
    const types: unknown[] = Array.isArray(type) ? type : [type]
    if (!types.some((t) => hasType(value, t))) return false
  }
  if (typeof value === 'string' && secrets?.has(pointer)) return true
  if (schema.enum !== undefined && !(Array.isArray(schema.enum) && schema.enum.some((allowed) => jsonEqual(allowed, value)))) return false
  if (schema.const !== undefined && !jsonEqual(schema.const, value)) return false
  if (typeof value === 'string') return stringFits(schema, value)
  if (typeof value === 'number') return numberFits(schema, value)
  if (Array.isArray(value)) return arrayFits(schema, value, secrets, pointer)
  if (typeof value === 'object' && value !== null) return objectFits(schema, value, secrets, pointer)
  return true
}
