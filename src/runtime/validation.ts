// Validates values at run time with ajv (strict mode off: definition schemas carry
// annotations; formats on): message payloads against schemas/messages.schema.json, action
// inputs and outputs, event payloads and configurations against the schemas of the
// generated `definition` constants, whose `$ref: '#/definitions/<key>'` point into their
// `definitions` section. Problems are described as `path: what` lines
// (`payload.actions[0].label: must have at least 1 character`, `input.temperature: must be at most 2, not 7`).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats'
import { renameUnsafeKeys, restoreUnsafeKeys } from '../jsonSchema/unsafeKeys.js'
import { createValueAjv } from '../jsonSchema/valueAjv.js'
import { describeIssues as describeValueIssues, joinPath } from '../jsonSchema/valueIssues.js'
import type { JsonSchema } from './definition.js'
import type { MessageType } from './messages.js'

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
    validate = ajv().compile(renameUnsafeKeys({ ...schema, definitions }, true))
    bySchema.set(schema, validate)
  }
  return validate
}

/** Validates `value` against `schema` (refs into `definitions`); `root` names the value in the issues. */
export function validateValue(value: unknown, schema: JsonSchema, definitions: SchemaDefinitions, root: string): Issues {
  const notJson = nonJsonIssues(value, root)
  if (notJson.length > 0) return notJson
  const validate = validatorFor(schema, definitions)
  const renamed = renameUnsafeKeys(value)
  return validate(renamed) ? [] : describeIssues(validate.errors, root, renamed).map(restoreUnsafeKeys)
}

/**
 * What JSON cannot hold, which ajv lets through (its `number` admits NaN and Infinity) and
 * a stored copy would change or lose: non-finite numbers, bigints, functions, symbols,
 * `undefined` in a list, and cycles. Values are stored and passed on as JSON.
 */
export function nonJsonIssues(value: unknown, root: string): Issues {
  const issues: Issues = []
  const inProgress = new Set<object>()
  const visit = (node: unknown, path: string, inList: boolean): void => {
    switch (typeof node) {
      case 'number':
        if (!Number.isFinite(node)) issues.push(`${path}: must be a finite number, not ${String(node)} (JSON has no ${String(node)})`)
        return
      case 'bigint':
      case 'function':
      case 'symbol':
        issues.push(`${path}: must be a JSON value, not a ${typeof node}`)
        return
      case 'undefined':
        if (inList) issues.push(`${path}: must be a JSON value, not undefined`)
        return
      case 'object': {
        if (node === null) return
        if (inProgress.has(node)) {
          issues.push(`${path}: refers back to itself (a cycle), which JSON cannot hold`)
          return
        }
        inProgress.add(node)
        if (Array.isArray(node)) {
          for (const [i, item] of (node as unknown[]).entries()) visit(item, joinPath(path, String(i)), true)
        } else for (const key of Object.keys(node)) visit((node as { [key: string]: unknown })[key], joinPath(path, key), false)
        inProgress.delete(node)
        return
      }
      default:
        return
    }
  }
  visit(value, root, false)
  return issues
}

interface MessagesSchema {
  definitions: SchemaDefinitions
}

let messagesSchema: MessagesSchema | undefined
const payloadSchemas = new Map<string, JsonSchema>()

interface PlatformGlobals {
  process?: { getBuiltinModule?: (id: string) => unknown }
  URL?: new (url: string, base: string) => object
}

/** schemas/messages.schema.json, read once (from the sources or from dist/ alike: both sit two folders below the package root). */
function loadMessagesSchema(): MessagesSchema {
  if (messagesSchema) return messagesSchema
  // typed here rather than with @types/node: the runtime compiles without platform types
  const platform = globalThis as unknown as PlatformGlobals
  const fs = platform.process?.getBuiltinModule?.('node:fs') as { readFileSync(path: object, encoding: 'utf8'): string } | undefined
  if (!fs || !platform.URL) throw new Error('@botwire/runtime: cannot read schemas/messages.schema.json (the runtime needs Node 20.16 or newer)')
  const location = new platform.URL('../../schemas/messages.schema.json', (import.meta as unknown as { url: string }).url)
  const parsed = JSON.parse(fs.readFileSync(location, 'utf8')) as MessagesSchema
  messagesSchema = parsed
  return parsed
}

/** Validates a message payload against `definitions/<type>` of schemas/messages.schema.json. */
export function validatePayload(type: MessageType, payload: unknown, root = 'payload'): Issues {
  const schema = loadMessagesSchema()
  let ref = payloadSchemas.get(type)
  if (!ref) {
    ref = { $ref: `#/definitions/${type}` }
    payloadSchemas.set(type, ref)
  }
  return validateValue(payload, ref, schema.definitions, root)
}

/**
 * ajv errors as `path: what` lines (see src/jsonSchema/valueIssues.ts, which the checks share),
 * without duplicates. Numbers and lists are shown as they are (`must be at most 2, not 7`);
 * strings never are: a configuration's may be a secret, an input's a user's data.
 */
export function describeIssues(errors: readonly ErrorObject[] | null | undefined, root: string, value?: unknown): Issues {
  return describeValueIssues(errors, root, value, { showStrings: false })
}
