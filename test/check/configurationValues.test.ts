// What the configuration check shows for values against the schema and for alternative
// configurations, in full: place, message, path, related locations and data
// (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { checkFixture, diagnosticsOf, expectDiagnostics, expectReported } from '../support/checkHarness.js'
import { bot, integration, MAILER, OBJECT } from './configurationCases.js'

describe('configuration values against the schema', () => {
  it('each problem once, at its place, with its path, data and "did you mean"', () => {
    expectDiagnostics({
      'mailer.yaml': MAILER,
      'bot.yaml': bot('mailer', 'timeout: { $secret: MAILER_TIMEOUT }\nmode: slow\ntoken: { $secret: MAILER_TOKEN }\nnested: { dept: 1 }\ntimeoutt: 3\n'),
    }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 7,
        code: 'BW4011',
        related: [],
        message: "configuration.timeout is a $secret, which stands for a string, but the configuration schema of integration 'mailer' 1.0.0 wants an integer",
        path: '/integrations/mailer/configuration/timeout',
      },
      {
        file: 'bot.yaml',
        line: 10,
        column: 13,
        code: 'BW4011',
        related: [],
        message: "configuration.mode must be one of 'fast', 'safe', not 'slow' (configuration schema of integration 'mailer' 1.0.0)",
        path: '/integrations/mailer/configuration/mode',
      },
      {
        file: 'bot.yaml',
        line: 12,
        column: 7,
        code: 'BW4011',
        related: [],
        message: "configuration.nested is missing 'depth', which the configuration schema of integration 'mailer' 1.0.0 requires",
        path: '/integrations/mailer/configuration/nested',
        data: { key: 'depth' },
      },
      {
        file: 'bot.yaml',
        line: 12,
        column: 17,
        code: 'BW4011',
        related: [],
        message: "configuration.nested has key 'dept', which the configuration schema of integration 'mailer' 1.0.0 does not declare (did you mean 'depth'?)",
        path: '/integrations/mailer/configuration/nested/dept',
        suggestion: 'depth',
        data: { key: 'dept' },
      },
      {
        file: 'bot.yaml',
        line: 13,
        column: 7,
        code: 'BW4011',
        related: [],
        message: "configuration has key 'timeoutt', which the configuration schema of integration 'mailer' 1.0.0 does not declare (did you mean 'timeout'?)",
        path: '/integrations/mailer/configuration/timeoutt',
        suggestion: 'timeout',
        data: { key: 'timeoutt' },
      },
    ])
  })

  it('a wrong type and a nested missing key; a default fills a required key', () => {
    expectDiagnostics({ 'mailer.yaml': MAILER, 'bot.yaml': bot('mailer', 'timeout: soon\nmode: safe\nnested: { depth: 1.5 }\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 16,
        code: 'BW4011',
        related: [],
        message: `configuration.timeout must be an integer, not the string "soon" (configuration schema of integration 'mailer' 1.0.0)`,
        path: '/integrations/mailer/configuration/timeout',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 24,
        code: 'BW4011',
        related: [],
        message: "configuration.nested.depth must be an integer, not number 1.5 (configuration schema of integration 'mailer' 1.0.0)",
        path: '/integrations/mailer/configuration/nested/depth',
      },
    ])
  })

  it('a credential written in plain text is still checked as a value', () => {
    const schema = `${OBJECT}properties:\n  token: { type: string, enum: [abc] }\n  password: { type: string, minLength: 3 }\n`
    expect(diagnosticsOf({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'token: xyz\npassword: hunter2\n') }).map((d) => d.message)).toEqual([
      "configuration.token must be 'abc', not 'xyz' (configuration schema of integration 'crm' 1.0.0)",
      `configuration.token looks like a credential and is written in plain text, so it ends up in the generated code; give it as token: { $secret: CRM_TOKEN } and set CRM_TOKEN in the environment (or mark it secret: true in the configuration schema of integration 'crm' 1.0.0)`,
      `configuration.password looks like a credential and is written in plain text, so it ends up in the generated code; give it as password: { $secret: CRM_PASSWORD } and set CRM_PASSWORD in the environment (or mark it secret: true in the configuration schema of integration 'crm' 1.0.0)`,
    ])
  })

  it('a default that another allOf branch rejects: at the default, in the integration (no bot could do without setting it)', () => {
    const schema = `${OBJECT}allOf:\n  - { properties: { a: { type: integer, default: 1 } } }\n  - { properties: { a: { type: integer, minimum: 5 } } }\n`
    expectDiagnostics({ 'crm.yaml': integration('crm', schema), 'bot.yaml': bot('crm', 'b: 1\n') }).toEqual([
      {
        file: 'crm.yaml',
        line: 8,
        column: 54,
        code: 'BW2016',
        related: [],
        message: "default 1 of property 'a' is rejected by allOf branch 1, which declares 'a' too (value: must be at least 5, not 1)",
        path: '/configuration/schema/allOf/0/properties/a/default',
      },
    ])
  })

  it('no configuration at all: at the instance', () => {
    expectDiagnostics({ 'mailer.yaml': MAILER, 'bot.yaml': bot('mailer', '').replace('    configuration:\n', '') }).toEqual([
      {
        file: 'bot.yaml',
        line: 5,
        column: 3,
        code: 'BW4011',
        related: [],
        message: "configuration is missing 'timeout', which the configuration schema of integration 'mailer' 1.0.0 requires",
        path: '/integrations/mailer/configuration',
        data: { key: 'timeout' },
      },
    ])
  })
})

