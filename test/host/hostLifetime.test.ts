// The host's life (docs/deploying.md#stopping-the-host, #what-a-restart-keeps): close()
// lets a request in flight finish and answer before it resolves, and takes no new one; a
// host restarted on the embedded store finds the conversation's messages there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
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

it('a host restarted on the embedded store keeps the messages of a conversation (conversations and users are not kept yet)', async () => {
  const folder = await emptyEmbeddedFolder(join(root, '.botwire', 'store'))
  const event = { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2', text: 'before the restart' }
  const firstStore = await openEmbeddedStore({ folder })
  const first = await startHost({ store: firstStore })
  const { conversationId } = (await (await post(`${first.host.url}/webhooks/slack`, event)).json()) as { conversationId: string }
  await first.host.close()
  await firstStore.close()

  const secondStore = await openEmbeddedStore({ folder })
  const second = await startHost({ store: secondStore })
  try {
    const listed = await post(`${second.host.url}/api/listMessages`, { conversationId }, bearer)
    const { messages } = (await listed.json()) as { messages: { payload: { text: string } }[] }
    expect(messages.map((m) => m.payload.text)).toEqual(['echo: before the restart', 'before the restart'])
    // the conversation's record lives in the in-memory conversation store: the restart forgot it
    const conversation = await post(`${second.host.url}/api/getConversation`, { id: conversationId }, bearer)
    expect(conversation.status).toBe(404)
  } finally {
    await second.host.close()
    await secondStore.close()
  }
})
