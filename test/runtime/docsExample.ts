// src/run-bot.ts: the generated support bot, its integrations and its plugin, in one process.
import { createRuntime } from '@botwire/runtime'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { Integration as Anthropic } from '../../generated/integrations/anthropic/v1.2.0.js'
import { type Model, Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import { Integration as Zendesk } from '../../generated/integrations/zendesk/v1.0.0.js'
import { Plugin as SupportAssistant } from '../../generated/plugins/support-assistant/v0.3.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }

// 1. Integrations: a handler for every action, under the integration's final names.
//    ctx.configuration holds the bot's configuration, secrets resolved.
const openai = new OpenAI({
  actions: {
    moderate: ({ input }) => ({ flagged: input.text.includes('spam'), categories: [] }),
    generateText: async ({ input, client }) => {
      await client.emitEvent({ type: 'textGenerated', payload: { model: input.model, duration: 12, tokenCount: 7 } })
      const last = input.messages.at(-1)
      return { message: { role: 'assistant', content: `You said: ${last?.content ?? ''}` }, usage: { inputTokens: 3, outputTokens: 4 } }
    },
    listLanguageModels: () => ({ models: [gpt4o] }),
  },
})
const anthropic = new Anthropic({
  actions: {
    generateContent: ({ input }) => ({
      message: { role: 'assistant', content: `Claude read ${input.messages.length} messages` },
      usage: { inputTokens: 1, outputTokens: 1 },
    }),
    listLanguageModels: () => ({ models: [] }),
  },
})
const zendesk = new Zendesk({
  actions: {
    openTicket: ({ input }) => ({ ticket: { id: '1', subject: input.subject, status: 'open', priority: 'normal', requester: input.requester } }),
    getTicket: ({ input }) => ({ ticket: { id: input.id, subject: 'Help', status: 'open', priority: 'normal' } }),
  },
})

// 2. The plugin: its actions call interface actions ('llm:generateContent'); the runtime
//    sends each instance's calls to the integration the bot wired it to.
const assistant = new SupportAssistant({
  actions: {
    summarize: async ({ input, ctx, client }) => {
      const { message } = await client.callAction({
        type: 'llm:generateContent',
        input: { model: input.model, messages: [{ role: 'user', content: `Summarise ${input.conversationId} in ${ctx.configuration.maxWords} words` }] },
      })
      return { summary: message.content, model: input.model }
    },
    escalate: async ({ input, client }) => {
      const { ticket } = await client.callAction({
        type: 'desk:openTicket',
        input: { subject: 'Escalated', body: input.conversationId, requester: input.requester },
      })
      return { ticket }
    },
  },
})
assistant.on.event('llm:generationComplete', ({ event, ctx }) => {
  console.log(`assistant (maxWords ${ctx.configuration.maxWords}) got ${event.type}`)
})

// 3. The bot: message and event handlers.
const bot = new Bot()
bot.on.message('text', async ({ message, client, ctx, conversation }) => {
  const { message: answer } = await client.callAction({
    type: 'openai:generateText',
    input: { model: gpt4o, messages: [{ role: 'user', content: message.payload.text }] },
  })
  // messages the bot creates are not dispatched to handlers again
  await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: answer.content }, tags: { topic: 'answer' } })
})
bot.on.event('openai:textGenerated', ({ event }) => {
  console.log(`bot got openai:textGenerated from ${event.payload.model.id}`)
})

// 4. Run it.
const runtime = createRuntime({
  bot,
  integrations: { openai, anthropic, zendesk }, // by integration NAME
  plugins: { 'support-assistant': assistant }, // by plugin NAME
  env: { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test', ZENDESK_API_TOKEN: 'zd-test' }, // default: process.env
})

await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: { priority: 'high' } })
// -> bot got openai:textGenerated from gpt-4o
// -> assistant (maxWords 80) got llm:generationComplete

const page = await runtime.client.listMessages({ conversationId: 'c1' })
for (const m of page.messages) console.log(`${m.userId}: ${m.type === 'text' ? m.payload.text : m.type}`)
// -> support-bot: You said: hello
// -> u1: hello

const { summary } = await runtime.client.callAction({
  type: 'assistantClaude#summarize',
  input: { conversationId: 'c1', model: { id: 'claude-sonnet-4', provider: 'anthropic', maxOutputTokens: 8192 } },
})
console.log(summary)
// -> Claude read 1 messages
