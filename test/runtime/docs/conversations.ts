// src/slack-thread.ts: a message comes in through Slack; the bot's answer goes out through Slack.
import { createRuntime } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/thread-bot/v1.0.0.js'
import { Integration as Slack } from '../../../generated/integrations/slack/v1.0.0.js'

// 1. The integration delivers what the bot creates in its `thread` conversations, and
//    acknowledges with the id Slack gave the message (a message tag).
const slack = new Slack({
  actions: {},
  channels: {
    thread: {
      messages: {
        text: async ({ payload, conversation, ack }) => {
          console.log(`to Slack ${conversation.tags.channelId}/${conversation.tags.threadTs}: ${payload.text}`)
          await ack({ tags: { ts: '1700000000.000200' } })
        },
      },
    },
  },
})

// 2. The bot answers in the conversation the message came in, by its id: nothing names Slack.
const bot = new Bot()
bot.on.message('text', async ({ message, conversation, user, client }) => {
  console.log(`from ${user?.tags['slack:slackUserId']} in ${conversation.channel}: ${message.payload.text}`)
  await client.createMessage({ conversationId: conversation.id, userId: 'thread-bot', type: 'text', payload: { text: 'On it!' }, tags: {} })
})
const runtime = createRuntime({ bot, integrations: { slack } })

// 3. What a webhook of the integration does: the conversation and user for Slack's ids
//    (one record each, however often it is called), then the message coming in.
const fromSlack = runtime.integration('slack')
const { conversation } = await fromSlack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C042', threadTs: '1700000000.000100' } })
const { user } = await fromSlack.getOrCreateUser({ tags: { slackUserId: 'U7' }, name: 'Ada' })
await fromSlack.createMessage({
  conversationId: conversation.id,
  userId: user.id,
  type: 'text',
  payload: { text: 'My order is late' },
  tags: { ts: '1700000000.000100' },
})
// -> from U7 in thread: My order is late
// -> to Slack C042/1700000000.000100: On it!

// 4. The bot's answer is stored with what Slack gave back, and says it was delivered.
const { messages } = await runtime.client.listMessages({ conversationId: conversation.id })
console.log(JSON.stringify(messages.map((m) => [m.payload, m.tags, m.delivery?.status ?? 'came in'])))
// -> [[{"text":"On it!"},{"slack:ts":"1700000000.000200"},"delivered"],[{"text":"My order is late"},{"slack:ts":"1700000000.000100"},"came in"]]
