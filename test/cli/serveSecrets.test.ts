// serve refuses to start without the bot's secrets (docs/deploying.md#the-bots-secrets):
// the `required-secrets` fixture's bot (test/fixtures/valid/required-secrets), served in a child
// process as a user serves it. With secrets it needs not set, `botwire serve` (a module's own
// `runtime`) and the host's `botwire-serve` (a `createRuntime(stores)` on the PostgreSQL store
// serve opens) exit 2 before they listen, one line on stderr naming each missing secret and
// where it is needed, the store closed first; with them set, serve starts. No value is ever
// printed. A module's runtime of an older @botwire/runtime, without missingSecrets(), is bad usage.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { botFolder, freePort, jsonLines, type ServedProcess, serveInChild } from '../host/servedProcess.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from '../stores/postgresServer.js'
import { cliPath, repoRoot, runBotwire } from '../support/cli.js'

const TOKEN = 'serve-secrets-token-0123456789'
const SET = {
  VAULT_TOKEN: 'vault-token-value-1',
  VAULT_BACKUP_TOKEN: 'backup-token-value-2',
  VAULT_SIGNING_KEY: 'signing-key-value-3',
  AUDITOR_API_KEY: 'auditor-key-value-4',
}
const bot = botFolder('serve-secrets')
const schema = uniqueSchemaName()
const fixture = (path: string) => JSON.stringify(join(repoRoot, 'test', 'fixtures', 'valid', 'required-secrets', 'expected', path))
const imports = `import { createRuntime as runtimeOf } from '@botwire/runtime'
import { Bot } from ${fixture('bots/keeper/v1.0.0.ts')}
import { Integration as Vault } from ${fixture('integrations/vault/v1.0.0.ts')}
import { Plugin as Auditor } from ${fixture('plugins/auditor/v1.0.0.ts')}
const implementations = { integrations: { vault: new Vault({ actions: { readSecret: () => ({ found: true }) } }) }, plugins: { auditor: new Auditor({ actions: {} }) } }
`
writeFileSync(join(bot.folder, 'keeper.ts'), `${imports}export const runtime = runtimeOf({ bot: new Bot(), ...implementations })\n`)
// the store's close, seen on stdout: serve closes the store it opened before it exits
writeFileSync(
  join(bot.folder, 'factory.ts'),
  `${imports}export function createRuntime(stores) {
  const close = stores.store.close.bind(stores.store)
  stores.store.close = async () => {
    await close()
    console.log(JSON.stringify({ msg: 'store closed' }))
  }
  return runtimeOf({ bot: new Bot(), ...implementations, ...stores })
}
`,
)
writeFileSync(join(bot.folder, 'older.mjs'), 'export const runtime = { integration() {} }\n')
const children: ServedProcess[] = []
afterAll(async () => {
  for (const served of children) served.child.kill('SIGKILL')
  bot.remove()
  await dropSchema(schema)
})

function serve(args: string[], env: { [name: string]: string }): ServedProcess {
  const served = serveInChild(['--import', 'tsx', ...args], bot.folder, { BOTWIRE_TOKEN: TOKEN, BOTWIRE_DATABASE_URL: '', ...env })
  children.push(served)
  return served
}

/** How a serve that must not start ends: its exit code, or 'listening' as soon as it serves instead (rather than a test's time limit). */
function refusal(served: ServedProcess): Promise<number | null | 'listening'> {
  const listening = served.printed('"msg":"serving"').then(
    () => 'listening' as const,
    () => new Promise<never>(() => undefined),
  )
  return Promise.race([served.exited, listening])
}

// the message of the MISSING_SECRET a call would fail with (docs/runtime.md#integration-secrets)
const needs = (owner: string, secret: string) =>
  `${owner} needs the secret ${secret}, which is not set: set the environment variable ${secret} (or pass it in createRuntime({ env }))`

it("botwire serve of a module's runtime: exits 2 before it listens, naming every secret not set and where; with them set, it serves", async () => {
  const port = await freePort()
  const refused = serve([cliPath, 'serve', 'keeper.ts', '--port', String(port)], {})
  expect(await refusal(refused)).toBe(2)
  // the optional VAULT_AUDIT_KEY and the disabled integration's ARCHIVE_TOKEN are not asked for
  const vault = "integration 'vault' (vault)"
  expect(refused.stderr()).toBe(
    `botwire: error BW9002: botwire serve cannot start the bot: MISSING_SECRET: ${[
      needs(vault, 'VAULT_TOKEN'),
      needs(vault, 'VAULT_BACKUP_TOKEN'),
      needs(vault, 'VAULT_SIGNING_KEY'),
      needs("plugin instance 'auditor' (auditor)", 'AUDITOR_API_KEY'),
    ].join('; ')}\n`,
  )
  expect(refused.stdout()).toBe('')

  const served = serve([cliPath, 'serve', 'keeper.ts', '--port', String(port)], SET)
  await served.printed('"msg":"serving"')
  const answer = await fetch(`http://127.0.0.1:${port}/api/callAction`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ type: 'vault:readSecret', input: { path: 'a' } }),
  })
  expect([answer.status, await answer.json()]).toEqual([200, { found: true }])
  served.child.kill('SIGTERM')
  expect(await served.exited).toBe(0)
  for (const value of Object.values(SET)) expect(refused.stdout() + refused.stderr() + served.stdout() + served.stderr()).not.toContain(value)
})

it('botwire-serve of a createRuntime(stores): the store it opened is closed, then it exits 2 naming the one secret not set', async () => {
  const { VAULT_SIGNING_KEY: _notSet, ...some } = SET
  const serveBin = join(repoRoot, 'packages', 'host', 'dist', 'host', 'serveBin.js')
  const refused = serve([serveBin, 'factory.ts', '--port', '0'], { ...some, BOTWIRE_DATABASE_URL: TEST_DATABASE_URL, BOTWIRE_DATABASE_SCHEMA: schema })
  expect(await refusal(refused)).toBe(2)
  expect(refused.stderr()).toBe(
    `botwire-serve: error BW9002: botwire-serve cannot start the bot: MISSING_SECRET: ${needs("integration 'vault' (vault)", 'VAULT_SIGNING_KEY')}\n`,
  )
  expect(jsonLines(refused.stdout()).map((line) => line.msg)).toEqual(['store opened', 'store closed'])
  for (const value of Object.values(some)) expect(refused.stdout() + refused.stderr()).not.toContain(value)
})

it('is bad usage when the runtime has no missingSecrets(): an older @botwire/runtime than the host', async () => {
  const older = await runBotwire(['serve', 'older.mjs', '--port', '0'], { cwd: bot.folder, env: { BOTWIRE_DATABASE_URL: undefined } })
  expect([older.code, older.stderr]).toEqual([
    2,
    expect.stringContaining("older.mjs's runtime has no missingSecrets(): its @botwire/runtime is older than @botwire/host"),
  ])
})
