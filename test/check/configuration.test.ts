// What the configuration check shows for a bot's configuration values, in full: each
// diagnostic's place, message, path, related locations, "did you mean" and data (an invalid
// fixture's expected.txt shows the place and the message only). A mutation run found these
// unasserted (docs/testing.md#mutation-testing).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'
import { invalidFixtureOptions } from '../support/invalidFixtures.js'

interface Shown {
  at: string
  message: string
  path: string | null
  related?: string[]
  suggestion?: string
  data?: unknown
}

/** Checks a workspace of the given files (built-ins left out); each diagnostic as the user sees it. */
function check(files: Record<string, string>): Shown[] {
  const dir = tempDir()
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return show(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics)
}

function show(diagnostics: readonly Diagnostic[]): Shown[] {
  return diagnostics.map((d) => {
    const r = toRecord(d)
    return {
      at: `${r.file}:${r.line}:${r.column} ${r.code}`,
      message: r.message,
      path: r.path,
      ...(r.related.length > 0 ? { related: r.related.map((x) => `${x.file}:${x.line}:${x.column} ${x.message}`) } : {}),
      ...(d.suggestion === undefined ? {} : { suggestion: d.suggestion }),
      ...(d.data === undefined ? {} : { data: d.data }),
    }
  })
}

/** An integration `name` 1.0.0 with this configuration schema (indented under `schema:`). */
function integration(name: string, schema: string, more = ''): string {
  return `kind: integration\nname: ${name}\nversion: 1.0.0\nconfiguration:\n  schema:\n${indent(schema, 4)}${more}`
}

/** A bot that uses integration `name` 1.0.0 under the alias `name`, with this configuration. */
function bot(name: string, configuration: string, more = ''): string {
  return `kind: bot\nname: test-bot\nversion: 1.0.0\nintegrations:\n  ${name}:\n    integration: ${name}\n    version: 1.0.0\n${more}    configuration:\n${indent(configuration, 6)}`
}

function indent(text: string, spaces: number): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `${' '.repeat(spaces)}${line}`))
    .join('\n')
}

const OBJECT = 'type: object\n'

/** BW4017's message for a credential of integration 'my-crm'. */
function credential(path: string, key: string, name: string): string {
  return `configuration.${path} looks like a credential and is written in plain text, so it ends up in the generated code; give it as ${key}: { $secret: ${name} } and set ${name} in the environment (or mark it secret: true in the configuration schema of integration 'my-crm' 1.0.0)`
}

const SECRETS = integration(
  'my-crm',
  `${OBJECT}properties:
  apiKey: { type: string, secret: true }
  hosts: { type: array, items: { type: string } }
  extra:
    type: object
    additionalProperties: { type: string, secret: true }
  options:
    type: object
    properties:
      timeout: { type: integer }
`,
)

