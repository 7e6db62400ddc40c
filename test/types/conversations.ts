// Conversations, users, delivery and tags in the generated API (docs/runtime.md#conversations-and-users):
// each client is typed with exactly the tag keys it may read and write, the bot an
// integration's as '<alias>:<key>', the integration its own unprefixed; a delivery handler
// exists only for a standard type its channel carries.

import { createRuntime, type UserOf } from '@botwire/runtime'
import * as threadBot from '../../generated/bots/thread-bot/v1.0.0.js'
import * as slack from '../../generated/integrations/slack/v1.0.0.js'
import { type Equal, expectTrue } from './support.js'

expectTrue<Equal<keyof threadBot.ConversationTags, 'topic' | 'slack:channelId' | 'slack:threadTs'>>()
expectTrue<Equal<keyof threadBot.UserTags, 'customerId' | 'slack:slackUserId'>>()
expectTrue<Equal<keyof threadBot.MessageTags, 'slack:ts'>>()
expectTrue<Equal<keyof slack.Tags['conversation'], 'channelId' | 'threadTs'>>()

export const integration = new slack.Integration({
  actions: {},
  channels: {
    thread: {
      messages: {
        text: async ({ payload, conversation, user, ack, client }) => {
          expectTrue<Equal<typeof payload.text, string>>()
          expectTrue<Equal<typeof conversation.tags.channelId, string | undefined>>()
          expectTrue<Equal<typeof user, UserOf<slack.UserTags> | undefined>>()
          await ack({ tags: { ts: '1' } })
          // @ts-expect-error [TS2353 "threadTs"] a conversation tag is not a message tag
          await ack({ tags: { threadTs: '1' } })
          await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1' } })
          // @ts-expect-error [TS2353 "'slack:channelId'"] the integration writes its own keys unprefixed
          await client.getOrCreateConversation({ channel: 'thread', tags: { 'slack:channelId': 'C1' } })
          // @ts-expect-error [TS2353 "email"] a user tag slack does not declare
          await client.getOrCreateUser({ tags: { email: 'a@b.c' } })
        },
        // @ts-expect-error [TS2353 "image"] the thread channel carries no image messages
        image: async () => undefined,
      },
    },
  },
})

const bot = new threadBot.Bot()
bot.on.message('text', async ({ client }) => {
  await client.getOrCreateConversation({ integration: 'slack', channel: 'thread', tags: { 'slack:channelId': 'C1' } })
  // @ts-expect-error [TS2353 "channelId"] the bot writes an integration's keys prefixed with its alias
  await client.getOrCreateConversation({ integration: 'slack', channel: 'thread', tags: { channelId: 'C1' } })
  await client.updateUser({ id: 'u1', tags: { customerId: 'cus_1' } })
  // @ts-expect-error [TS2353 "email"] a user tag no definition declares
  await client.updateUser({ id: 'u1', tags: { email: 'a@b.c' } })
  await client.createMessage({ conversationId: 'c1', userId: 'thread-bot', type: 'text', payload: { text: 'hi' }, tags: { 'slack:ts': '1' } })
})
export const runtime = createRuntime({ bot, integrations: { slack: integration } })

// a delivery handler written on its own, typed by the generated `Deliveries`
export const deliverText: slack.Deliveries['thread']['text'] = async ({ payload, conversation, ack }) => {
  expectTrue<Equal<typeof payload.text, string>>()
  expectTrue<Equal<typeof conversation.tags.threadTs, string | undefined>>()
  await ack({ tags: { ts: '2' } })
}
export const fromItsOwnFile = new slack.Integration({ actions: {}, channels: { thread: { messages: { text: deliverText } } } })
