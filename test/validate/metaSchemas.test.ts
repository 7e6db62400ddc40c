// The meta-schemas in schemas/: they compile under botwire's strict ajv, accept a full
// definition of each kind (docs/definitions.md#interface, #integration, #plugin, #bot) and the built-in interfaces, report one error per problem (plus ajv's wrapper
// errors, see WRAPPER_KEYWORDS), and document every property for editors.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { builtinDefinitionsDir, schemasDir } from '../../src/load/packageRoot.js'
import { createMetaSchemaAjv, DEFINITION_KINDS, type DefinitionKind, metaSchemaValidator } from '../../src/validate/metaSchemas.js'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const SCHEMA_FILES = [
  'bot.schema.json',
  'common.schema.json',
  'definition.schema.json',
  'integration.schema.json',
  'interface.schema.json',
  'messages.schema.json',
  'plugin.schema.json',
]

function readSchema(file: string): JsonObject {
  return JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as JsonObject
}

/**
 * ajv reports a failure inside `propertyNames` twice (the inner error, which carries
 * `propertyName`, and a `propertyNames` error), and a failure inside an `if`'s `then` as
 * the inner error plus an `if` error. Those wrappers never describe a problem of their own.
 */
const WRAPPER_KEYWORDS = new Set(['if', 'propertyNames'])

interface Reported {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  propertyName?: string
}

function report(errors: ErrorObject[] | null | undefined): Reported[] {
  return (errors ?? []).map((e) => ({
    keyword: e.keyword,
    instancePath: e.instancePath,
    schemaPath: e.schemaPath,
    params: e.params as Record<string, unknown>,
    ...(e.propertyName === undefined ? {} : { propertyName: e.propertyName }),
  }))
}

function run(validate: ValidateFunction, data: unknown): Reported[] {
  const valid = validate(data)
  const errors = report(validate.errors)
  expect(valid).toBe(errors.length === 0)
  return errors
}

const errorsOf = (kind: DefinitionKind, data: unknown): Reported[] => run(metaSchemaValidator(kind), data)
const problems = (errors: Reported[]): Reported[] => errors.filter((e) => !WRAPPER_KEYWORDS.has(e.keyword))

/** A deep copy of `base` changed by `change`, so that every case starts from a valid definition. */
function variant<T>(base: T, change: (copy: T) => void): T {
  const copy = structuredClone(base)
  change(copy)
  return copy
}

// ---------------------------------------------------------------------------------------
// A definition of each kind with every key docs/definitions.md shows for it (#interface,
// #integration, #plugin, #bot), schemas written out.

const objectOf = <P extends Record<string, Json>>(properties: P, required: string[]) => ({
  type: 'object',
  properties,
  required,
})

const llmInterface = {
  kind: 'interface',
  name: 'llm',
  version: '1.1.0',
  title: 'Language model',
  description: 'Generate text',
  entities: {
    modelRef: {
      schema: objectOf({ id: { type: 'string' }, provider: { type: 'string' } }, ['id', 'provider']),
    },
    message: {
      title: 'Chat message',
      schema: objectOf({ role: { type: 'string', enum: ['user', 'assistant', 'system'] }, content: { type: 'string' } }, ['role', 'content']),
    },
  },
  actions: {
    generateContent: {
      title: 'Generate content',
      description: 'Generate the next message',
      billable: true,
      cacheable: true,
      attributes: { timeout: '30s' },
      input: {
        schema: objectOf(
          {
            model: { $entity: 'modelRef' },
            messages: { type: 'array', items: { $entity: 'message' }, minItems: 1 },
            temperature: { type: 'number', minimum: 0, maximum: 2 },
            maxTokens: { type: 'number', exclusiveMinimum: 0 },
          },
          ['model', 'messages'],
        ),
      },
      output: {
        schema: objectOf(
          {
            message: { $entity: 'message', title: 'Message' },
            usage: objectOf({ inputTokens: { type: 'number' }, outputTokens: { type: 'number' } }, ['inputTokens', 'outputTokens']),
          },
          ['message', 'usage'],
        ),
      },
    },
  },
  events: {
    generationComplete: {
      schema: objectOf({ model: { $entity: 'modelRef' }, duration: { type: 'number' } }, ['model', 'duration']),
      attributes: { source: 'provider' },
    },
  },
  channels: {
    stream: {
      messages: {
        chunk: {
          schema: objectOf({ content: { type: 'string' }, isComplete: { type: 'boolean' } }, ['content', 'isComplete']),
        },
      },
    },
  },
}

