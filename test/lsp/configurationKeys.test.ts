// The configuration keys completion offers in a bot: the chosen configuration's properties,
// at the cursor's depth, through $defs references and union branches.
import { describe, expect, it } from 'vitest'
import type { SchemaNode } from '../../src/jsonSchema/types.js'
import { configurationKeys, configurationSchemaOf } from '../../src/lsp/configurationKeys.js'
import type { IntegrationModel } from '../../src/resolve/model.js'

const S: SchemaNode = { type: 'string' }

function integration(spec: Record<string, unknown>): IntegrationModel {
  return {
    kind: 'integration',
    name: 'mail',
    version: '1.0.0',
    spec: { kind: 'integration', name: 'mail', version: '1.0.0', ...spec },
  } as unknown as IntegrationModel
}

const mail = integration({
  configuration: { schema: { type: 'object', properties: { host: { ...S, title: 'Host' }, auth: { $ref: '#/$defs/auth' } } } },
  configurations: { oauth: { schema: { type: 'object', properties: { clientId: S } } } },
  $defs: {
    auth: {
      type: 'object',
      properties: { user: S },
      anyOf: [{ properties: { password: S } }, { properties: { token: { $ref: '#/$defs/auth' } } }],
    },
  },
})

const names = (type: string | undefined, path: string[]): string[] => {
  const schema = configurationSchemaOf(mail, type)
  return schema ? configurationKeys(mail, schema, path).map((k) => k.name) : []
}

describe('configuration keys', () => {
  it('are the default configuration’s properties, or the chosen one’s', () => {
    expect(names(undefined, [])).toEqual(['host', 'auth'])
    expect(names('oauth', [])).toEqual(['clientId'])
    expect(names('nothing', [])).toEqual([])
  })

  it('follow $defs references and union branches at depth, and stop at a reference cycle', () => {
    expect(names(undefined, ['auth'])).toEqual(['user', 'password', 'token'])
    expect(names(undefined, ['auth', 'token'])).toEqual(['user', 'password', 'token'])
    expect(names(undefined, ['host'])).toEqual([])
    expect(names(undefined, ['missing'])).toEqual([])
  })

  it('carry the title and description', () => {
    const schema = configurationSchemaOf(mail, undefined)
    expect(schema && configurationKeys(mail, schema, [])[0]).toEqual({ name: 'host', title: 'Host', description: undefined })
  })
})
