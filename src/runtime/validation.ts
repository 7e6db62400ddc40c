// Validates values at run time with ajv (strict mode off: definition schemas carry
// annotations; formats on): message payloads against schemas/messages.schema.json, action
// inputs and outputs, event payloads and configurations against the schemas of the
// generated `definition` constants, whose `$ref: '#/definitions/<key>'` point into their
// `definitions` section. Problems are described as `path: what` lines
// (`payload.actions[0].label: must have at least 1 character`).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { renameUnsafeKeys, restoreUnsafeKeys } from '../schema/unsafeKeys.js'
import type { JsonSchema } from './definition.js'
import type { MessageType } from './messages.js'

// ajv-formats is CommonJS: its plugin is `default` under node ESM, the module itself elsewhere.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv

let sharedAjv: Ajv | undefined

function ajv(): Ajv {
  if (!sharedAjv) {
    sharedAjv = new Ajv({ strict: false, allErrors: true, ownProperties: true })
    addFormats(sharedAjv)
  }
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
  return validate(renameUnsafeKeys(value)) ? [] : describeIssues(validate.errors, root).map(restoreUnsafeKeys)
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
        if (Array.isArray(node)) node.forEach((item: unknown, i) => visit(item, joinPath(path, String(i)), true))
        else for (const key of Object.keys(node)) visit((node as { [key: string]: unknown })[key], joinPath(path, key), false)
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
  if (!fs || !platform.URL) throw new Error('botwire/runtime: cannot read schemas/messages.schema.json (the runtime needs Node 20.16 or newer)')
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

const TYPE_NAMES: { [type: string]: string } = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
}

function plural(n: unknown, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`
}

/** Appends a property name or index to a path: `a.b`, `a[0]`, `a["odd key"]`. */
export function joinPath(path: string, segment: string): string {
  if (/^\d+$/.test(segment)) return `${path}[${segment}]`
  if (/^[A-Za-z_$][\w$]*$/.test(segment)) return `${path}.${segment}`
  return `${path}[${JSON.stringify(segment)}]`
}

function pathOf(instancePath: string, root: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(joinPath, root)
}

function describeOne(e: ErrorObject): { at?: string; what: string } {
  const p = e.params as { [key: string]: unknown }
  switch (e.keyword) {
    case 'required':
      return { at: String(p['missingProperty']), what: 'is required' }
    case 'additionalProperties':
      return { at: String(p['additionalProperty']), what: 'is not allowed' }
    case 'minLength':
      return { what: `must have at least ${plural(p['limit'], 'character')}` }
    case 'maxLength':
      return { what: `must have at most ${plural(p['limit'], 'character')}` }
    case 'minItems':
      return { what: `must have at least ${plural(p['limit'], 'item')}` }
    case 'maxItems':
      return { what: `must have at most ${plural(p['limit'], 'item')}` }
    case 'type': {
      const types = String(p['type']).split(',')
      return { what: `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(' or ')}` }
    }
    case 'enum':
      return { what: `must be one of ${((p['allowedValues'] as unknown[] | undefined) ?? []).map((v) => JSON.stringify(v)).join(', ')}` }
    case 'const':
      return { what: `must be ${JSON.stringify(p['allowedValue'])}` }
    case 'format':
      return { what: `must be a valid ${String(p['format'])}` }
    default:
      return { what: e.message ?? 'is invalid' }
  }
}

/** ajv errors as `path: what` lines, without duplicates (and without if/then noise). */
export function describeIssues(errors: readonly ErrorObject[] | null | undefined, root: string): Issues {
  const lines: string[] = []
  for (const e of errors ?? []) {
    if (e.keyword === 'if') continue
    const { at, what } = describeOne(e)
    const base = pathOf(e.instancePath, root)
    const line = `${at === undefined ? base : joinPath(base, at)}: ${what}`
    if (!lines.includes(line)) lines.push(line)
  }
  return lines
}