const openaiIntegration = {
  kind: 'integration',
  name: 'openai',
  version: '2.0.0',
  configuration: {
    schema: objectOf({ apiKey: { type: 'string', minLength: 1 } }, ['apiKey']),
  },
  entities: {
    model: {
      schema: objectOf({ id: { type: 'string' }, provider: { type: 'string' }, contextWindow: { type: 'integer', minimum: 1 } }, [
        'id',
        'provider',
        'contextWindow',
      ]),
    },
    chatMessage: {
      schema: objectOf({ role: { type: 'string', enum: ['user', 'assistant'] }, content: { type: 'string' } }, ['role', 'content']),
    },
  },
  actions: {
    moderate: {
      input: { schema: objectOf({ text: { type: 'string' } }, ['text']) },
      output: { schema: objectOf({ flagged: { type: 'boolean' } }, ['flagged']) },
    },
  },
  interfaces: {
    llm: {
      name: 'llm',
      version: '1.1.0',
      entities: { modelRef: 'model', message: 'chatMessage' },
      actions: { generateContent: { name: 'generateText', title: 'Generate text' } },
      events: { generationComplete: { name: 'textGenerated' } },
      channels: { stream: { name: 'textStream' } },
    },
  },
}

const summaryPlugin = {
  kind: 'plugin',
  name: 'conversation-summary',
  version: '0.3.0',
  configuration: { schema: objectOf({ maxWords: { type: 'integer', minimum: 1 } }, []) },
  interfaces: { llm: { name: 'llm', version: '^1.0.0' } },
  actions: {
    summarize: {
      input: {
        schema: objectOf({ conversationId: { type: 'string', minLength: 1 }, model: { $entity: 'llm.modelRef' } }, ['conversationId', 'model']),
      },
      output: { schema: objectOf({ summary: { type: 'string' } }, ['summary']) },
    },
  },
  events: {
    summaryReady: { schema: objectOf({ summary: { type: 'string' } }, ['summary']) },
  },
}

const supportBot = {
  kind: 'bot',
  name: 'support-bot',
  message: {
    tags: {
      priority: { title: 'Priority', description: 'How urgent the user is' },
      topic: { title: 'Topic', description: 'What the message is about' },
    },
  },
  integrations: {
    openai: {
      integration: 'openai',
      version: '2.0.0',
      configuration: { apiKey: { $secret: 'OPENAI_API_KEY' } },
    },
    claude: {
      integration: 'anthropic',
      version: '^1.0.0',
      configuration: { apiKey: { $secret: 'ANTHROPIC_API_KEY' } },
    },
  },
  plugins: {
    summaryOpenai: {
      plugin: 'conversation-summary',
      version: '^0.3.0',
      configuration: { maxWords: 80 },
      dependencies: { llm: { integrationAlias: 'openai', integrationInterfaceAlias: 'llm' } },
    },
    summaryClaude: {
      plugin: 'conversation-summary',
      version: '^0.3.0',
      dependencies: { llm: { integrationAlias: 'claude', integrationInterfaceAlias: 'llm' } },
    },
  },
}

const EXAMPLES: Record<DefinitionKind, unknown> = {
  interface: llmInterface,
  integration: openaiIntegration,
  plugin: summaryPlugin,
  bot: supportBot,
}

// ---------------------------------------------------------------------------------------

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
// Editor documentation

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every property declared under `properties`, anywhere in the schema, with the
 * documentation fields it lacks. `if`/`then`/`else` only refine what is declared
 * elsewhere, and the values of `const`/`enum` are data, so they are not walked.
 */