describe('secrets in a configuration', () => {
  it('a bad $secret name: at the name, with the upper-case spelling suggested when it is one', () => {
    expect(
      check({
        'crm.yaml': SECRETS,
        'bot.yaml': bot('my-crm', 'apiKey: { $secret: crm-Key }\nhosts: [{ $secret: 9LIVES }, { $secret: 42 }, { $secret: [ABC] }, { $secret: OK_1 }]\n'),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:9:26 BW4011',
        message: `secret name "crm-Key" must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$) (did you mean 'CRM_KEY'?)`,
        path: '/integrations/my-crm/configuration/apiKey/$secret',
        suggestion: 'CRM_KEY',
      },
      {
        at: 'bot.yaml:10:26 BW4011',
        message: 'secret name "9LIVES" must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/0/$secret',
      },
      {
        at: 'bot.yaml:10:47 BW4011',
        message: 'secret name 42 must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/1/$secret',
      },
      {
        at: 'bot.yaml:10:55 BW4011',
        message: 'secret name ["ABC"] must be an environment variable name in upper case (^[A-Z][A-Z0-9_]*$)',
        path: '/integrations/my-crm/configuration/hosts/2/$secret',
      },
    ])
  })

  it('a marked property given a number or null is BW4016 alone; a null elsewhere is checked like any value', () => {
    expect(check({ 'crm.yaml': SECRETS, 'bot.yaml': bot('my-crm', 'apiKey: 42\nextra: { token: null }\noptions: { timeout: ~, apiToken: null }\n') })).toEqual([
      {
        at: 'bot.yaml:9:15 BW4016',
        message: `configuration.apiKey is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as apiKey: { $secret: MY_CRM_API_KEY } and set MY_CRM_API_KEY in the environment`,
        path: '/integrations/my-crm/configuration/apiKey',
      },
      {
        at: 'bot.yaml:10:23 BW4016',
        message: `configuration.extra.token is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as token: { $secret: MY_CRM_TOKEN } and set MY_CRM_TOKEN in the environment`,
        path: '/integrations/my-crm/configuration/extra/token',
      },
      {
        at: 'bot.yaml:11:27 BW4011',
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
    expect(
      check({
        'crm.yaml': integration('crm', schema),
        'bot.yaml': bot('crm', 'auth: { user: root, key: { $secret: CRM_KEY } }\npair: [a, { $secret: B }]\nplainPair: [a, c]\n'),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:11:7 BW4011',
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
    expect(
      check({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'key: { $secret: CRM_KEY }\nauth: { k: { $secret: CRM_K } }\nplain: abc\n') }),
    ).toEqual([
      {
        at: 'bot.yaml:11:14 BW4011',
        message: "configuration.plain must fit exactly one of its oneOf alternatives, not 2 (#1, #2) (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/plain',
      },
    ])
  })

  it('a key beside $secret: at that key', () => {
    expect(check({ 'crm.yaml': SECRETS, 'bot.yaml': bot('my-crm', 'apiKey: { $secret: CRM_KEY, fallback: x, default: y }\n') })).toEqual([
      {
        at: 'bot.yaml:9:35 BW4011',
        message: "'fallback' cannot stand beside $secret; { $secret: NAME } stands for a whole string value",
        path: '/integrations/my-crm/configuration/apiKey/fallback',
      },
    ])
  })

  it('plain secrets and credentials: marked by the schema (through additionalProperties too) or only named so', () => {
    expect(
      check({
        'crm.yaml': SECRETS,
        'bot.yaml': bot(
          'my-crm',
          'apiKey: k\nextra: { oauth2Token: t, fromEnv: { $secret: FROM_ENV } }\noptions: { timeout: 3, Client-Secret: s, _private_key_: p, credential: c, apiToken: 7, credentials: { password: p } }\n',
        ),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:9:15 BW4016',
        message: `configuration.apiKey is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as apiKey: { $secret: MY_CRM_API_KEY } and set MY_CRM_API_KEY in the environment`,
        path: '/integrations/my-crm/configuration/apiKey',
      },
      {
        at: 'bot.yaml:10:29 BW4016',
        message: `configuration.extra.oauth2Token is a secret of integration 'my-crm' 1.0.0 (secret: true in its configuration schema), so it is never written in plain text: give it as oauth2Token: { $secret: MY_CRM_OAUTH2_TOKEN } and set MY_CRM_OAUTH2_TOKEN in the environment`,
        path: '/integrations/my-crm/configuration/extra/oauth2Token',
      },
      {
        at: 'bot.yaml:11:45 BW4017',
        message: credential("options['Client-Secret']", 'Client-Secret', 'MY_CRM_CLIENT_SECRET'),
        path: '/integrations/my-crm/configuration/options/Client-Secret',
      },
      {
        at: 'bot.yaml:11:63 BW4017',
        message: credential('options._private_key_', '_private_key_', 'MY_CRM_PRIVATE_KEY'),
        path: '/integrations/my-crm/configuration/options/_private_key_',
      },
      {
        at: 'bot.yaml:11:78 BW4017',
        message: credential('options.credential', 'credential', 'MY_CRM_CREDENTIAL'),
        path: '/integrations/my-crm/configuration/options/credential',
      },
      {
        at: 'bot.yaml:11:119 BW4017',
        message: credential('options.credentials.password', 'password', 'MY_CRM_PASSWORD'),
        path: '/integrations/my-crm/configuration/options/credentials/password',
      },
    ])
  })
})

const MAILER = integration(
  'mailer',
  `${OBJECT}additionalProperties: false
properties:
  timeout: { type: integer }
  retries: { type: integer, default: 3 }
  mode: { type: string, enum: [fast, safe] }
  token: { type: string, pattern: '^t' }
  nested:
    type: object
    additionalProperties: false
    properties:
      depth: { type: integer }
    required: [depth]
required: [timeout, retries]
`,
)

describe('configuration values against the schema', () => {
  it('each problem once, at its place, with its path, data and "did you mean"', () => {
    expect(
      check({
        'mailer.yaml': MAILER,
        'bot.yaml': bot('mailer', 'timeout: { $secret: MAILER_TIMEOUT }\nmode: slow\ntoken: { $secret: MAILER_TOKEN }\nnested: { dept: 1 }\ntimeoutt: 3\n'),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:9:7 BW4011',
        message: "configuration.timeout is a $secret, which stands for a string, but the configuration schema of integration 'mailer' 1.0.0 wants an integer",
        path: '/integrations/mailer/configuration/timeout',
      },
      {
        at: 'bot.yaml:10:13 BW4011',
        message: "configuration.mode must be one of 'fast', 'safe', not 'slow' (configuration schema of integration 'mailer' 1.0.0)",
        path: '/integrations/mailer/configuration/mode',
      },
      {
        at: 'bot.yaml:12:7 BW4011',
        message: "configuration.nested is missing 'depth', which the configuration schema of integration 'mailer' 1.0.0 requires",
        path: '/integrations/mailer/configuration/nested',
        data: { key: 'depth' },
      },
      {
        at: 'bot.yaml:12:17 BW4011',
        message: "configuration.nested has key 'dept', which the configuration schema of integration 'mailer' 1.0.0 does not declare (did you mean 'depth'?)",
        path: '/integrations/mailer/configuration/nested/dept',
        suggestion: 'depth',
        data: { key: 'dept' },
      },
      {
        at: 'bot.yaml:13:7 BW4011',
        message: "configuration has key 'timeoutt', which the configuration schema of integration 'mailer' 1.0.0 does not declare (did you mean 'timeout'?)",
        path: '/integrations/mailer/configuration/timeoutt',
        suggestion: 'timeout',
        data: { key: 'timeoutt' },
      },
    ])
  })

  it('a wrong type and a nested missing key; a default fills a required key', () => {
    expect(check({ 'mailer.yaml': MAILER, 'bot.yaml': bot('mailer', 'timeout: soon\nmode: safe\nnested: { depth: 1.5 }\n') })).toEqual([
      {
        at: 'bot.yaml:9:16 BW4011',
        message: `configuration.timeout must be an integer, not the string "soon" (configuration schema of integration 'mailer' 1.0.0)`,
        path: '/integrations/mailer/configuration/timeout',
      },
      {
        at: 'bot.yaml:11:24 BW4011',
        message: "configuration.nested.depth must be an integer, not number 1.5 (configuration schema of integration 'mailer' 1.0.0)",
        path: '/integrations/mailer/configuration/nested/depth',
      },
    ])
  })

  it('a credential written in plain text is still checked as a value', () => {
    const schema = `${OBJECT}properties:\n  token: { type: string, enum: [abc] }\n  password: { type: string, minLength: 3 }\n`
    expect(check({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'token: xyz\npassword: hunter2\n') }).map((d) => d.message)).toEqual([
      "configuration.token must be 'abc', not 'xyz' (configuration schema of integration 'crm' 1.0.0)",
      `configuration.token looks like a credential and is written in plain text, so it ends up in the generated code; give it as token: { $secret: CRM_TOKEN } and set CRM_TOKEN in the environment (or mark it secret: true in the configuration schema of integration 'crm' 1.0.0)`,
      `configuration.password looks like a credential and is written in plain text, so it ends up in the generated code; give it as password: { $secret: CRM_PASSWORD } and set CRM_PASSWORD in the environment (or mark it secret: true in the configuration schema of integration 'crm' 1.0.0)`,
    ])
  })

  it('a default that another allOf branch rejects: at the default, in the integration (no bot could do without setting it)', () => {
    const schema = `${OBJECT}allOf:\n  - { properties: { a: { type: integer, default: 1 } } }\n  - { properties: { a: { type: integer, minimum: 5 } } }\n`
    expect(check({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'b: 1\n') })).toEqual([
      {
        at: 'crm.yaml:8:54 BW2016',
        message: "default 1 of property 'a' is rejected by allOf branch 1, which declares 'a' too (value: must be at least 5, not 1)",
        path: '/configuration/schema/allOf/0/properties/a/default',
      },
    ])
  })

  it('no configuration at all: at the instance', () => {
    expect(check({ 'mailer.yaml': MAILER, 'bot.yaml': bot('mailer', '').replace('    configuration:\n', '') })).toEqual([
      {
        at: 'bot.yaml:5:3 BW4011',
        message: "configuration is missing 'timeout', which the configuration schema of integration 'mailer' 1.0.0 requires",
        path: '/integrations/mailer/configuration',
        data: { key: 'timeout' },
      },
    ])
  })
})

/** An invalid fixture's diagnostics, shown as `check` shows a workspace's. */
function fixture(name: string): Shown[] {
  return show(checkWorkspace(invalidFixtureOptions(name)).diagnostics)
}

describe('alternative configurations', () => {
  it('BW4025: at the stray key, with where the other configuration declares it', () => {
    expect(fixture('BW4025-fields-of-another-configuration')).toEqual([
      {
        at: 'desk-bot.yaml:12:7 BW4025',
        message:
          "configuration has key 'clientId', which the default configuration of integration 'zendesk' 2.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zendesk/configuration/clientId',
        related: ["zendesk.yaml:17:9 configuration 'oauth' declares 'clientId' here"],
        data: { key: 'clientId' },
      },
      {
        at: 'desk-bot.yaml:13:7 BW4025',
        message:
          "configuration has key 'clientSecret', which the default configuration of integration 'zendesk' 2.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zendesk/configuration/clientSecret',
        related: ["zendesk.yaml:18:9 configuration 'oauth' declares 'clientSecret' here"],
        data: { key: 'clientSecret' },
      },
      {
        at: 'desk-bot.yaml:23:7 BW4025',
        message:
          "configuration has key 'apiToken', which the configuration 'legacy' of integration 'zendesk' 2.0.0 does not declare; the default configuration declares it: remove configurationType to use it",
        path: '/integrations/archive/configuration/apiToken',
        related: ["zendesk.yaml:9:7 the default configuration declares 'apiToken' here"],
        data: { key: 'apiToken' },
      },
      {
        at: 'desk-bot.yaml:24:31 BW4025',
        message:
          "configuration.options has key 'scopes', which the configuration 'legacy' of integration 'zendesk' 2.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/archive/configuration/options/scopes',
        related: ["zendesk.yaml:22:13 configuration 'oauth' declares 'scopes' here"],
        data: { key: 'scopes' },
      },
    ])
  })

  it('BW4025 leaves alone a key that a branch of the chosen configuration declares', () => {
    const zd = integration(
      'zd',
      `${OBJECT}allOf:\n  - { properties: { clientId: { type: integer } } }\nanyOf:\n  - oneOf: [{ properties: { region: { type: string } } }]\n`,
      `configurations:\n  oauth:\n    schema:\n      type: object\n      properties: { clientId: { type: string }, region: { type: string }, scope: { type: string } }\n`,
    )
    expect(check({ 'zd.yaml': zd, 'bot.yaml': bot('zd', 'clientId: abc\nregion: eu\nscope: all\n') })).toEqual([
      {
        at: 'bot.yaml:9:17 BW4011',
        message: `configuration.clientId must be an integer, not the string "abc" (configuration schema of integration 'zd' 1.0.0)`,
        path: '/integrations/zd/configuration/clientId',
      },
      {
        at: 'bot.yaml:11:7 BW4025',
        message:
          "configuration has key 'scope', which the default configuration of integration 'zd' 1.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zd/configuration/scope',
        related: ["zd.yaml:15:75 configuration 'oauth' declares 'scope' here"],
        data: { key: 'scope' },
      },
    ])
  })

  it('BW3020: at configurationType, with the near miss suggested', () => {
    expect([...fixture('BW3020-unknown-configuration-type'), ...fixture('BW3020-no-alternative-configurations')]).toEqual([
      {
        at: 'desk-bot.yaml:9:24 BW3020',
        message: "integration 'zendesk' 1.0.0 has no configuration 'oAuth' (did you mean 'oauth'?); its configurations: 'oauth' and 'sandbox'",
        path: '/integrations/zendesk/configurationType',
        suggestion: 'oauth',
      },
      {
        at: 'triage-bot.yaml:8:24 BW3020',
        message:
          "integration 'linear' 1.0.0 declares no alternative configurations, so there is no 'oauth' to choose; remove configurationType to use its configuration",
        path: '/integrations/linear/configurationType',
      },
    ])
  })
})

describe('where a secret is relaxed, and named schemas', () => {
  it('two secrets in one list: each item at its own place, the others checked in full', () => {
    const schema = `${OBJECT}properties:\n  hosts: { type: array, items: { type: string, minLength: 3 } }\n`
    expect(check({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'hosts: [{ $secret: A }, x, { $secret: B }, yy, zzz]\n') })).toEqual([
      {
        at: 'bot.yaml:9:31 BW4011',
        message: "configuration.hosts[1] must have at least 3 characters, not 1 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/hosts/1',
      },
      {
        at: 'bot.yaml:9:50 BW4011',
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
    expect(check({ 'crm.yaml': crm, 'bot.yaml': bot('crm', 'port: 0\nkey: { $secret: CRM_KEY }\nserver: { port: -1 }\n') })).toEqual([
      {
        at: 'bot.yaml:9:13 BW4011',
        message: "configuration.port must be at least 1, not 0 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/port',
      },
      {
        at: 'bot.yaml:11:23 BW4011',
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
    expect(
      check({
        'zd.yaml': zd,
        'bot.yaml': bot('zd', 'region: eu\ntags: [a]\nkey: { $secret: ZD_KEY }\noptions: { a: null, b: x, nobody: y }\nlabels: { c: z }\n'),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:12:21 BW4011',
        message: "configuration.options.a must be a string, not null (configuration schema of integration 'zd' 1.0.0)",
        path: '/integrations/zd/configuration/options/a',
      },
      {
        at: 'bot.yaml:12:27 BW4025',
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
    expect(
      check({
        'crm.yaml': integration('crm', schema),
        'bot.yaml': bot(
          'crm',
          'ports: [{ $secret: A }, ab, { $secret: B }, 1, 2, 3, 4, 5, 6, 7, { $secret: C }, cd]\ntokens: { one: { $secret: ONE }, two: ab }\nlater: [ab, { $secret: D }]\n',
        ),
      }),
    ).toEqual([
      {
        at: 'bot.yaml:9:31 BW4011',
        message: "configuration.ports[1] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/ports/1',
      },
      {
        at: 'bot.yaml:9:88 BW4011',
        message: "configuration.ports[11] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/ports/11',
      },
      {
        at: 'bot.yaml:10:45 BW4011',
        message: "configuration.tokens.two must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/tokens/two',
      },
      {
        at: 'bot.yaml:11:15 BW4011',
        message: "configuration.later[0] must have at least 5 characters, not 2 (configuration schema of integration 'crm' 1.0.0)",
        path: '/integrations/crm/configuration/later/0',
      },
    ])
  })

  it('a key of a list item beside an item holding a secret gets its "did you mean"', () => {
    const schema = `${OBJECT}properties:
  users: { type: array, items: { type: object, additionalProperties: false, properties: { name: { type: string }, key: { type: string, minLength: 9 } } } }
`
    expect(check({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'users: [{ name: a, key: { $secret: K } }, { nmae: b }]\n') })).toEqual([
      {
        at: 'bot.yaml:9:51 BW4011',
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
    const found = check({
      'crm.yaml': crm,
      'bot.yaml': bot(
        'crm',
        'timeout: 5\ntimout: 6\nregion: eu\nother: 1\nnested: { retrys: 2 }\nloose: { limt: 1 }\neither: { token: { $secret: CRM_TOKEN }, tokens: [] }\n',
      ),
    })
    expect(found.map((d) => `${d.at} ${d.message}`)).toEqual([
      "bot.yaml:10:7 BW4027 configuration has key 'timout', which the configuration schema of integration 'crm' 1.0.0 does not declare (did you mean 'timeout'?); the schema is open, so it is accepted, and nothing reads it",
      "bot.yaml:13:17 BW4027 configuration.nested has key 'retrys', which the configuration schema of integration 'crm' 1.0.0 does not declare (did you mean 'retries'?); the schema is open, so it is accepted, and nothing reads it",
    ])
  })
})
