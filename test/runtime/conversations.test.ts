// Conversations and users on an integration's channels (docs/runtime.md#conversations-and-users),
// messages coming in through the integration (docs/runtime.md#incoming-messages) and the
// bot's messages delivered by it (docs/runtime.md#delivery), on the generated helpdesk bot of
// the `conversations` fixture: slack's `thread` channel (text, image) and `dm` (the `chat`
// interface's `direct`, text only).
import { createRuntime, DeliveryError, ManualClock, TimeLimitError } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { rejection } from '../support/rejection.js'

type Delivered = { type: string; payload: unknown; conversationTags: unknown; user: unknown }

/** Slack delivers text on both channels and acknowledges with the external timestamp; `deliver` replaces its thread text delivery. */
function world(options: { deliver?: () => Promise<void>; clock?: ManualClock } = {}) {
  const delivered: Delivered[] = []
  let counter = 0
  const slack = new Slack({
    actions: {},
    channels: {
      thread: {
        messages: {
          text: async ({ payload, conversation, user, ack, message }) => {
            if (options.deliver) await options.deliver()
            delivered.push({ type: message.type, payload, conversationTags: conversation.tags, user: user?.tags })
            await ack({ tags: { ts: `1700000000.${++counter}` } })
          },
        },
      },
    },
  })
  const bot = new Bot()
  const runtime = createRuntime({
    bot,
    integrations: { slack },
    plugins: { greeter: new Greeter({ actions: {} }) },
    ...(options.clock && { clock: options.clock }),
  })
  return { runtime, bot, delivered, slack: runtime.integration('slack') }
}

describe('conversations of an integration channel', () => {
  it('getOrCreateConversation gives one record for the same tags, however often and concurrently it is called', async () => {
    const { runtime, slack } = world()
    const calls = Array.from({ length: 25 }, () => slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '17.1' } }))
    const ids = new Set((await Promise.all(calls)).map((r) => r.conversation.id))
    expect(ids.size).toBe(1)
    const other = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '17.2' } })
    expect(ids.has(other.conversation.id)).toBe(false)
    // the integration sees its keys unprefixed, the bot as '<alias>:<key>'
    const [id] = [...ids]
    const seen = await runtime.client.getConversation({ id: id as string })
    expect(seen.conversation).toMatchObject({ integration: 'slack', channel: 'thread', tags: { 'slack:channelId': 'C1', 'slack:threadTs': '17.1' } })
    expect((await slack.getConversation({ id: id as string })).conversation.tags).toEqual({ channelId: 'C1', threadTs: '17.1' })
  })

  it('discriminateByTags finds by some of the tags and creates with all of them', async () => {
    const { slack } = world()
    const first = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' }, discriminateByTags: ['channelId'] })
    const again = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '2' }, discriminateByTags: ['channelId'] })
    expect(again.conversation.id).toBe(first.conversation.id)
    expect(again.conversation.tags).toEqual({ channelId: 'C1', threadTs: '1' })
  })

  it('refuses an undeclared tag key, a channel the integration does not have and an empty value, storing nothing', async () => {
    const { runtime, slack } = world()
    // @ts-expect-error 'channelID' is not a key of slack's ConversationTags: it does not compile, and is refused at run time
    const undeclared = await rejection(slack.getOrCreateConversation({ channel: 'thread', tags: { channelID: 'C1' } }))
    expect(undeclared.code).toBe('INVALID_ARGUMENT')
    expect(undeclared.message).toContain("tags.channelID: is not a conversation tag integration 'slack' declares (it declares channelId, threadTs)")
    // a tag of another channel of the same integration
    expect((await rejection(slack.getOrCreateConversation({ channel: 'dm', tags: { channelId: 'C1' } }))).code).toBe('INVALID_ARGUMENT')
    expect((await rejection(slack.getOrCreateConversation({ channel: 'email', tags: { channelId: 'C1' } }))).message).toContain(
      "channel: must be a channel of integration 'slack' (thread, dm)",
    )
    expect((await rejection(slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: '' } }))).code).toBe('INVALID_ARGUMENT')
    expect((await runtime.client.listConversations({})).conversations).toEqual([])
  })

  it('an unknown id is NOT_FOUND', async () => {
    const { runtime, slack } = world()
    expect((await rejection(slack.getConversation({ id: 'nope' }))).code).toBe('NOT_FOUND')
    expect((await rejection(runtime.client.getUser({ id: 'nope' }))).message).toBe("getUser: no user has id 'nope'")
    expect((await rejection(runtime.client.updateConversation({ id: 'nope', tags: {} }))).code).toBe('NOT_FOUND')
  })

  it('updateConversation merges tags, removes those given as empty, and each client writes only its own keys', async () => {
    const { runtime, slack } = world()
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' } })
    await runtime.client.updateConversation({ id: conversation.id, tags: { topic: 'billing', 'greeter#language': 'fr', 'slack:threadTs': '' } })
    expect((await runtime.client.getConversation({ id: conversation.id })).conversation.tags).toEqual({
      'slack:channelId': 'C1',
      topic: 'billing',
      'greeter#language': 'fr',
    })
    expect((await slack.getConversation({ id: conversation.id })).conversation.tags).toEqual({ channelId: 'C1' })
    // a message tag is no conversation tag: it does not compile, and is refused at run time
    // @ts-expect-error 'slack:ts' is not a key of the bot's ConversationTags
    const refused = await rejection(runtime.client.updateConversation({ id: conversation.id, tags: { 'slack:ts': 'x' } }))
    expect(refused.message).toContain(
      "tags['slack:ts']: is not a conversation tag bot 'helpdesk' declares (it declares topic, slack:channelId, slack:threadTs, slack:peerId, greeter#language)",
    )
  })

  it('listConversations pages oldest first and filters by tags', async () => {
    const { runtime, slack } = world()
    for (let i = 0; i < 5; i++)
      await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: i % 2 === 0 ? 'even' : 'odd', threadTs: String(i) } })
    const first = await runtime.client.listConversations({ integration: 'slack', channel: 'thread', tags: { 'slack:channelId': 'even' }, limit: 2 })
    expect(first.conversations.map((c) => c.tags['slack:threadTs'])).toEqual(['0', '2'])
    const second = await runtime.client.listConversations({
      integration: 'slack',
      channel: 'thread',
      tags: { 'slack:channelId': 'even' },
      limit: 2,
      ...(first.meta.nextToken !== undefined && { nextToken: first.meta.nextToken }),
    })
    expect(second.conversations.map((c) => c.tags['slack:threadTs'])).toEqual(['4'])
    expect(second.meta.nextToken).toBeUndefined()
    expect((await rejection(runtime.client.listConversations({ nextToken: first.meta.nextToken ?? '' }))).code).toBe('INVALID_NEXT_TOKEN')
  })
})