/** An invalid fixture's diagnostics, shown as `check` shows a workspace's. */

describe('alternative configurations', () => {
  it('BW4025: at the stray key, with where the other configuration declares it', () => {
    expectReported(checkFixture('BW4025-fields-of-another-configuration').diagnostics).toEqual([
      {
        file: 'desk-bot.yaml',
        line: 12,
        column: 7,
        code: 'BW4025',
        message:
          "configuration has key 'clientId', which the default configuration of integration 'zendesk' 2.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zendesk/configuration/clientId',
        related: ["zendesk.yaml:17:9 configuration 'oauth' declares 'clientId' here"],
        data: { key: 'clientId' },
      },
      {
        file: 'desk-bot.yaml',
        line: 13,
        column: 7,
        code: 'BW4025',
        message:
          "configuration has key 'clientSecret', which the default configuration of integration 'zendesk' 2.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zendesk/configuration/clientSecret',
        related: ["zendesk.yaml:18:9 configuration 'oauth' declares 'clientSecret' here"],
        data: { key: 'clientSecret' },
      },
      {
        file: 'desk-bot.yaml',
        line: 23,
        column: 7,
        code: 'BW4025',
        message:
          "configuration has key 'apiToken', which the configuration 'legacy' of integration 'zendesk' 2.0.0 does not declare; the default configuration declares it: remove configurationType to use it",
        path: '/integrations/archive/configuration/apiToken',
        related: ["zendesk.yaml:9:7 the default configuration declares 'apiToken' here"],
        data: { key: 'apiToken' },
      },
      {
        file: 'desk-bot.yaml',
        line: 24,
        column: 31,
        code: 'BW4025',
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
    expectDiagnostics({ 'zd.yaml': zd, 'bot.yaml': bot('zd', 'clientId: abc\nregion: eu\nscope: all\n') }).toEqual([
      {
        file: 'bot.yaml',
        line: 9,
        column: 17,
        code: 'BW4011',
        related: [],
        message: `configuration.clientId must be an integer, not the string "abc" (configuration schema of integration 'zd' 1.0.0)`,
        path: '/integrations/zd/configuration/clientId',
      },
      {
        file: 'bot.yaml',
        line: 11,
        column: 7,
        code: 'BW4025',
        message:
          "configuration has key 'scope', which the default configuration of integration 'zd' 1.0.0 does not declare; configuration 'oauth' declares it: choose it with configurationType: oauth",
        path: '/integrations/zd/configuration/scope',
        related: ["zd.yaml:15:75 configuration 'oauth' declares 'scope' here"],
        data: { key: 'scope' },
      },
    ])
  })

  it('BW3020: at configurationType, with the near miss suggested', () => {
    expectReported([
      ...checkFixture('BW3020-unknown-configuration-type').diagnostics,
      ...checkFixture('BW3020-no-alternative-configurations').diagnostics,
    ]).toEqual([
      {
        file: 'desk-bot.yaml',
        line: 9,
        column: 24,
        code: 'BW3020',
        related: [],
        message: "integration 'zendesk' 1.0.0 has no configuration 'oAuth' (did you mean 'oauth'?); its configurations: 'oauth' and 'sandbox'",
        path: '/integrations/zendesk/configurationType',
        suggestion: 'oauth',
      },
      {
        file: 'triage-bot.yaml',
        line: 8,
        column: 24,
        code: 'BW3020',
        related: [],
        message:
          "integration 'linear' 1.0.0 declares no alternative configurations, so there is no 'oauth' to choose; remove configurationType to use its configuration",
        path: '/integrations/linear/configurationType',
      },
    ])
  })
})
