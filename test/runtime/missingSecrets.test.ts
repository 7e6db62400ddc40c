// runtime.missingSecrets() (docs/runtime.md#missing-secrets) on the `required-secrets` fixture
// (test/fixtures/valid/required-secrets): every secret the bot needs and its environment does
// not set, found without running a handler: the `{ $secret: NAME }` values of an enabled
// integration's configuration, its required declared secrets, a plugin instance's
// configuration; not an optional one, not a disabled integration's, not one that is set, and
// never a value. What it lists is what the calls fail on, and both read the environment anew.
import { createRuntime } from '@botwire/runtime'
import { expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/required-secrets/expected/bots/keeper/v1.0.0.js'
import { Integration as Vault } from '../fixtures/valid/required-secrets/expected/integrations/vault/v1.0.0.js'
import { Plugin as Auditor } from '../fixtures/valid/required-secrets/expected/plugins/auditor/v1.0.0.js'
import { rejection } from '../support/rejection.js'

/** A value for every secret the fixture names: the disabled integration's and the optional one's too. */
const VALUES = {
  VAULT_TOKEN: 'vault-token-value-1',
  VAULT_BACKUP_TOKEN: 'backup-token-value-2',
  VAULT_SIGNING_KEY: 'signing-key-value-3',
  VAULT_AUDIT_KEY: 'audit-key-value-4',
  ARCHIVE_TOKEN: 'archive-token-value-5',
  AUDITOR_API_KEY: 'auditor-key-value-6',
}

function keeper(env: { [name: string]: string }, plugins: 'auditor given' | 'no plugin given' = 'auditor given') {
  const vault = new Vault({ actions: { readSecret: ({ ctx }) => ({ found: ctx.secrets.VAULT_SIGNING_KEY.length > 0 }) } })
  const auditor = new Auditor({ actions: {} })
  return createRuntime({ bot: new Bot(), integrations: { vault }, plugins: plugins === 'auditor given' ? { auditor } : {}, env })
}

/** An entry, its message the MISSING_SECRET's a call would fail with. */
const entry = (secret: string, kind: 'integration' | 'plugin', alias: string, owner: string) => ({
  secret,
  kind,
  alias,
  name: alias,
  message: `${owner} needs the secret ${secret}, which is not set: set the environment variable ${secret} (or pass it in createRuntime({ env }))`,
})
const vaultNeeds = (secret: string) => entry(secret, 'integration', 'vault', "integration 'vault' (vault)")

it("lists each secret not set once per instance: the integration's configuration's, its required ones, the plugin instance's; not an optional one nor a disabled integration's", () => {
  const runtime = keeper({})
  expect(runtime.missingSecrets()).toEqual([
    // VAULT_TOKEN is given twice in the configuration, listed once
    vaultNeeds('VAULT_TOKEN'),
    vaultNeeds('VAULT_BACKUP_TOKEN'),
    vaultNeeds('VAULT_SIGNING_KEY'),
    entry('AUDITOR_API_KEY', 'plugin', 'auditor', "plugin instance 'auditor' (auditor)"),
  ])
  // verify() is about implementations only: a bot's tests run it without secrets
  expect(() => runtime.verify()).not.toThrow()
})

it('leaves out what is set, and never holds a value', () => {
  const some = { VAULT_TOKEN: VALUES.VAULT_TOKEN, AUDITOR_API_KEY: VALUES.AUDITOR_API_KEY, VAULT_AUDIT_KEY: VALUES.VAULT_AUDIT_KEY }
  const missing = keeper(some).missingSecrets()
  expect(missing).toEqual([vaultNeeds('VAULT_BACKUP_TOKEN'), vaultNeeds('VAULT_SIGNING_KEY')])
  const all = keeper(VALUES).missingSecrets()
  expect(all).toEqual([])
  for (const value of Object.values(VALUES)) expect(JSON.stringify([missing, all])).not.toContain(value)
})

it('leaves out a plugin instance whose implementation is not given: nothing of it runs', () => {
  expect(keeper({ VAULT_TOKEN: 'v', VAULT_BACKUP_TOKEN: 'b', VAULT_SIGNING_KEY: 's' }, 'no plugin given').missingSecrets()).toEqual([])
})

it('names what the calls fail on, and reads the environment when asked: a secret set after createRuntime is seen by both', async () => {
  const env: { [name: string]: string } = { VAULT_TOKEN: VALUES.VAULT_TOKEN, VAULT_BACKUP_TOKEN: VALUES.VAULT_BACKUP_TOKEN }
  const runtime = keeper(env)
  expect(runtime.missingSecrets().map((m) => m.secret)).toEqual(['VAULT_SIGNING_KEY', 'AUDITOR_API_KEY'])
  const failed = await rejection(runtime.client.callAction({ type: 'vault:readSecret', input: { path: 'a' } }))
  expect([failed.code, failed.secret]).toEqual(['MISSING_SECRET', 'VAULT_SIGNING_KEY'])
  expect(failed.message).toContain(runtime.missingSecrets()[0]?.message ?? 'a listed secret')
  env['VAULT_SIGNING_KEY'] = VALUES.VAULT_SIGNING_KEY
  env['AUDITOR_API_KEY'] = VALUES.AUDITOR_API_KEY
  expect(runtime.missingSecrets()).toEqual([])
  expect(await runtime.client.callAction({ type: 'vault:readSecret', input: { path: 'a' } })).toEqual({ found: true })
})
