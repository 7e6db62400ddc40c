// The meta-schemas in schemas/: read for ajv, and their validators compiled ahead of time.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Ajv, ValidateFunction } from 'ajv'
import { ajvClass } from '../jsonSchema/ajvLibrary.js'
import { schemasDir } from '../load/packageRoot.js'
import * as compiled from './compiled/metaSchemaValidators.js'
import type { DefinitionSpec } from './definitionTypes.js'

export const DEFINITION_KINDS = ['interface', 'integration', 'plugin', 'bot'] as const
export type DefinitionKind = (typeof DEFINITION_KINDS)[number]
/** The type of a definition of one kind, generated from that kind's meta-schema. */
export type DefinitionSpecOfKind<K extends DefinitionKind> = Extract<DefinitionSpec, { kind: K }>

/** A definition name (common.schema.json's `definitionName`): lower-case words joined by dashes, at most 64 characters. */
export const DEFINITION_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/
export const MAX_DEFINITION_NAME_LENGTH = 64

export function isDefinitionName(name: string): boolean {
  return name.length <= MAX_DEFINITION_NAME_LENGTH && DEFINITION_NAME.test(name)
}

export const SHARED_SCHEMA_FILES = ['common.schema.json'] as const

export function readMetaSchema(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>
}

/** An ajv set up for the meta-schemas: strict, all errors, with the editor-only keywords known. */
export function createMetaSchemaAjv(): Ajv {
  const Ajv = ajvClass()
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true })
  ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' })
  for (const file of SHARED_SCHEMA_FILES) ajv.addSchema(readMetaSchema(file), file)
  return ajv
}

const compiledValidators: Record<DefinitionKind, unknown> = {
  interface: compiled.validateInterface,
  integration: compiled.validateIntegration,
  plugin: compiled.validatePlugin,
  bot: compiled.validateBot,
}

/**
 * The validator of a definition kind: ajv's code compiled ahead of time from the
 * meta-schemas (scripts/metaSchemaSource.ts), the same validator `createMetaSchemaAjv`
 * would compile, without compiling it in every process. It guards the kind's type: the
 * type is generated from the same meta-schema (scripts/definitionTypesSource.ts), and
 * tests check both generated files are current, so a value it accepts has that type.
 */
export function metaSchemaValidator<K extends DefinitionKind>(kind: K): ValidateFunction<DefinitionSpecOfKind<K>> {
  return compiledValidators[kind] as ValidateFunction<DefinitionSpecOfKind<K>>
}
