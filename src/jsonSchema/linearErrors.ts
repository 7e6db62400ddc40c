// ajv (8.x, `allErrors`) gathers the errors of a `$ref` to a compiled schema with
// `vErrors = vErrors.concat(ref.errors)`: a copy of every error found so far at each
// reference that fails, so a list of a thousand items that each fail a referenced schema
// copies half a million errors (a value with N failing items costs N², and the messages
// the runtime refuses are anyone's). Its `code.process` option hands over the source it
// generates; this rewrites that one statement to append in place, as ajv does for every
// other error (appending to an array it took from a callee is safe: ajv itself pushes onto
// it next, and a callee's `errors` is replaced at its next call).

const CONCAT_REF_ERRORS = /vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\)/g

/** ajv's generated source with the errors of each `$ref` appended in place rather than copied. */
export function appendRefErrorsInPlace(source: string): string {
  return source.replace(CONCAT_REF_ERRORS, (_, ref: string) => `vErrors === null ? ${ref}.errors : (${ref}.errors.forEach((e) => vErrors.push(e)), vErrors)`)
}
