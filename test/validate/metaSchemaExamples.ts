// The meta-schema tests' shared parts: reading schemas/, running a kind's validator with
// ajv's wrapper errors set apart, and a full definition of each kind to vary.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { expect } from 'vitest'
import { schemasDir } from '../../src/load/packageRoot.js'
import { type DefinitionKind, metaSchemaValidator } from '../../src/validate/metaSchemas.js'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export const SCHEMA_FILES = [
  'bot.schema.json',
  'common.schema.json',
  'definition.schema.json',
  'integration.schema.json',
  'interface.schema.json',
  'messages.schema.json',
  'plugin.schema.json',
]

export function readSchema(file: string): JsonObject {
  return JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as JsonObject
}

/**
 * ajv reports a failure inside `propertyNames` twice (the inner error, which carries
 * `propertyName`, and a `propertyNames` error), and a failure inside an `if`'s `then` as
 * the inner error plus an `if` error. Those wrappers never describe a problem of their own.
 */
export const WRAPPER_KEYWORDS = new Set(['if', 'propertyNames'])

export interface Reported {
  keyword: string
  instancePath: string
  schemaPath: string
  params: Record<string, unknown>
  propertyName?: string
}

export function report(errors: ErrorObject[] | null | undefined): Reported[] {
  return (errors ?? []).map((e) => ({
    keyword: e.keyword,
    instancePath: e.instancePath,
    schemaPath: e.schemaPath,
    params: e.params as Record<string, unknown>,
    ...(e.propertyName === undefined ? {} : { propertyName: e.propertyName }),
  }))
}

export function run(validate: ValidateFunction, data: unknown): Reported[] {
  const valid = validate(data)
  const errors = report(validate.errors)
  expect(valid).toBe(errors.length === 0)
  return errors
}

export const errorsOf = (kind: DefinitionKind, data: unknown): Reported[] => run(metaSchemaValidator(kind), data)
export const problems = (errors: Reported[]): Reported[] => errors.filter((e) => !WRAPPER_KEYWORDS.has(e.keyword))

/** A deep copy of `base` changed by `change`, so that every case starts from a valid definition. */
export function variant<T>(base: T, change: (copy: T) => void): T {
  const copy = structuredClone(base)
  change(copy)
  return copy
}

// ---------------------------------------------------------------------------------------
// A definition of each kind with every key docs/definitions.md shows for it (#interface,
// #integration, #plugin, #bot), schemas written out.

export const objectOf = <P extends Record<string, Json>>(properties: P, required: string[]) => ({
  type: 'object',
  properties,
  required,
})

export const llmInterface = {
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

export const openaiIntegration = {
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

export const summaryPlugin = {
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

export const supportBot = {
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

export const EXAMPLES: Record<DefinitionKind, unknown> = {
  interface: llmInterface,
  integration: openaiIntegration,
  plugin: summaryPlugin,
  bot: supportBot,
}

// ---------------------------------------------------------------------------------------
