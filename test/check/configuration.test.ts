// What the configuration check shows for a bot's configuration values, in full: each
// diagnostic's place, message, path, related locations, "did you mean" and data (an invalid
// fixture's expected.txt shows the place and the message only). A mutation run found these
// unasserted (docs/testing.md#mutation-testing).
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'
import { bot, credential, integration, OBJECT, SECRETS } from './configurationCases.js'

describe('secrets in a configuration', () => {
  it('a bad $secret name: at the name, with the upper-case spelling suggested when it is one', () => {
    expectDiagnostics({
      'crm.yaml': SECRETS,
      'bot.yaml': bot('my-crm', 'apiKey: { $secret: crm-Key }\nhosts: [{ $secret: 9LIVES }, { $secret: 42 }, { $secret: [ABC] }, { $secret: OK_1 }]\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 26,
        code: 'BW4011',
        related: [],
        message: `secret name "crm-Key" must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$) (did you mean 'CRM_KEY'?)`,
        path: '/integrations/my-crm/configuration/apiKey/$secret',
        suggestion: 'CRM_KEY',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 26,
        code: 'BW4011',
        related: [],
        message: 'secret name "9LIVES" must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/0/$secret',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 47,
        code: 'BW4011',
        related: [],
        message: 'secret name 42 must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/1/$secret',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 55,
        code: 'BW4011',
        related: [],
        message: 'secret name ["ABC"] must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/2/$secret',
      },
    ])
  })

  it('a marked property given a number or null is BW4016 alone; a null elsewhere is checked like any value', () => {
    expectDiagnostics({
      'crm.yaml': SECRETS,
      'bot.yaml': bot('my-crm', 'apiKey: 42\nextra: { token: null }\noptions: { timeout: ~, apiToken: null }\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 15,
        code: 'BW4016',
        related: [],
        message: `configuration.apiKey is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as apiKey: { $secret: MY_CRM_API_KEY } and set MY_CRM_API_KEY in the environment`,
        path: '/integrations/my-crm/configuration/apiKey',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 23,
        code: 'BW4016',
        related: [],
        message: `configuration.extra.token is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as token: { $secret: MY_CRM_TOKEN } and set MY_CRM_TOKEN in the environment`,
        path: '/integrations/my-crm/configuration/extra/token',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 27,
        code: 'BW4011',
        related: [],
        message: "configuration.options.timeout must be an integer, not null (configuration schema of integration 'my-crm' 1.0.0)",
        path: '/integrations/my-crm/configuration/options/timeout',
      },
    ])
  })

  it('an enum or const of an object or list that holds a secret waits for run time; one beside it is checked', () => {
    const schema = `${OBJECT}properties:
  auth: { type: object, properties: { user: { type: string }, key: { type: string } }, enum: [{ user: admin, key: x }] }
  pair: { type: array, items: { type: string }, const: [a, b] }
  plainPair: { type: array, items: { type: string }, const: [a, b] }
`
    expectDiagnostics({
      'crm.yaml': integration('crm', schema),
      'bot.yaml': bot('crm', 'auth: { user: root, key: { $secret: CRM_KEY } }\npair: [a, { $secret: B }]\nplainPair: [a, c]\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 11,
        column: 7,
        code: 'BW4011',
        related: [],
        message: `configuration.plainPair must be ["a","b"], not ["a","c"] (configuration schema of integration 'crm' 1.0.0)`,
        path: '/integrations/crm/configuration/plainPair',
      },
    ])
  })

  it('a oneOf on the way to a secret waits for run time, whose branches may differ only in its string constraints; one beside it is checked', () => {
    const schema = `${OBJECT}properties:
  key: { oneOf: [{ type: string, maxLength: 3 }, { type: string, minLength: 4 }] }
  auth:
    oneOf:
      - { type: object, properties: { k: { type: string, maxLength: 3 } } }
      - { type: object, properties: { k: { type: string, minLength: 4 } } }
  plain: { oneOf: [{ type: string, maxLength: 3 }, { type: string, minLength: 2 }] }
`
    expectDiagnostics({
      'crm.yaml': integration('crm', schema),
      'bot.yaml': bot('crm', 'key: { $secret: CRM_KEY }\nauth: { k: { $secret: CRM_K } }\nplain: abc\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 11,
        column: 14,
        code: 'BW4011',
        related: [],
        message: "configuration.plain must fit exactly one of its oneOf alternatives, not 2 (#1, #2) (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/plain',
      },
    ])
  })

  it('a key beside $secret: at that key', () => {
    expectDiagnostics({ 'crm.yaml': SECRETS, 'bot.yaml': bot('my-crm', 'apiKey: { $secret: CRM_KEY, fallback: x, default: y }\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 35,
        code: 'BW4011',
        related: [],
        message: "'fallback' cannot stand beside $secret; { $secret: NAME } stands for a whole string value",
        path: '/integrations/my-crm/configuration/apiKey/fallback',
      },
    ])
  })

  it('plain secrets and credentials: marked by the schema (through additionalProperties too) or only named so', () => {
    expectDiagnostics({
      'crm.yaml': SECRETS,
      'bot.yaml': bot(
        'my-crm',
        'apiKey: k\nextra: { oauth2Token: t, fromEnv: { $secret: FROM_ENV } }\noptions: { timeout: 3, Client-Secret: s, _private_key_: p, credential: c, apiToken: 7, credentials: { password: p } }\n',
      ),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 15,
        code: 'BW4016',
        related: [],
        message: `configuration.apiKey is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as apiKey: { $secret: MY_CRM_API_KEY } and set MY_CRM_API_KEY in the environment`,
        path: '/integrations/my-crm/configuration/apiKey',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 29,
        code: 'BW4016',
        related: [],
        message: `configuration.extra.oauth2Token is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as oauth2Token: { $secret: MY_CRM_OAUTH2_TOKEN } and set MY_CRM_OAUTH2_TOKEN in the environment`,
        path: '/integrations/my-crm/configuration/extra/oauth2Token',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 45,
        code: 'BW4017',
        related: [],
        message: credential("options['Client-Secret']", 'Client-Secret', 'MY_CRM_CLIENT_SECRET'),
        path: '/integrations/my-crm/configuration/options/Client-Secret',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 63,
        code: 'BW4017',
        related: [],
        message: credential('options._private_key_', '_private_key_', 'MY_CRM_PRIVATE_KEY'),
        path: '/integrations/my-crm/configuration/options/_private_key_',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 78,
        code: 'BW4017',
        related: [],
        message: credential('options.credential', 'credential', 'MY_CRM_CREDENTIAL'),
        path: '/integrations/my-crm/configuration/options/credential',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 119,
        code: 'BW4017',
        related: [],
        message: credential('options.credentials.password', 'password', 'MY_CRM_PASSWORD'),
        path: '/integrations/my-crm/configuration/options/credentials/password',
      },
    ])
  })
})
