// A runtime on the embedded store, restarted: the states it set are there for the next
// runtime on the same folder, and getOrSetState finds them rather than setting its default
// (docs/runtime.md#the-embedded-store, docs/runtime.md#states).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRuntime } from '@botwire/runtime'
import { afterAll, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { Bot } from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import { Integration as Chat } from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import { Plugin as Reminders } from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-states-restart-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function start(folder: string) {
  const store = await openEmbeddedStore({ folder })
  const runtime = createRuntime({
    bot: new Bot(),
    integrations: { chat: new Chat({ actions: { post: async () => ({ id: 'p' }) } }) },
    plugins: { reminders: new Reminders({ actions: { remind: async () => ({ count: 0 }) } }) },
    store,
    conversationStore: store.conversationStore,
    stateStore: store.stateStore,
  })
  return { store, runtime, client: runtime.client }
}

const profile = { type: 'user', id: 'u1', name: 'profile' } as const

it('keeps its states across a restart on the same folder', async () => {
  const folder = await emptyEmbeddedFolder(join(root, 'store'))
  const first = await start(folder)
  await first.client.setState({ ...profile, payload: { name: 'Ada' } })
  const { state: patched } = await first.client.patchState({ ...profile, payload: { visits: 2 } })
  // the runtime first: it sweeps the store for expired states until it is closed
  await first.runtime.close()
  await first.store.close()

  const second = await start(folder)
  try {
    expect((await second.client.getState(profile)).state).toEqual(patched)
    expect((await second.client.getOrSetState({ ...profile, payload: { name: 'Bob' } })).state).toEqual(patched)
    await second.client.setState({ ...profile, payload: null })
    expect((await second.client.getState(profile)).state).toBeNull()
  } finally {
    await second.runtime.close()
    await second.store.close()
  }
})
