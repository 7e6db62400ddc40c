// The one ajv setup for values, shared by the checks and the runtime's validation of
// payloads, inputs, outputs and configurations: strict mode off (definition schemas carry
// annotations), every error (gathered in linear time: linearErrors.ts), own properties
// only, the formats definitions may use, and every `pattern` run on the linear-time engine
// (src/jsonSchema/linearPattern.ts).
// The caller hands in ajv and ajv-formats: the checks load them on first use, the runtime
// imports them (it must compile without Node's types).
import type { Ajv, Options } from 'ajv'
import type { FormatsPlugin } from 'ajv-formats'
import { appendRefErrorsInPlace } from './linearErrors.js'
import { linearRegExpEngine } from './linearPattern.js'
import { SCHEMA_FORMATS } from './types.js'

type AjvConstructor = new (options: Options) => Ajv

export function createValueAjv(AjvClass: AjvConstructor, addFormats: FormatsPlugin): Ajv {
  // ownProperties: a missing property named like an Object.prototype member (toString,
  // constructor, __proto__) must count as missing, not as inherited.
  // validateSchema: off, because every schema compiled here has passed botwire's own
  // meta-schemas; checking it against draft-07 again would make ajv compile the draft-07
  // meta-schema first (about 80 ms in every process that validates a value).
  // code.regExp: a definition's pattern is untrusted, and so are the strings it meets;
  // code.process: ajv copies every error found so far at each failing `$ref`; see linearErrors.ts
  // verbose: each error carries the schema it comes from, which tells a union's errors
  // apart by alternative when the alternatives are `$ref`s (unionBranches.ts)
  const ajv = new AjvClass({
    strict: false,
    allErrors: true,
    verbose: true,
    ownProperties: true,
    validateSchema: false,
    code: { regExp: linearRegExpEngine, process: appendRefErrorsInPlace },
  })
  addFormats(ajv, [...SCHEMA_FORMATS])
  return ajv
}
