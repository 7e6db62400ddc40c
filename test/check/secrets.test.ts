// Secrets cannot be written down in plain text: a configuration property marked
// `secret: true` must be given as { $secret: NAME } (BW4016, and nothing else about that
// value), and a plain string under a credential-like name is a warning (BW4017).
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

const INTEGRATION = `kind: integration
name: linear
version: 1.0.0
configuration:
  schema:
    type: object
    properties:
      apiKey: { type: string, minLength: 20, secret: true }
      oauth:
        type: object
        properties:
          clientId: { type: string }
          clientSecret: { type: string }
          refresh: { type: string, secret: true }
      maxTokens: { type: integer }
      tokenizer: { type: string }
      password: { type: string }
`

/** linear, and a bot that configures it with these lines. */
function linearBot(configuration: string): Record<string, string> {
  return {
    'linear.yaml': INTEGRATION,
    'bot.yaml': `kind: bot\nname: triage-bot\nintegrations:\n  linear:\n    integration: linear\n    version: 1.0.0\n    configuration:\n${configuration}`,
  }
}

describe('secrets', () => {
  it('a marked property given as $secret passes, its string constraints left to run time', () => {
    expectDiagnostics(linearBot('      apiKey: { $secret: LINEAR_API_KEY }\n')).toEqual([])
  })

  it('a marked property in plain text is BW4016 alone, even where it also breaks a constraint', () => {
    expectDiagnostics(linearBot('      apiKey: short\n')).toMatchObject([{ code: 'BW4016', path: '/integrations/linear/configuration/apiKey' }])
  })

  it('a marked property in a nested object is found, and so is a credential-like name there', () => {
    expectDiagnostics(
      linearBot('      apiKey: { $secret: LINEAR_API_KEY }\n      oauth: { clientId: abc, clientSecret: s3cr3t, refresh: r3fr3sh }\n'),
    ).toMatchObject([
      { code: 'BW4017', path: '/integrations/linear/configuration/oauth/clientSecret' },
      { code: 'BW4016', path: '/integrations/linear/configuration/oauth/refresh' },
    ])
  })

  it('warns for names that end like a credential, and only for plain strings', () => {
    expectDiagnostics(
      linearBot('      apiKey: { $secret: LINEAR_API_KEY }\n      maxTokens: 500\n      tokenizer: cl100k\n      password: hunter2\n'),
    ).toMatchObject([{ code: 'BW4017', path: '/integrations/linear/configuration/password' }])
  })
})
