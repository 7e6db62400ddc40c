// Secrets cannot be written down in plain text: a configuration property marked
// `secret: true` must be given as { $secret: NAME } (BW4016, and nothing else about that
// value), and a plain string under a credential-like name is a warning (BW4017).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'

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

function check(configuration: string): string[] {
  const dir = tempDir()
  writeFileSync(join(dir, 'linear.yaml'), INTEGRATION)
  writeFileSync(
    join(dir, 'bot.yaml'),
    `kind: bot\nname: triage-bot\nintegrations:\n  linear:\n    integration: linear\n    version: 1.0.0\n    configuration:\n${configuration}`,
  )
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.path ?? ''}`)
}

describe('secrets', () => {
  it('a marked property given as $secret passes, its string constraints left to run time', () => {
    expect(check('      apiKey: { $secret: LINEAR_API_KEY }\n')).toEqual([])
  })

  it('a marked property in plain text is BW4016 alone, even where it also breaks a constraint', () => {
    expect(check('      apiKey: short\n')).toEqual(['BW4016 /integrations/linear/configuration/apiKey'])
  })

  it('a marked property in a nested object is found, and so is a credential-like name there', () => {
    expect(check('      apiKey: { $secret: LINEAR_API_KEY }\n      oauth: { clientId: abc, clientSecret: s3cr3t, refresh: r3fr3sh }\n')).toEqual([
      'BW4017 /integrations/linear/configuration/oauth/clientSecret',
      'BW4016 /integrations/linear/configuration/oauth/refresh',
    ])
  })

  it('warns for names that end like a credential, and only for plain strings', () => {
    expect(check('      apiKey: { $secret: LINEAR_API_KEY }\n      maxTokens: 500\n      tokenizer: cl100k\n      password: hunter2\n')).toEqual([
      'BW4017 /integrations/linear/configuration/password',
    ])
  })
})

/** Checks a workspace of these files (built-ins left out): each diagnostic's code and path. */
function checkFiles(files: Record<string, string>): string[] {
  const dir = tempDir()
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.path ?? ''}`)
}

const VAULT = `kind: integration
name: vault
version: 1.0.0
$defs:
  login:
    type: object
    properties:
      user: { type: string }
      password: { type: string, secret: true }
configuration:
  schema:
    type: object
    allOf:
      - { $ref: '#/$defs/login' }
      - properties:
          keys: { type: array, items: { type: string, secret: true } }
          mode:
            anyOf:
              - { const: off }
              - { type: string, secret: true }
`

function vaultBot(configuration: string): string {
  return `kind: bot\nname: vault-bot\nintegrations:\n  vault:\n    integration: vault\n    version: 1.0.0\n    configuration: ${configuration}\n`
}

describe('secrets wherever the schema places them', () => {
  it('takes { $secret } in a list, an allOf part reached through $defs and an anyOf branch, and a value a branch lists', () => {
    expect(
      checkFiles({
        'vault.yaml': VAULT,
        'bot.yaml': vaultBot('{ user: ops, password: { $secret: VAULT_PASSWORD }, keys: [{ $secret: KEY_A }, { $secret: KEY_B }], mode: off }'),
      }),
    ).toEqual([])
  })

  it('refuses each plain secret there, at its place', () => {
    expect(
      checkFiles({ 'vault.yaml': VAULT, 'bot.yaml': vaultBot('{ user: ops, password: pw0123, keys: [{ $secret: KEY_A }, k0123], mode: m0123 }') }),
    ).toEqual([
      'BW4016 /integrations/vault/configuration/password',
      'BW4016 /integrations/vault/configuration/keys/1',
      'BW4016 /integrations/vault/configuration/mode',
    ])
  })

  it('refuses a default that another allOf part marks secret, and leaves a secret default alone where secret means nothing', () => {
    const integration = `kind: integration
name: vault
version: 1.0.0
$defs:
  token: { type: string, secret: true, default: t0123 }
configuration:
  schema:
    type: object
    allOf:
      - properties: { key: { type: string, default: k0123 } }
      - properties: { key: { type: string, secret: true } }
actions:
  probe:
    input: { schema: { type: object, properties: { token: { $ref: '#/$defs/token' } } } }
    output: { schema: { type: object } }
`
    expect(checkFiles({ 'vault.yaml': integration })).toEqual(['BW2028 /configuration/schema/allOf/0/properties/key/default'])
  })
})
