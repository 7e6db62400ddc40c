// src/hooks.ts: code around every incoming message, action call and outgoing message.
import { createRuntime } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../../../generated/integrations/openai/v2.0.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
const openai = new OpenAI({
  actions: {
    moderate: ({ input }) => ({ flagged: input.text.includes('spam'), categories: [] }),
    generateText: ({ input }) => ({
      message: { role: 'assistant', content: `You said: ${input.messages.at(-1)?.content ?? ''}` },
      usage: { inputTokens: 1, outputTokens: 1 },
    }),
    listLanguageModels: () => {
      console.log('listLanguageModels ran')
      return { models: [gpt4o] }
    },
  },
})

const bot = new Bot()
// before an incoming message is dispatched: change it, or stop it (stored, but no handler runs)
bot.on.beforeIncomingMessage('text', async ({ message, client }) => {
  const { flagged } = await client.callAction({ type: 'openai:moderate', input: { text: message.payload.text } })
  if (flagged) return { stop: true }
  return { message: { ...message, tags: { ...message.tags, topic: 'checked' } } }
})
// before a call: change its input, or answer in its place (the action's handler then does not run)
let known: Model[] | undefined
bot.on.beforeCallAction('openai:listLanguageModels', () => (known ? { output: { models: known } } : undefined))
// after a call: see its output, or change it
bot.on.afterCallAction('openai:listLanguageModels', ({ output }) => {
  known = output.models
})
// before an outgoing message is stored: change it, or stop it
bot.on.beforeOutgoingMessage('text', ({ message }) => ({ message: { ...message, payload: { text: message.payload.text.slice(0, 20) } } }))

bot.on.message('text', async ({ message, client, ctx, conversation }) => {
  console.log(`handler got '${message.payload.text}' (topic ${message.tags.topic})`)
  const { message: answer } = await client.callAction({
    type: 'openai:generateText',
    input: { model: gpt4o, messages: [{ role: 'user', content: message.payload.text }] },
  })
  await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: answer.content }, tags: {} })
})

const runtime = createRuntime({ bot, integrations: { openai }, env: { OPENAI_API_KEY: 'sk-test' } })
await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'buy spam' }, tags: {} })
await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello, how are you?' }, tags: {} })
// -> handler got 'hello, how are you?' (topic checked)
const { messages } = await runtime.client.listMessages({ conversationId: 'c1' })
console.log(messages.map((m) => (m.type === 'text' ? m.payload.text : m.type)).join(' | '))
// -> You said: hello, how | hello, how are you? | buy spam

await runtime.client.callAction({ type: 'openai:listLanguageModels', input: {} })
await runtime.client.callAction({ type: 'openai:listLanguageModels', input: {} })
// -> listLanguageModels ran
