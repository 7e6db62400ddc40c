// The meta-schemas in schemas/, loaded and compiled once per process.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import { schemasDir } from '../packageRoot.js'

export const DEFINITION_KINDS = ['interface', 'integration', 'plugin', 'bot'] as const
export type DefinitionKind = (typeof DEFINITION_KINDS)[number]

const SHARED_SCHEMA_FILES = ['common.schema.json'] as const

function readSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>
}

/** An ajv set up for the meta-schemas: strict, all errors, with the editor-only keywords known. */
export function createMetaSchemaAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true })
  ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' })
  for (const file of SHARED_SCHEMA_FILES) ajv.addSchema(readSchema(file), file)
  return ajv
}

let compiled: Map<DefinitionKind, ValidateFunction> | undefined

/** One compiled validator per definition kind, compiled on first use. */
export function metaSchemaValidator(kind: DefinitionKind): ValidateFunction {
  if (!compiled) {
    const ajv = createMetaSchemaAjv()
    compiled = new Map()
    for (const k of DEFINITION_KINDS) {
      const file = `${k}.schema.json`
      ajv.addSchema(readSchema(file), file)
      const validate = ajv.getSchema(file)
      if (!validate) throw new Error(`botwire: meta-schema ${file} did not compile`)
      compiled.set(k, validate)
    }
  }
  const validate = compiled.get(kind)
  if (!validate) throw new Error(`botwire: no meta-schema for kind ${kind}`)
  return validate
}