function undocumentedProperties(node: unknown, path: string, fields: string[], found: { count: number }): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => undocumentedProperties(item, `${path}/${i}`, fields, found))
  if (!isObject(node)) return []
  const out: string[] = []
  for (const [key, value] of Object.entries(node)) {
    if (['if', 'then', 'else', 'const', 'enum', 'default', 'examples'].includes(key)) continue
    if (key === 'properties' && isObject(value)) {
      for (const [name, property] of Object.entries(value)) {
        found.count++
        const missing = fields.filter((f) => !isObject(property) || typeof property[f] !== 'string' || property[f] === '')
        if (missing.length > 0) out.push(`${path}/properties/${name}: no ${missing.join(', ')}`)
        out.push(...undocumentedProperties(property, `${path}/properties/${name}`, fields, found))
      }
    } else {
      out.push(...undocumentedProperties(value, `${path}/${key}`, fields, found))
    }
  }
  return out
}

describe('editor documentation', () => {
  const editorFields = ['title', 'description', 'markdownDescription']

  it.each(SCHEMA_FILES.filter((f) => f !== 'messages.schema.json'))('every property in %s has title, description and markdownDescription', (file) => {
    const found = { count: 0 }
    expect(undocumentedProperties(readSchema(file), '#', editorFields, found)).toEqual([])
    expect(found.count).toBeGreaterThan(0)
  })

  it('every shared definition has title, description and markdownDescription', () => {
    const definitions = readSchema('common.schema.json').definitions as Record<string, JsonObject>
    for (const [name, definition] of Object.entries(definitions)) {
      for (const field of editorFields) expect(definition[field], `${name}.${field}`).toEqual(expect.any(String))
    }
  })

  it('every field in messages.schema.json has title and description', () => {
    const found = { count: 0 }
    expect(undocumentedProperties(readSchema('messages.schema.json'), '#', ['title', 'description'], found)).toEqual([])
    expect(found.count).toBeGreaterThan(30)
  })
})

// ---------------------------------------------------------------------------------------
// Message payloads (docs/generated-code.md#message-types)