describe("a plugin's own tags (docs/definitions.md#tags)", () => {
  it('a plugin writes its conversation and user tags unprefixed; the bot sees them as <alias>#<key>', async () => {
    const greeter = new Greeter({ actions: {} })
    greeter.on.message('text', async ({ client, conversation, user }) => {
      await client.updateConversation({ id: conversation.id, tags: { language: 'fr' } })
      if (user) await client.updateUser({ id: user.id, tags: { greeted: 'yes' } })
      // @ts-expect-error the plugin names its own keys unprefixed, and sees no other
      const refused = await rejection(client.updateConversation({ id: conversation.id, tags: { 'greeter#language': 'de' } }))
      expect(refused.code).toBe('INVALID_ARGUMENT')
    })
    const slack = new Slack({ actions: {} })
    const runtime = createRuntime({ bot: new Bot(), integrations: { slack }, plugins: { greeter } })
    const fromSlack = runtime.integration('slack')
    const { conversation } = await fromSlack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1' } })
    const { user } = await fromSlack.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    await runtime.receive({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'bonjour' }, tags: {} })
    expect((await runtime.client.getConversation({ id: conversation.id })).conversation.tags).toEqual({ 'slack:channelId': 'C1', 'greeter#language': 'fr' })
    expect((await runtime.client.getUser({ id: user.id })).user.tags).toEqual({ 'slack:slackUserId': 'U1', 'greeter#greeted': 'yes' })
  })

  it('a plugin writes and reads its message tags unprefixed; the bot sees them as <alias>#<key>, and the plugin sees no other', async () => {
    const greeter = new Greeter({ actions: {} })
    const seenByPlugin: unknown[] = []
    greeter.on.message('text', async ({ message, client }) => {
      seenByPlugin.push(message.tags)
      const { message: updated } = await client.updateMessage({ id: message.id, tags: { greeting: 'sent' } })
      seenByPlugin.push(updated.tags)
      // @ts-expect-error the bot's own tag is not the plugin's to write
      const refused = await rejection(client.updateMessage({ id: message.id, tags: { priority: 'low' } }))
      seenByPlugin.push(refused.code)
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { slack: new Slack({ actions: {} }) }, plugins: { greeter } })
    const stored = await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: { priority: 'high' } })
    expect(stored.tags).toEqual({ priority: 'high', 'greeter#greeting': 'sent' })
    expect(seenByPlugin).toEqual([{}, { greeting: 'sent' }, 'INVALID_ARGUMENT'])
  })
})

