// A runtime on the embedded store, restarted: the conversations, users and messages it made
// are there for the next runtime on the same folder, found by the same tags
// (docs/runtime.md#the-embedded-store, docs/runtime.md#conversations-and-users).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRuntime } from '@botwire/runtime'
import { afterAll, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-runtime-restart-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

async function start(folder: string) {
  const store = await openEmbeddedStore({ folder })
  const runtime = createRuntime({
    bot: new Bot(),
    integrations: { slack: new Slack({ actions: {}, channels: { thread: { messages: { text: async () => {} } } } }) },
    plugins: { greeter: new Greeter({ actions: {} }) },
    store,
    conversationStore: store.conversationStore,
  })
  return { store, runtime, slack: runtime.integration('slack') }
}

it('keeps its conversations, users and messages across a restart on the same folder', async () => {
  const folder = await emptyEmbeddedFolder(join(root, 'store'))
  const first = await start(folder)
  const created = await first.slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1' } })
  const { conversation } = await first.slack.updateConversation({ id: created.conversation.id, tags: { threadTs: '1' } })
  expect(conversation.tags).toEqual({ channelId: 'C1', threadTs: '1' })
  const { user } = await first.slack.getOrCreateUser({ tags: { slackUserId: 'U1' }, name: 'Ada' })
  const { message } = await first.slack.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'hello' }, tags: {} })
  await first.store.close()

  const second = await start(folder)
  try {
    const again = await second.slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' } })
    expect(again.conversation).toEqual(conversation)
    expect((await second.slack.getOrCreateUser({ tags: { slackUserId: 'U1' } })).user).toEqual(user)
    expect((await second.slack.getUser({ id: user.id })).user.name).toBe('Ada')
    const listed = await second.slack.listConversations({ channel: 'thread' })
    expect(listed.conversations.map((c) => c.id)).toEqual([conversation.id])
    const messages = await second.runtime.client.listMessages({ conversationId: conversation.id })
    expect(messages.messages.map((m) => m.id)).toContain(message.id)
  } finally {
    await second.store.close()
  }
})