describe('messages.schema.json', () => {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true })
  ajv.addSchema(readSchema('messages.schema.json'), 'messages.schema.json')
  const validatorOf = (name: string): ValidateFunction => {
    const validate = ajv.getSchema(`messages.schema.json#/definitions/${name}`)
    if (!validate) throw new Error(`no definition ${name}`)
    return validate
  }

  const card = {
    title: 'Plan',
    subtitle: 'Monthly',
    imageUrl: 'https://example.com/plan.png',
    actions: [
      { action: 'url', label: 'Open', value: 'https://example.com' },
      { action: 'postback', label: 'Buy', value: 'buy-plan' },
      { action: 'say', label: 'Tell me more', value: 'Tell me more' },
    ],
  }
  const options = [
    { label: 'Yes', value: 'yes' },
    { label: 'No', value: 'no' },
  ]
  const VALID: Record<string, JsonObject> = {
    text: { text: 'Hello' },
    image: { imageUrl: 'https://example.com/a.png', title: 'A' },
    audio: { audioUrl: 'https://example.com/a.mp3' },
    video: { videoUrl: 'https://example.com/a.mp4', title: 'Clip' },
    file: { fileUrl: 'https://example.com/a.pdf', title: 'Invoice' },
    location: { latitude: 48.8584, longitude: 2.2945, address: 'Champ de Mars, Paris', title: 'Eiffel Tower' },
    card,
    carousel: { items: [card, { title: 'Other', actions: [] }] },
    choice: { text: 'Continue?', options },
    dropdown: { text: 'Pick one', options },
    bloc: {
      items: [
        { type: 'text', payload: { text: 'Here you go' } },
        { type: 'image', payload: { imageUrl: 'https://example.com/a.png' } },
        { type: 'audio', payload: { audioUrl: 'https://example.com/a.mp3' } },
        { type: 'video', payload: { videoUrl: 'https://example.com/a.mp4' } },
        { type: 'file', payload: { fileUrl: 'https://example.com/a.pdf' } },
        { type: 'location', payload: { latitude: 0, longitude: 0 } },
      ],
    },
  }
  const MESSAGE_TYPES = ['text', 'image', 'audio', 'video', 'file', 'location', 'card', 'carousel', 'choice', 'dropdown', 'bloc']

  it('defines exactly the message types, their parts and the pair', () => {
    expect(Object.keys(readSchema('messages.schema.json').definitions as JsonObject).sort()).toEqual(
      [...MESSAGE_TYPES, 'cardAction', 'choiceOption', 'blocItem', 'message'].sort(),
    )
  })

  it.each(MESSAGE_TYPES)('accepts a valid %s payload, alone and as a message', (type) => {
    const payload = VALID[type]
    expect(run(validatorOf(type), payload)).toEqual([])
    expect(run(validatorOf('message'), { type, payload })).toEqual([])
    expect(run(ajv.getSchema('messages.schema.json') as ValidateFunction, { type, payload })).toEqual([])
  })

  it('requires every required field and closes every payload', () => {
    for (const type of MESSAGE_TYPES) {
      const errors = run(validatorOf(type), { ...VALID[type], extra: true })
      expect(errors, type).toMatchObject([{ keyword: 'additionalProperties', instancePath: '' }])
    }
    expect(run(validatorOf('location'), { latitude: 1 })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'longitude' } }])
    expect(run(validatorOf('card'), { title: 'x' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'actions' } }])
  })

  it('rejects an empty text', () => {
    expect(run(validatorOf('text'), { text: '' })).toMatchObject([{ keyword: 'minLength', instancePath: '/text' }])
    expect(run(validatorOf('image'), { imageUrl: '' })).toMatchObject([{ keyword: 'minLength', instancePath: '/imageUrl' }])
    expect(run(validatorOf('choice'), { text: 'x', options: [{ label: '', value: 'v' }] })).toMatchObject([
      { keyword: 'minLength', instancePath: '/options/0/label' },
    ])
  })

  it('rejects a card action that is not postback, url or say', () => {
    const payload = { title: 'x', actions: [{ action: 'call', label: 'Call', value: '+33100000000' }] }
    expect(run(validatorOf('card'), payload)).toMatchObject([
      { keyword: 'enum', instancePath: '/actions/0/action', params: { allowedValues: ['postback', 'url', 'say'] } },
    ])
    expect(run(validatorOf('carousel'), { items: [payload] })).toMatchObject([{ keyword: 'enum', instancePath: '/items/0/actions/0/action' }])
  })

  it('gives dropdown the choice payload: text and options', () => {
    expect(run(validatorOf('dropdown'), { text: 'Pick', options })).toEqual([])
    expect(run(validatorOf('dropdown'), { text: 'Pick' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'options' } }])
    expect(run(validatorOf('dropdown'), { options })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'text' } }])
  })

  it('rejects a card, carousel, choice or bloc inside a bloc, with one error', () => {
    for (const type of ['card', 'carousel', 'choice', 'dropdown', 'bloc']) {
      expect(run(validatorOf('bloc'), { items: [{ type, payload: VALID[type] }] }), type).toMatchObject([{ keyword: 'enum', instancePath: '/items/0/type' }])
    }
  })

  it('checks a bloc item payload against its type', () => {
    const errors = run(validatorOf('bloc'), { items: [{ type: 'image', payload: { text: 'x' } }] })
    expect(problems(errors)).toMatchObject([
      { keyword: 'required', instancePath: '/items/0/payload', params: { missingProperty: 'imageUrl' } },
      { keyword: 'additionalProperties', instancePath: '/items/0/payload', params: { additionalProperty: 'text' } },
    ])
  })

  it('checks a whole message: its type, then its payload against the type', () => {
    expect(run(validatorOf('message'), { type: 'sticker', payload: {} })).toMatchObject([{ keyword: 'enum', instancePath: '/type' }])
    const errors = run(validatorOf('message'), { type: 'text', payload: { imageUrl: 'x' } })
    expect(problems(errors)).toMatchObject([
      { keyword: 'required', instancePath: '/payload', params: { missingProperty: 'text' } },
      { keyword: 'additionalProperties', instancePath: '/payload', params: { additionalProperty: 'imageUrl' } },
    ])
    expect(run(validatorOf('message'), { type: 'text' })).toMatchObject([{ keyword: 'required', params: { missingProperty: 'payload' } }])
  })
})
