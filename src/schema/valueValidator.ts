// Validates plain values against definition schemas with ajv (strict mode off: definition
// schemas may carry annotations). Compiled validators are cached by schema text.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'

export function createValueAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats.default(ajv, ['uri', 'email', 'date-time', 'date', 'uuid'])
  return ajv
}

let shared: Ajv | undefined
const cache = new Map<string, ValidateFunction>()

export function compileValueValidator(schema: object): ValidateFunction {
  const key = JSON.stringify(schema)
  let validate = cache.get(key)
  if (!validate) {
    shared ??= createValueAjv()
    validate = shared.compile(schema)
    cache.set(key, validate)
  }
  return validate
}

/** "payload.actions[0].label: must NOT have fewer than 1 characters" style lines. */
export function describeValueErrors(errors: readonly ErrorObject[] | null | undefined, root: string): string[] {
  return (errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const path = e.instancePath
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${acc}.${s}` : `${acc}[${JSON.stringify(s)}]`), root)
      const extra =
        e.keyword === 'additionalProperties'
          ? ` '${String((e.params as { additionalProperty?: unknown }).additionalProperty)}'`
          : e.keyword === 'enum'
            ? `: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`
            : ''
      return `${path}: ${e.message ?? 'is invalid'}${extra}`
    })
}