describe('listing every conversation', () => {
  it('pages through all of them, oldest first, neither repeating nor skipping one, while tags change', async () => {
    const { runtime, slack } = world()
    const created: string[] = []
    for (let i = 0; i < 250; i++)
      created.push(
        (await slack.getOrCreateConversation({ channel: i % 2 === 0 ? 'thread' : 'dm', tags: i % 2 === 0 ? { channelId: `C${i}` } : { peerId: `U${i}` } }))
          .conversation.id,
      )
    const seen: string[] = []
    let nextToken: string | undefined
    do {
      const page = await runtime.client.listConversations({ integration: 'slack', limit: 100, ...(nextToken !== undefined && { nextToken }) })
      seen.push(...page.conversations.map((c) => c.id))
      // an update between pages moves nothing: pages follow creation order
      const first = page.conversations[0]
      if (first) await runtime.client.updateConversation({ id: first.id, tags: { topic: 'seen' } })
      nextToken = page.meta.nextToken
    } while (nextToken !== undefined)
    expect(seen).toEqual(created)
  })
})

describe('users', () => {
  it('getOrCreateUser gives one user for the same tags, concurrent calls included; updateUser merges', async () => {
    const { runtime, slack } = world()
    const users = await Promise.all(Array.from({ length: 20 }, () => slack.getOrCreateUser({ tags: { slackUserId: 'U1' }, name: 'Ada' })))
    expect(new Set(users.map((u) => u.user.id)).size).toBe(1)
    const id = users[0]?.user.id as string
    await runtime.client.updateUser({ id, tags: { customerId: 'cus_1' }, pictureUrl: 'https://example.com/ada.png' })
    const { user } = await runtime.client.getUser({ id })
    expect(user).toMatchObject({ name: 'Ada', pictureUrl: 'https://example.com/ada.png', tags: { 'slack:slackUserId': 'U1', customerId: 'cus_1' } })
    expect((await slack.getUser({ id })).user.tags).toEqual({ slackUserId: 'U1' })
  })
})

describe('incoming messages (docs/runtime.md#incoming-messages)', () => {
  it('createMessage of the integration stores the message in its conversation and runs the handlers with conversation and user', async () => {
    const { runtime, bot, slack } = world()
    const seen: unknown[] = []
    bot.on.message('text', ({ message, conversation, user }) => {
      seen.push({ text: message.payload.text, tags: message.tags, channel: conversation.channel, conversationTags: conversation.tags, user: user?.tags })
    })
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' } })
    const { user } = await slack.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    const { message } = await slack.createMessage({
      conversationId: conversation.id,
      userId: user.id,
      type: 'text',
      payload: { text: 'hi' },
      tags: { ts: '17.5' },
    })
    expect(message).toMatchObject({ integration: 'slack', channel: 'thread', tags: { ts: '17.5' } })
    expect(seen).toEqual([
      {
        text: 'hi',
        tags: { 'slack:ts': '17.5' },
        channel: 'thread',
        conversationTags: { 'slack:channelId': 'C1', 'slack:threadTs': '1' },
        user: { 'slack:slackUserId': 'U1' },
      },
    ])
    expect((await runtime.client.listMessages({ conversationId: conversation.id })).messages).toHaveLength(1)
  })

  it('refuses an unknown conversation or user, a type the channel does not carry and an undeclared tag, storing nothing', async () => {
    const { runtime, slack } = world()
    const { conversation } = await slack.getOrCreateConversation({ channel: 'dm', tags: { peerId: 'U2' } })
    const { user } = await slack.getOrCreateUser({ tags: { slackUserId: 'U2' } })
    const base = { conversationId: conversation.id, userId: user.id, tags: {} }
    expect((await rejection(slack.createMessage({ ...base, conversationId: 'nope', type: 'text', payload: { text: 'x' } }))).code).toBe('NOT_FOUND')
    expect((await rejection(slack.createMessage({ ...base, userId: 'nope', type: 'text', payload: { text: 'x' } }))).code).toBe('NOT_FOUND')
    const image = await rejection(slack.createMessage({ ...base, type: 'image', payload: { imageUrl: 'https://example.com/a.png' } }))
    expect(image.code).toBe('INVALID_MESSAGE')
    expect(image.message).toContain("type: channel 'dm' of integration 'slack' carries no 'image' messages (it carries text)")
    const tag = await rejection(slack.createMessage({ ...base, type: 'text', payload: { text: 'x' }, tags: { ts: '1' } }))
    expect(tag.message).toContain("tags.ts: is not a message tag integration 'slack' declares (it declares externalId)")
    expect((await runtime.client.listMessages({ conversationId: conversation.id })).messages).toEqual([])
  })
})

