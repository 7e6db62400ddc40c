// What the configuration check shows where a secret is relaxed, for named schemas, stray keys,
// secrets under unions and near misses of declared keys (BW4027), in full
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { diagnosticsOf, expectDiagnostics } from '../support/checkHarness.js'
import { bot, integration, OBJECT } from './configurationCases.js'

describe('where a secret is relaxed, and named schemas', () => {
  it('two secrets in one list: each item at its own place, the others checked in full', () => {
    const schema = `${OBJECT}properties:\n  hosts: { type: array, items: { type: string, minLength: 3 } }\n`
    expectDiagnostics({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'hosts: [{ $secret: A }, x, { $secret: B }, yy, zzz]\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 31,
        code: 'BW4011',
        related: [],
        message: "configuration.hosts[1] must have at least 3 characters, not 1 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/hosts/1',
      },
      {
        file: 'bot.yaml',
        line: 9,
        column: 50,
        code: 'BW4011',
        related: [],
        message: "configuration.hosts[3] must have at least 3 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/hosts/3',
      },
    ])
  })

  it('a configuration through named schemas ($defs): checked through them, a secret relaxed through them', () => {
    const crm = integration(
      'crm',
      `${OBJECT}properties:\n  port: { $ref: '#/$defs/port' }\n  key: { $ref: '#/$defs/key' }\n  server: { $ref: '#/$defs/server' }\n`,
      `$defs:\n  port: { type: integer, minimum: 1 }\n  key: { type: string, minLength: 10 }\n  server: { type: object, properties: { port: { $ref: '#/$defs/port' } } }\n`,
    )
    expectDiagnostics({ 'crm.yaml': crm, 'bot.yaml': bot('crm', 'port: 0\nkey: { $secret: CRM_KEY }\nserver: { port: -1 }\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 13,
        code: 'BW4011',
        related: [],
        message: "configuration.port must be at least 1, not 0 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/port',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 23,
        code: 'BW4011',
        related: [],
        message: "configuration.server.port must be at least 1, not -1 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/server/port',
      },
    ])
  })
})

describe('stray keys, secrets under unions, and the "did you mean" beside a secret', () => {
  it('BW4025 looks only into objects, never into a value, and only where the chosen schema is closed or silent (no configuration may declare $secret: BW2027)', () => {
    const zd = integration(
      'zd',
      `${OBJECT}properties:
  region: { type: string }
  tags: { type: array }
  key: { type: string }
  options: { type: object, properties: { a: { type: string } } }
  labels: { type: object, additionalProperties: { type: string } }
`,
      `configurations:
  odd:
    schema:
      type: object
      properties:
        region: { type: object, properties: { '0': { type: string } } }
        tags: { type: object, properties: { '0': { type: string } } }
        options: { type: object, properties: { b: { type: string } } }
        labels: { type: object, properties: { c: { type: string } } }
`,
    )
    expectDiagnostics({
      'zd.yaml': zd,
      'bot.yaml': bot('zd', 'region: eu\ntags: [a]\nkey: { $secret: ZD_KEY }\noptions: { a: null, b: x, nobody: y }\nlabels: { c: z }\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 12,
        column: 21,
        code: 'BW4011',
        related: [],
        message: "configuration.options.a must be a string, not null (configuration schema of integration 'zd' 1.0.0)",
        path: '/integrations/zd/configuration/options/a',
      },
      {
        file: 'bot.yaml',
        line: 12,
        column: 27,
        code: 'BW4025',
        message:
          "configuration.options has key 'b', which the default configuration of integration 'zd' 1.0.0 does not declare; configuration 'odd' declares it: choose it with configurationType: odd",
        path: '/integrations/zd/configuration/options/b',
        related: ["zd.yaml:20:48 configuration 'odd' declares 'b' here"],
        data: { key: 'b' },
      },
    ])
  })

  it('a secret under a union in a list item or an additional property: relaxed at its place only', () => {
    const schema = `${OBJECT}properties:
  ports: { type: array, items: { anyOf: [{ type: integer }, { type: string, minLength: 5 }] } }
  tokens: { type: object, additionalProperties: { anyOf: [{ type: integer }, { type: string, minLength: 5 }] } }
  later: { type: array, items: { anyOf: [{ type: integer }, { type: string, minLength: 5 }] } }
`
    expectDiagnostics({
      'crm.yaml': integration('crm', schema),
      'bot.yaml': bot(
        'crm',
        'ports: [{ $secret: A }, ab, { $secret: B }, 1, 2, 3, 4, 5, 6, 7, { $secret: C }, cd]\ntokens: { one: { $secret: ONE }, two: ab }\nlater: [ab, { $secret: D }]\n',
      ),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 31,
        code: 'BW4011',
        related: [],
        message: "configuration.ports[1] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/ports/1',
      },
      {
        file: 'bot.yaml',
        line: 9,
        column: 88,
        code: 'BW4011',
        related: [],
        message: "configuration.ports[11] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/ports/11',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 45,
        code: 'BW4011',
        related: [],
        message: "configuration.tokens.two must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/tokens/two',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 15,
        code: 'BW4011',
        related: [],
        message: "configuration.later[0] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/later/0',
      },
    ])
  })

  it('a key of a list item beside an item holding a secret gets its "did you mean"', () => {
    const schema = `${OBJECT}properties:
  users: { type: array, items: { type: object, additionalProperties: false, properties: { name: { type: string }, key: { type: string, minLength: 9 } } } }
`
    expectDiagnostics({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'users: [{ name: a, key: { $secret: K } }, { nmae: b }]\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 51,
        code: 'BW4011',
        related: [],
        message: "configuration.users[1] has key 'nmae', which the configuration schema of integration 'crm' 1.0.0 does not declare (did you mean 'name'?)",
        path: '/integrations/crm/configuration/users/1/nmae',
        suggestion: 'name',
        data: { key: 'nmae' },
      },
    ])
  })
})

describe('near misses of declared keys (BW4027)', () => {
  it('warns a key an open schema lets through that looks like a declared one misspelt, and nothing else', () => {
    const crm = integration(
      'crm',
      `${OBJECT}properties:
  timeout: { type: integer }
  region: { type: string }
  nested: { type: object, properties: { retries: { type: integer } } }
  loose: { type: object, additionalProperties: true, properties: { limit: { type: integer } } }
  either: { type: object, properties: { token: { type: string } }, anyOf: [{ properties: { tokens: { type: array } } }, { required: [token] }] }
`,
    )
    const found = diagnosticsOf({
      'crm.yaml': crm,
      'bot.yaml': bot(
        'crm',
        'timeout: 5\ntimout: 6\nregion: eu\nother: 1\nnested: { retrys: 2 }\nloose: { limt: 1 }\neither: { token: { $secret: CRM_TOKEN }, tokens: [] }\n',
      ),
    })
    expect(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([
      "bot.yaml:10:7 BW4027 configuration has key 'timout', which the configuration schema of integration 'crm' 1.0.0 does not declare (did you mean 'timeout'?); the schema is open, so it is accepted, and nothing reads it",
      "bot.yaml:13:17 BW4027 configuration.nested has key 'retrys', which the configuration schema of integration 'crm' 1.0.0 does not declare (did you mean 'retries'?); the schema is open, so it is accepted, and nothing reads it",
    ])
  })
})
