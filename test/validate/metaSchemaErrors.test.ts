import type { ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'
import { createMetaSchemaAjv } from '../../src/validate/metaSchemas.js'

import {
  errorsOf,
  type Json,
  type JsonObject,
  llmInterface,
  openaiIntegration,
  problems,
  readSchema,
  summaryPlugin,
  supportBot,
  variant,
} from './metaSchemaExamples.js'

describe('one error per problem', () => {
  const modelRefSchema = '/entities/modelRef/schema'
  const id = `${modelRefSchema}/properties/id`

  it('an unknown key in a schema node (require)', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema as JsonObject).require = ['id']
    })
    // Errors inside a definition that ajv compiles as a function of its own (one that
    // contains a $ref, such as `schema`) have schema paths relative to that definition.
    expect(errorsOf('interface', data)).toEqual([
      {
        keyword: 'additionalProperties',
        instancePath: modelRefSchema,
        schemaPath: '#/additionalProperties',
        params: { additionalProperty: 'require' },
      },
    ])
  })

  it('attributes errors to shared definitions through parentSchema (verbose) where the path cannot', () => {
    const ajv = createMetaSchemaAjv()
    ajv.addSchema(readSchema('interface.schema.json'), 'interface.schema.json')
    const validate = ajv.getSchema('interface.schema.json') as ValidateFunction
    const definitions = (ajv.getSchema('common.schema.json')?.schema as { definitions: Record<string, unknown> } | undefined)?.definitions ?? {}
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef as Record<string, unknown>).extra = 1
      ;(d.entities.modelRef.schema as JsonObject).require = ['id']
    })
    expect(validate(data)).toBe(false)
    const owners = (validate.errors ?? []).map((e) => [e.schemaPath, Object.keys(definitions).find((name) => definitions[name] === e.parentSchema)])
    expect(owners).toEqual([
      ['#/additionalProperties', 'entity'],
      ['#/additionalProperties', 'schema'],
    ])
  })

  it('a definition name that is not kebab-case', () => {
    // Leaf definitions (no $ref inside) are inlined: their schema path names them.
    expect(errorsOf('interface', { ...llmInterface, name: 'Bad_Name' })).toEqual([
      {
        keyword: 'pattern',
        instancePath: '/name',
        schemaPath: 'common.schema.json#/definitions/definitionName/pattern',
        params: { pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$' },
      },
    ])
  })

  it('a definition name longer than 64 characters', () => {
    expect(errorsOf('interface', { ...llmInterface, name: 'a'.repeat(65) })).toMatchObject([
      { keyword: 'maxLength', instancePath: '/name', schemaPath: 'common.schema.json#/definitions/definitionName/maxLength' },
    ])
  })

  it('a version that YAML read as a number (version: 1.0)', () => {
    expect(errorsOf('interface', { ...llmInterface, version: 1.0 })).toMatchObject([
      { keyword: 'type', instancePath: '/version', schemaPath: 'common.schema.json#/definitions/version/type' },
    ])
  })

  it('a version that is not an exact semantic version', () => {
    for (const version of ['1.0', '1.0.0.0', '^1.0.0', '01.0.0']) {
      expect(errorsOf('interface', { ...llmInterface, version }), version).toMatchObject([
        { keyword: 'pattern', instancePath: '/version', schemaPath: 'common.schema.json#/definitions/version/pattern' },
      ])
    }
  })

  it('an unknown type name', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema.properties.id as JsonObject).type = 'strnig'
    })
    expect(errorsOf('interface', data)).toMatchObject([{ keyword: 'pattern', instancePath: `${id}/type`, schemaPath: '#/definitions/schemaType/pattern' }])
  })

  it('an unknown type name in a list, and a duplicate one', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema.properties.id as JsonObject).type = ['string', 'strnig']
      ;(d.entities.modelRef.schema.properties.provider as JsonObject).type = ['string', 'string']
    })
    expect(errorsOf('interface', data)).toMatchObject([
      { keyword: 'enum', instancePath: `${id}/type/1`, schemaPath: '#/definitions/schemaType/items/enum' },
      {
        keyword: 'uniqueItems',
        instancePath: `${modelRefSchema}/properties/provider/type`,
        schemaPath: '#/definitions/schemaType/uniqueItems',
      },
    ])
  })

  it('additionalProperties that is neither a boolean nor a schema', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema as JsonObject).additionalProperties = 3
    })
    expect(errorsOf('interface', data)).toEqual([
      {
        keyword: 'type',
        instancePath: `${modelRefSchema}/additionalProperties`,
        schemaPath: '#/properties/additionalProperties/type',
        params: { type: ['boolean', 'object'] },
      },
    ])
  })

  it('a bad schema under additionalProperties (one problem plus the if wrapper)', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema as JsonObject).additionalProperties = { type: 'strnig' }
    })
    const errors = errorsOf('interface', data)
    expect(errors).toMatchObject([
      { keyword: 'pattern', instancePath: `${modelRefSchema}/additionalProperties/type` },
      { keyword: 'if', instancePath: `${modelRefSchema}/additionalProperties` },
    ])
    expect(problems(errors)).toHaveLength(1)
  })

  it('a map key that is not an identifier (inner error plus the propertyNames wrapper)', () => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities as Record<string, unknown>)['model-ref'] = d.entities.modelRef
    })
    const errors = errorsOf('interface', data)
    expect(errors).toEqual([
      {
        keyword: 'pattern',
        instancePath: '/entities',
        schemaPath: '#/definitions/identifier/pattern',
        params: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
        propertyName: 'model-ref',
      },
      {
        keyword: 'propertyNames',
        instancePath: '/entities',
        schemaPath: '#/propertyNames',
        params: { propertyName: 'model-ref' },
      },
    ])
    expect(problems(errors)).toHaveLength(1)
  })

  it('__proto__ as an identifier', () => {
    const data = variant(llmInterface, (d) => {
      d.actions = JSON.parse(`{"__proto__": ${JSON.stringify(d.actions.generateContent)}}`) as typeof d.actions
    })
    const errors = errorsOf('interface', data)
    expect(problems(errors)).toEqual([
      {
        keyword: 'not',
        instancePath: '/actions',
        schemaPath: '#/definitions/identifier/not',
        params: {},
        propertyName: '__proto__',
      },
    ])
    expect(errors.map((e) => e.keyword)).toEqual(['not', 'propertyNames'])
  })

  it.each([
    ['minLength: -1', 'minLength', -1, 'minimum'],
    ['minLength: 1.5', 'minLength', 1.5, 'type'],
    ['maxItems: "3"', 'maxItems', '3', 'type'],
    ['minimum: "0"', 'minimum', '0', 'type'],
    ['format: url', 'format', 'url', 'enum'],
    ['enum: []', 'enum', [], 'minItems'],
    ['anyOf: []', 'anyOf', [], 'minItems'],
    ['pattern: 3', 'pattern', 3, 'type'],
    ['examples: 3', 'examples', 3, 'type'],
    ['title: 3', 'title', 3, 'type'],
  ])('a bad keyword value in a schema node (%s)', (_label, keyword, value, errorKeyword) => {
    const data = variant(llmInterface, (d) => {
      ;(d.entities.modelRef.schema.properties.id as JsonObject)[keyword] = value as Json
    })
    expect(errorsOf('interface', data)).toMatchObject([{ keyword: errorKeyword, instancePath: `${id}/${keyword}` }])
  })

  it('duplicate required names', () => {
    const data = variant(llmInterface, (d) => {
      d.entities.modelRef.schema.required = ['id', 'id']
    })
    expect(errorsOf('interface', data)).toMatchObject([{ keyword: 'uniqueItems', instancePath: `${modelRefSchema}/required` }])
  })

  it('a malformed $entity reference', () => {
    const data = variant(summaryPlugin, (d) => {
      d.actions.summarize.input.schema.properties.model = { $entity: 'llm..modelRef' }
    })
    expect(errorsOf('plugin', data)).toMatchObject([
      {
        keyword: 'pattern',
        instancePath: '/actions/summarize/input/schema/properties/model/$entity',
        schemaPath: '#/definitions/entityReference/pattern',
      },
    ])
  })

  it('a wrongly typed action flag and attribute', () => {
    const data = variant(llmInterface, (d) => {
      const action = d.actions.generateContent as Record<string, unknown>
      action.billable = 'yes'
      action.attributes = { timeout: 30 }
    })
    expect(errorsOf('interface', data)).toMatchObject([
      { keyword: 'type', instancePath: '/actions/generateContent/billable' },
      { keyword: 'type', instancePath: '/actions/generateContent/attributes/timeout' },
    ])
  })

  it('a missing required member', () => {
    const { actions: _actions, ...noActions } = llmInterface
    expect(errorsOf('interface', noActions)).toMatchObject([{ keyword: 'required', instancePath: '', params: { missingProperty: 'actions' } }])
    const noOutput = variant(llmInterface, (d) => {
      delete (d.actions.generateContent as Partial<typeof d.actions.generateContent>).output
    })
    expect(errorsOf('interface', noOutput)).toMatchObject([
      { keyword: 'required', instancePath: '/actions/generateContent', params: { missingProperty: 'output' } },
    ])
  })

  it('an unknown top-level key, and the wrong kind', () => {
    expect(errorsOf('interface', { ...llmInterface, extra: 1 })).toMatchObject([
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'extra' } },
    ])
    expect(errorsOf('interface', { ...llmInterface, kind: 'integration' })).toMatchObject([{ keyword: 'const', instancePath: '/kind' }])
  })

  it('integration: a version range where an exact interface version is needed', () => {
    const data = variant(openaiIntegration, (d) => {
      d.interfaces.llm.version = '^1.1.0'
    })
    expect(errorsOf('integration', data)).toMatchObject([
      { keyword: 'pattern', instancePath: '/interfaces/llm/version', schemaPath: 'common.schema.json#/definitions/version/pattern' },
    ])
  })

  it('integration: an entity mapping to a non-identifier, and an override of a schema', () => {
    const data = variant(openaiIntegration, (d) => {
      d.interfaces.llm.entities.modelRef = 'model-x'
      ;(d.interfaces.llm.actions.generateContent as Record<string, unknown>).input = {}
    })
    expect(errorsOf('integration', data)).toMatchObject([
      { keyword: 'pattern', instancePath: '/interfaces/llm/entities/modelRef' },
      {
        keyword: 'additionalProperties',
        instancePath: '/interfaces/llm/actions/generateContent',
        params: { additionalProperty: 'input' },
      },
    ])
  })

  it('plugin: an empty interface version range', () => {
    const data = variant(summaryPlugin, (d) => {
      d.interfaces.llm.version = ''
    })
    expect(errorsOf('plugin', data)).toMatchObject([
      { keyword: 'minLength', instancePath: '/interfaces/llm/version', schemaPath: 'common.schema.json#/definitions/versionRange/minLength' },
    ])
  })

  it('bot: missing wiring and version, an unknown tag key, an inexact bot version', () => {
    const data = variant(supportBot, (d) => {
      delete (d.plugins.summaryOpenai.dependencies.llm as { integrationInterfaceAlias?: string }).integrationInterfaceAlias
      delete (d.integrations.openai as { version?: string }).version
      ;(d.message.tags.priority as Record<string, unknown>).color = 'red'
    })
    expect(errorsOf('bot', { ...data, version: '2' })).toMatchObject([
      { keyword: 'pattern', instancePath: '/version' },
      {
        keyword: 'additionalProperties',
        instancePath: '/message/tags/priority',
        params: { additionalProperty: 'color' },
      },
      { keyword: 'required', instancePath: '/integrations/openai', params: { missingProperty: 'version' } },
      {
        keyword: 'required',
        instancePath: '/plugins/summaryOpenai/dependencies/llm',
        params: { missingProperty: 'integrationInterfaceAlias' },
      },
    ])
  })
})