describe('delivery (docs/runtime.md#delivery)', () => {
  it("a reply the bot creates in the conversation is handed to the channel's handler, and ack's tags are stored", async () => {
    const { bot, slack, delivered, runtime } = world()
    bot.on.message('text', async ({ client, conversation }) => {
      await client.createMessage({
        conversationId: conversation.id,
        userId: 'helpdesk',
        type: 'text',
        payload: { text: 'hello back' },
        tags: { priority: 'low' },
      })
    })
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' } })
    const { user } = await slack.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    await slack.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'hi' }, tags: {} })
    expect(delivered).toEqual([{ type: 'text', payload: { text: 'hello back' }, conversationTags: { channelId: 'C1', threadTs: '1' }, user: undefined }])
    const { messages } = await runtime.client.listMessages({ conversationId: conversation.id })
    expect(messages[0]).toMatchObject({
      payload: { text: 'hello back' },
      tags: { priority: 'low', 'slack:ts': '1700000000.1' },
      delivery: { status: 'delivered' },
    })
  })

  it('a type the channel does not carry is refused before it is stored', async () => {
    const { runtime, slack, delivered } = world()
    const { conversation } = await slack.getOrCreateConversation({ channel: 'dm', tags: { peerId: 'U1' } })
    const refused = await rejection(
      runtime.client.createMessage({
        conversationId: conversation.id,
        userId: 'helpdesk',
        type: 'image',
        payload: { imageUrl: 'https://example.com/a.png' },
        tags: {},
      }),
    )
    expect(refused.code).toBe('INVALID_MESSAGE')
    expect(delivered).toEqual([])
    expect((await runtime.client.listMessages({ conversationId: conversation.id })).messages).toEqual([])
  })

  it('a delivery that throws reaches the creator as DELIVERY_FAILED, and the stored message says it was not delivered', async () => {
    const { runtime, slack } = world({ deliver: () => Promise.reject(new Error('channel_not_found')) })
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C9' } })
    const failed = (await rejection(
      runtime.client.createMessage({ conversationId: conversation.id, userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} }),
    )) as DeliveryError
    expect(failed).toBeInstanceOf(DeliveryError)
    expect(failed.code).toBe('DELIVERY_FAILED')
    expect(failed.message).toContain('channel_not_found')
    const stored = await runtime.client.getMessage({ id: failed.messageId })
    expect(stored.message.delivery).toEqual({ status: 'failed', error: 'channel_not_found' })
  })

  it('a message type without a delivery handler fails the same way', async () => {
    const { runtime, slack } = world()
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C9' } })
    const failed = (await rejection(
      runtime.client.createMessage({
        conversationId: conversation.id,
        userId: 'helpdesk',
        type: 'image',
        payload: { imageUrl: 'https://example.com/a.png' },
        tags: {},
      }),
    )) as DeliveryError
    expect(failed.code).toBe('DELIVERY_FAILED')
    expect(failed.message).toContain("has no delivery handler for 'image' messages of channel 'thread'")
    expect((await runtime.client.getMessage({ id: failed.messageId })).message.delivery?.status).toBe('failed')
  })

  it('a delivery that outlives the action time limit fails with the TimeLimitError as its cause', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z')
    const { runtime, slack } = world({ clock, deliver: () => new Promise(() => {}) })
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C9' } })
    const pending = rejection(
      runtime.client.createMessage({ conversationId: conversation.id, userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} }),
    )
    await new Promise((resolve) => setTimeout(resolve, 5))
    clock.advance(60_000)
    const failed = (await pending) as DeliveryError
    expect(failed.code).toBe('DELIVERY_FAILED')
    expect(failed.cause).toBeInstanceOf(TimeLimitError)
    expect((await runtime.client.getMessage({ id: failed.messageId })).message.delivery?.status).toBe('failed')
  })

  it('a message in a conversation of no integration is stored as before, without delivery', async () => {
    const { runtime } = world()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} })
    expect(message.delivery).toBeUndefined()
    expect(message.integration).toBeUndefined()
  })
})
