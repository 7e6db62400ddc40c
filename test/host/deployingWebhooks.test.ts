// The implementations of docs/deploying.md#webhooks as written: each block is written into a folder of
// node_modules/.cache/botwire with its `./generated/` import pointed at the fixture it was written for
// (slack of `conversations`, relay of `webhook-routing`), imported, given to a runtime and
// served by a started host, then called over HTTP.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { createRuntime } from '@botwire/runtime'
import { afterAll, expect, it } from 'vitest'
import { createHost, type Host } from '../../src/host/index.js'
import { Bot as Helpdesk } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { Bot as FrontDesk } from '../fixtures/valid/webhook-routing/expected/bots/front-desk/v1.0.0.js'
import type { Integration as Relay } from '../fixtures/valid/webhook-routing/expected/integrations/relay/v1.0.0.js'
import { codeBlocks } from '../support/markdownBlocks.js'
import { post } from './hostWorld.js'

/** where the page's blocks are written for the run (node_modules/.cache/botwire, as the other tests' work) */
const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'botwire')
const page = codeBlocks(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'deploying.md'), 'utf8'))
const written: string[] = []
const hosts: Host[] = []
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()))
  for (const file of written) rmSync(dirname(file), { recursive: true, force: true })
})

/** The page's block that makes `new <name>(` (not serve's `src/bot.ts`, which servedProject.test.ts runs), written beside this test with its import pointed at `fixture`, and imported. */
async function pageModule(name: string, fixture: string): Promise<{ [name: string]: unknown }> {
  const block = page.find((b) => b.language === 'ts' && b.text.includes(`new ${name}(`) && !b.text.startsWith('// src/bot.ts'))
  expect(block, `docs/deploying.md shows an implementation of ${name}`).toBeDefined()
  // outside test/ and src/, so that the tests reading every file there never meet it half-gone
  mkdirSync(CACHE, { recursive: true })
  const folder = mkdtempSync(join(CACHE, 'deploying-'))
  const expected = relative(folder, join(import.meta.dirname, '..', 'fixtures', 'valid', fixture, 'expected'))
    .split('\\')
    .join('/')
  const text = (block?.text ?? '').replaceAll("'./generated/", `'${expected}/`)
  const file = join(folder, `${name.toLowerCase()}.ts`)
  writeFileSync(file, text)
  written.push(file)
  return (await import(file)) as { [name: string]: unknown }
}

it("serves the page's slack implementation at /webhooks/slack", async () => {
  const { slack } = await pageModule('Slack', 'conversations')
  const runtime = createRuntime({ bot: new Helpdesk(), integrations: { slack: slack as never }, plugins: { greeter: new Greeter({ actions: {} }) } })
  const host = await createHost({ runtime, port: 0 })
  hosts.push(host)
  const answer = await post(`${host.url}/webhooks/slack`, { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2', text: 'hello' })
  expect(answer.status).toBe(200)
  const body = (await answer.json()) as { ok: boolean; bot: string; conversationId: string }
  expect(body).toMatchObject({ ok: true, bot: 'helpdesk' })
  const { messages } = await runtime.client.listMessages({ conversationId: body.conversationId })
  expect(messages.map((m) => m.payload)).toEqual([{ text: 'hello' }])
})

it("routes to the page's relay implementation by the workspace a request names", async () => {
  const { relay } = await pageModule('Relay', 'webhook-routing')
  const runtime = createRuntime({ bot: new FrontDesk(), integrations: { relay: relay as Relay }, env: { RELAY_SIGNING_SECRET: 's' } })
  const host = await createHost({ runtime, port: 0 })
  hosts.push(host)
  const answer = await post(`${host.url}/webhooks/integration/relay`, { workspace: 'W-SOUTH' })
  expect(await answer.json()).toEqual({ bot: 'front-desk', alias: 'south', workspace: 'W-SOUTH' })
  expect((await post(`${host.url}/webhooks/integration/relay`, { workspace: 'W-NONE' })).status).toBe(404)
})
