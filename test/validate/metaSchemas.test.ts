// The meta-schemas in schemas/: they compile under botwire's strict ajv, accept a full
// definition of each kind (docs/definitions.md#interface, #integration, #plugin, #bot) and the built-in interfaces, report one error per problem (plus ajv's wrapper
// errors, see WRAPPER_KEYWORDS), and document every property for editors.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { builtinDefinitionsDir, schemasDir } from '../../src/load/packageRoot.js'
import { createMetaSchemaAjv, DEFINITION_KINDS, metaSchemaValidator } from '../../src/validate/metaSchemas.js'

import { EXAMPLES, errorsOf, type JsonObject, llmInterface, problems, readSchema, run, SCHEMA_FILES, variant } from './metaSchemaExamples.js'

describe('meta-schema files', () => {
  it('are exactly the expected files', () => {
    expect(
      readdirSync(schemasDir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(SCHEMA_FILES)
  })

  it('carry draft-07 and no $id', () => {
    for (const file of SCHEMA_FILES) {
      const schema = readSchema(file)
      expect(schema.$schema, file).toBe('http://json-schema.org/draft-07/schema#')
      expect(JSON.stringify(schema), file).not.toContain('"$id"')
    }
  })

  it('compile under the strict meta-schema ajv', () => {
    for (const kind of DEFINITION_KINDS) expect(typeof metaSchemaValidator(kind)).toBe('function')

    const ajv = createMetaSchemaAjv()
    for (const kind of DEFINITION_KINDS) ajv.addSchema(readSchema(`${kind}.schema.json`), `${kind}.schema.json`)
    expect(typeof ajv.compile(readSchema('definition.schema.json'))).toBe('function')
    expect(typeof ajv.compile(readSchema('messages.schema.json'))).toBe('function')
  })

  it('compile messages.schema.json under a plain strict ajv (as the runtime may)', () => {
    const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true })
    expect(typeof ajv.compile(readSchema('messages.schema.json'))).toBe('function')
  })

  it('name the shared definitions that diagnostics key on', () => {
    const definitions = readSchema('common.schema.json').definitions as JsonObject
    for (const name of [
      'identifier',
      'definitionName',
      'version',
      'versionRange',
      'secretName',
      'schema',
      'entity',
      'action',
      'event',
      'channel',
      'configuration',
      'attributes',
      'metadataOverride',
    ]) {
      expect(definitions, name).toHaveProperty(name)
    }
    for (const name of ['identifier', 'definitionName', 'version', 'secretName', 'entityReference', 'schemaType']) {
      expect((definitions[name] as JsonObject).pattern, name).toEqual(expect.any(String))
    }
  })
})

describe('valid definitions', () => {
  it.each(DEFINITION_KINDS)('accept a full %s (docs/definitions.md)', (kind) => {
    expect(errorsOf(kind, EXAMPLES[kind])).toEqual([])
  })

  // the first YAML example under the kind's heading, as a reader copies it
  const definitionsDoc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'definitions.md'), 'utf8')
  it.each(DEFINITION_KINDS)('accept the %s example of docs/definitions.md', (kind) => {
    const heading = `\n## ${kind[0]?.toUpperCase()}${kind.slice(1)}\n`
    const after = definitionsDoc.slice(definitionsDoc.indexOf(heading))
    const block = /```yaml\n([\s\S]*?)```/.exec(after)?.[1]
    expect(block, `a yaml block under ${heading.trim()}`).toMatch(new RegExp(`^kind: ${kind}$`, 'm'))
    expect(errorsOf(kind, parse(block ?? ''))).toEqual([])
  })

  it('accept the built-in interfaces', () => {
    const files = readdirSync(builtinDefinitionsDir).filter((f) => /\.ya?ml$/.test(f))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const data: unknown = parse(readFileSync(join(builtinDefinitionsDir, file), 'utf8'))
      expect(errorsOf('interface', data), file).toEqual([])
    }
  })

  it('accept free property names inside schemas, __proto__ and "" included', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef as { schema: unknown }).schema = JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"content-type":{"type":"string"},"":{"type":"null"}},"required":["__proto__",""]}',
      ) as unknown
    })
    expect(errorsOf('interface', data)).toEqual([])
  })

  it('accept keywords such as default and delete as identifiers', () => {
    const data = variant(llmInterface, (d) => {
      const actions = d.actions as Record<string, unknown>
      actions.default = d.actions.generateContent
      actions.delete = d.actions.generateContent
    })
    expect(errorsOf('interface', data)).toEqual([])
  })

  it('accept additionalProperties as a boolean or a schema, and type as a list', () => {
    for (const additionalProperties of [false, true, { type: 'string' }, { type: ['string', 'null'] }]) {
      const data = variant(llmInterface, (d) => {
        ;(d.entities.modelRef.schema as JsonObject).additionalProperties = additionalProperties
      })
      expect(errorsOf('interface', data)).toEqual([])
    }
  })

  it('accept pre-release and build versions, and a bot without a version', () => {
    expect(errorsOf('interface', { ...llmInterface, version: '1.0.0-rc.1+build.5' })).toEqual([])
    expect(errorsOf('bot', { kind: 'bot', name: 'b' })).toEqual([])
  })
})

describe('definition.schema.json', () => {
  const ajv = createMetaSchemaAjv()
  for (const kind of DEFINITION_KINDS) ajv.addSchema(readSchema(`${kind}.schema.json`), `${kind}.schema.json`)
  const validate = ajv.compile(readSchema('definition.schema.json'))

  it.each(DEFINITION_KINDS)('dispatches a %s on its kind', (kind) => {
    expect(run(validate, EXAMPLES[kind])).toEqual([])
    const errors = run(validate, { ...(EXAMPLES[kind] as JsonObject), name: 'Bad_Name' })
    expect(problems(errors)).toMatchObject([{ keyword: 'pattern', instancePath: '/name' }])
  })

  it('rejects an unknown kind with one error', () => {
    expect(run(validate, { kind: 'widget', name: 'w' })).toMatchObject([{ keyword: 'enum', instancePath: '/kind' }])
    expect(run(validate, { name: 'w' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'kind' } }])
  })
})

// ---------------------------------------------------------------------------------------
