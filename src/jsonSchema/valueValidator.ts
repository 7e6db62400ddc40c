// Validates plain values against definition schemas with ajv (strict mode off: definition
// schemas may carry annotations). Compiled validators are cached by schema text.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv'
import { ajvClass, ajvFormatsPlugin } from './ajvLibrary.js'
import { noteUnionBranches } from './unionBranches.js'
import { renameUnsafeKeys, restoreUnsafeKeys } from './unsafeKeys.js'
import { createValueAjv } from './valueAjv.js'
import { describeIssues } from './valueIssues.js'

/** The value validator's ajv, with ajv and ajv-formats loaded on first use. */
export function createCheckAjv(): Ajv {
  return createValueAjv(ajvClass(), ajvFormatsPlugin())
}

let shared: Ajv | undefined
const cache = new Map<string, ValidateFunction>()

function restoreError(error: ErrorObject): ErrorObject {
  const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === 'string' ? restoreUnsafeKeys(v) : v]))
  return {
    ...error,
    instancePath: restoreUnsafeKeys(error.instancePath),
    params,
    ...(error.message === undefined ? {} : { message: restoreUnsafeKeys(error.message) }),
  }
}

/**
 * A validator for a definition schema. Keys ajv cannot take as they are (`__proto__`,
 * `constructor`, `toString`, `valueOf`) are renamed on the way in (see unsafeKeys.ts),
 * so that ajv checks them like any other property.
 */
export function compileValueValidator(schema: object): ValidateFunction {
  const key = JSON.stringify(schema)
  let validate = cache.get(key)
  if (!validate) {
    shared ??= createCheckAjv()
    const root = renameUnsafeKeys(schema, true)
    noteUnionBranches(root)
    const compiled = shared.compile(root)
    const wrapped = ((value: unknown) => {
      const valid = compiled(renameUnsafeKeys(value))
      wrapped.errors = compiled.errors?.map(restoreError) ?? null
      return valid
    }) as ValidateFunction
    validate = Object.assign(wrapped, { schema: compiled.schema, schemaEnv: compiled.schemaEnv, errors: null })
    cache.set(key, validate)
  }
  return validate
}

/**
 * `value.contact: must be an object, not 42` style lines (see valueIssues.ts); `value` is
 * the value validated, whose parts are shown in them.
 */
export function describeValueErrors(errors: readonly ErrorObject[] | null | undefined, root: string, value?: unknown): string[] {
  return describeIssues(errors, root, value, { showStrings: true }).map(restoreUnsafeKeys)
}
