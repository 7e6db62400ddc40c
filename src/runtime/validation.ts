// Validates values at run time with ajv (strict mode off: definition schemas carry
// annotations; formats on): message payloads against schemas/messages.schema.json, action
// inputs and outputs, event payloads and configurations against the schemas of the
// generated `definition` constants, whose `$ref: '#/definitions/<key>'` point into their
// `definitions` section. Problems are described as `path: what` lines
// (`payload.actions[0].label: must have at least 1 character`, `input.temperature: must be at most 2, not 7`).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats'
import { noteUnionBranches } from '../jsonSchema/unionBranches.js'
import { renameUnsafeKeys, restoreUnsafeKeys } from '../jsonSchema/unsafeKeys.js'
import { createValueAjv } from '../jsonSchema/valueAjv.js'
import { describeIssues as describeValueIssues, joinPath } from '../jsonSchema/valueIssues.js'
import type { JsonSchema } from './definition.js'
import type { MessageType } from './messages.js'
import { messagesSchema } from './messagesSchema.js'
import { DEFAULT_VALUE_LIMITS, type ValueLimits, valueShapeIssues } from './valueLimits.js'

export type { ValidateFunction }

export { joinPath }

// ajv-formats is CommonJS: its plugin is `default` under node ESM, the module itself elsewhere.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as FormatsPlugin

let sharedAjv: Ajv | undefined

function ajv(): Ajv {
  sharedAjv ??= createValueAjv(Ajv, addFormats)
  return sharedAjv
}

/** The result of a validation: the problems, as `path: what` lines (none when valid). */
export type Issues = string[]

export type SchemaDefinitions = { [key: string]: JsonSchema }

const compiled = new WeakMap<object, WeakMap<object, ValidateFunction>>()

/** A validator for `schema`, whose `$ref`s point into `definitions`; compiled once per pair. */
export function validatorFor(schema: JsonSchema, definitions: SchemaDefinitions): ValidateFunction {
  let bySchema = compiled.get(definitions)
  if (!bySchema) {
    bySchema = new WeakMap()
    compiled.set(definitions, bySchema)
  }
  let validate = bySchema.get(schema)
  if (!validate) {
    const root = renameUnsafeKeys({ ...schema, definitions }, true)
    noteUnionBranches(root)
    validate = ajv().compile(root)
    bySchema.set(schema, validate)
  }
  return validate
}

/**
 * Validates `value` against `schema` (refs into `definitions`); `root` names the value in the
 * issues. The value's limits and what JSON cannot hold are checked first, without
 * recursion (valueLimits.ts): ajv, and everything else that walks a value, then only
 * sees values of a bounded depth and size.
 */
export function validateValue(
  value: unknown,
  schema: JsonSchema,
  definitions: SchemaDefinitions,
  root: string,
  limits: ValueLimits = DEFAULT_VALUE_LIMITS,
): Issues {
  return validateWith(value, validatorFor(schema, definitions), root, limits)
}

/** validateValue with the schema's validator at hand (validatorFor), for a caller that keeps it. */
export function validateWith(value: unknown, validate: ValidateFunction, root: string, limits: ValueLimits = DEFAULT_VALUE_LIMITS): Issues {
  const shapeIssues = valueShapeIssues(value, root, limits)
  if (shapeIssues.length > 0) return shapeIssues
  const renamed = renameUnsafeKeys(value)
  return validate(renamed) ? [] : describeIssues(validate.errors, root, renamed).map(restoreUnsafeKeys)
}

const payloadSchemas = new Map<string, JsonSchema>()

/** Validates a message payload against `definitions/<type>` of schemas/messages.schema.json. */
export function validatePayload(type: MessageType, payload: unknown, limits: ValueLimits, root = 'payload'): Issues {
  const schema = messagesSchema()
  let ref = payloadSchemas.get(type)
  if (!ref) {
    ref = { $ref: `#/definitions/${type}` }
    payloadSchemas.set(type, ref)
  }
  return validateValue(payload, ref, schema.definitions, root, limits)
}

/**
 * ajv errors as `path: what` lines (see src/jsonSchema/valueIssues.ts, which the checks share),
 * without duplicates. Numbers and lists are shown as they are (`must be at most 2, not 7`);
 * strings never are: a configuration's may be a secret, an input's a user's data.
 */
export function describeIssues(errors: readonly ErrorObject[] | null | undefined, root: string, value?: unknown): Issues {
  return describeValueIssues(errors, root, value, { showStrings: false })
}
