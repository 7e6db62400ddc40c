// The examples of docs/generated-code.md, compiled by `npm run typecheck:generated` so
// that the documentation cannot drift from the generated API.

import { Bot } from '../../generated/bots/support-bot/index.js'
import { Integration } from '../../generated/integrations/openai/index.js'
import { Plugin } from '../../generated/plugins/support-assistant/index.js'

export const openai = new Integration({
  actions: {
    moderate: async ({ input }) => ({ flagged: input.text.includes('spam'), categories: [] }),
    generateText: async ({ input, ctx, client }) => {
      const key: string = ctx.configuration.apiKey
      void key
      await client.emitEvent({ type: 'textGenerated', payload: { model: input.model, duration: 120, tokenCount: 42 } })
      return { message: { role: 'assistant', content: '...' }, usage: { inputTokens: 10, outputTokens: 32 } }
    },
    listLanguageModels: async () => ({ models: [{ id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }] }),
  },
})

export const supportAssistant = new Plugin({
  actions: {
    summarize: async ({ input, client, ctx }) => {
      const { message } = await client.callAction({
        type: 'llm:generateContent',
        input: { model: input.model, messages: [{ role: 'user', content: `Summarise in ${ctx.configuration.maxWords} words` }] },
      })
      return { summary: message.content, model: input.model }
    },
    escalate: async ({ input, client }) => {
      const { ticket } = await client.callAction({ type: 'desk:openTicket', input: { subject: 'Escalated', body: '...', requester: input.requester } })
      return { ticket }
    },
  },
})
supportAssistant.on.event('llm:generationComplete', ({ event }) => void event.payload.tokenCount)

export const bot = new Bot()

bot.on.message('text', async ({ message, client, ctx, conversation }) => {
  const text: string = message.payload.text
  void text
  const { summary } = await client.callAction({
    type: 'assistantOpenai#summarize',
    input: { conversationId: conversation.id, model: { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 } },
  })
  await client.createMessage({
    conversationId: conversation.id,
    userId: ctx.botId,
    type: 'text',
    payload: { text: summary },
    tags: { topic: 'summary' },
  })
})

bot.on.message('*', async ({ message }) => {
  if (message.type === 'card') void message.payload.actions
})

bot.on.event('openai:textGenerated', ({ event }) => event.payload.tokenCount)
