// The host's life (docs/deploying.md#stopping-the-host, #what-a-restart-keeps): close()
// lets a request in flight finish and answer before it resolves, and takes no new one; a
// host restarted on the embedded store finds the conversation there, with its messages.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { type EmbeddedStore, openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'
import { bearer, post, startHost } from './hostWorld.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-host-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('close() waits for the request in flight, which is answered, then refuses new connections', async () => {
  let release: () => void = () => {}
  let entered: () => void = () => {}
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve
  })
  const { host } = await startHost({
    webhooks: {
      slack: async () => {
        entered()
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return Response.json({ finished: true })
      },
    },
  })
  const inFlight = post(`${host.url}/webhooks/slack`, {})
  await inHandler
  let closed = false
  const closing = host.close().then(() => {
    closed = true
  })
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(closed).toBe(false)
  release()
  const answer = await inFlight
  expect([answer.status, await answer.json()]).toEqual([200, { finished: true }])
  await closing
  expect(closed).toBe(true)
  await expect(fetch(`${host.url}/health`)).rejects.toThrow()
})

it('a host restarted on the embedded store keeps the conversation: the same thread finds it, with its earlier messages', async () => {
  const folder = await emptyEmbeddedFolder(join(root, '.botwire', 'store'))
  const event = { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2', text: 'before the restart' }
  const storesOf = (store: EmbeddedStore) => ({ store, conversationStore: store.conversationStore, stateStore: store.stateStore })
  const firstStore = await openEmbeddedStore({ folder })
  const first = await startHost({ stores: storesOf(firstStore) })
  const { conversationId } = (await (await post(`${first.host.url}/webhooks/slack`, event)).json()) as { conversationId: string }
  await first.host.close()
  await first.runtime.close()
  await firstStore.close()

  const secondStore = await openEmbeddedStore({ folder })
  const second = await startHost({ stores: storesOf(secondStore) })
  try {
    const conversation = await post(`${second.host.url}/api/getConversation`, { id: conversationId }, bearer)
    expect(conversation.status).toBe(200)
    const again = (await (await post(`${second.host.url}/webhooks/slack`, { ...event, ts: '17.3', text: 'after' })).json()) as { conversationId: string }
    expect(again.conversationId).toBe(conversationId)
    const listed = await post(`${second.host.url}/api/listMessages`, { conversationId }, bearer)
    const { messages } = (await listed.json()) as { messages: { payload: { text: string } }[] }
    expect(messages.map((m) => m.payload.text)).toEqual(['echo: after', 'after', 'echo: before the restart', 'before the restart'])
  } finally {
    await second.host.close()
    await second.runtime.close()
    await secondStore.close()
  }
}, 120_000) // two opens of PGlite: seconds on a quiet machine, near a minute on a loaded one
