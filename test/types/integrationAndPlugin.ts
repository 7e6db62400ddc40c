// The example integration (openai: an own action, llm implemented with renames) and
// plugin (support-assistant: calls interface actions by the interface's names).

import * as openai from '../../generated/integrations/openai/v2.0.0.js'
import type * as llm from '../../generated/interfaces/llm/v1.0.0.js'
import type * as ticketing from '../../generated/interfaces/ticketing/v1.0.0.js'
import type * as messages from '../../generated/messages.js'
import * as assistant from '../../generated/plugins/support-assistant/v0.3.0.js'
import { type Equal, expectTrue } from './support.js'

const model: openai.Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
const usage = { inputTokens: 1, outputTokens: 2 }

// ---------------------------------------------------------------- integration

export const implementation = new openai.Integration({
  actions: {
    moderate: async ({ input, ctx }) => {
      expectTrue<Equal<typeof input, openai.ModerateInput>>()
      expectTrue<Equal<typeof ctx.configuration, openai.Configuration>>()
      expectTrue<Equal<typeof ctx.configuration.apiKey, string>>()
      expectTrue<Equal<typeof ctx.configuration.organization, string | undefined>>()
      expectTrue<Equal<typeof ctx.botId, string>>()
      // @ts-expect-error [TS2339 "region"] the configuration has no region
      void ctx.configuration.region
      return { flagged: input.text.includes('bad'), categories: [] }
    },
    generateText: async ({ input, client }) => {
      expectTrue<Equal<typeof input.model, openai.Model>>()
      expectTrue<Equal<typeof input.messages, openai.ChatMessage[]>>()
      await client.emitEvent({ type: 'textGenerated', payload: { model: input.model, duration: 12, tokenCount: 3 } })
      await client.emitEvent({
        type: 'textGenerated',
        // @ts-expect-error [TS2322 "string"] duration is a number
        payload: { model: input.model, duration: '12ms', tokenCount: 3 },
      })
      await client.emitEvent({
        type: 'textGenerated',
        // @ts-expect-error [TS2741 "contextWindow"] the event carries openai's model, which has a contextWindow
        payload: { model: { id: 'gpt-4o', provider: 'openai' }, duration: 12, tokenCount: 3 },
      })
      // @ts-expect-error [TS2322 "generationComplete"] the event is emitted under its final name, textGenerated
      await client.emitEvent({ type: 'generationComplete', payload: { model: input.model, duration: 12, tokenCount: 3 } })
      return { message: { role: 'assistant', content: 'hello' }, usage }
    },
    listLanguageModels: ({ input }) => {
      expectTrue<Equal<typeof input, Record<string, never>>>()
      return { models: [model] }
    },
  },
})
expectTrue<Equal<keyof typeof implementation.actions, 'moderate' | 'generateText' | 'listLanguageModels'>>()

new openai.Integration({
  // @ts-expect-error [TS2741 "listLanguageModels"] every action needs an implementation
  actions: {
    moderate: () => ({ flagged: false, categories: [] }),
    generateText: () => ({ message: { role: 'assistant', content: 'x' }, usage }),
  },
})

new openai.Integration({
  actions: {
    moderate: () => ({ flagged: false, categories: [] }),
    // @ts-expect-error [TS2322 "\"robot\""] a wrong action output: the role is not one of user, assistant, system
    generateText: () => ({ message: { role: 'robot', content: 'x' }, usage }),
    listLanguageModels: () => ({ models: [] }),
  },
})

new openai.Integration({
  actions: {
    // @ts-expect-error [TS2322 "categories"] a wrong action output: categories is missing
    moderate: async () => ({ flagged: false }),
    generateText: () => ({ message: { role: 'assistant', content: 'x' }, usage }),
    listLanguageModels: () => ({ models: [] }),
  },
})

new openai.Integration({
  actions: {
    moderate: () => ({ flagged: false, categories: [] }),
    generateText: () => ({ message: { role: 'assistant', content: 'x' }, usage }),
    listLanguageModels: () => ({ models: [] }),
    // @ts-expect-error [TS2561 "'generateContent' does not exist"] the interface's name is not an action of openai: it was renamed
    generateContent: () => ({ message: { role: 'assistant', content: 'x' }, usage }),
  },
})

// ---------------------------------------------------------------- plugin

export const plugin = new assistant.Plugin({
  actions: {
    summarize: async ({ input, ctx, client }) => {
      expectTrue<Equal<typeof ctx.configuration.maxWords, number>>()
      expectTrue<Equal<typeof ctx.configuration.escalateOn, string[] | undefined>>()
      // compiled against llm 1.0.0: the interface's entity, not a provider's
      expectTrue<Equal<typeof input.model, llm.ModelRef>>()
      const generated = await client.callAction({
        type: 'llm:generateContent',
        input: { model: input.model, messages: [{ role: 'system', content: `Summarise in ${ctx.configuration.maxWords} words` }], temperature: 0.2 },
      })
      expectTrue<Equal<typeof generated, llm.GenerateContentOutput>>()
      const { models } = await client.callAction({ type: 'llm:listLanguageModels', input: {} })
      expectTrue<Equal<typeof models, llm.ModelRef[]>>()
      // @ts-expect-error [TS2322 "llm:moderate"] moderate is openai's own action, not part of the llm interface
      await client.callAction({ type: 'llm:moderate', input: { text: 'x' } })
      // @ts-expect-error [TS2820 "llm:generateText"] a plugin uses the interface's action name, never an integration's rename
      await client.callAction({ type: 'llm:generateText', input: { model: input.model, messages: [] } })
      await client.callAction({
        type: 'llm:generateContent',
        // @ts-expect-error [TS2322 "\"bot\""] the interface's message role is user, assistant or system
        input: { model: input.model, messages: [{ role: 'bot', content: 'x' }] },
      })
      await client.callAction({
        type: 'llm:generateContent',
        // @ts-expect-error [TS2741 "messages"] generateContent requires messages
        input: { model: input.model },
      })
      await client.createMessage({
        conversationId: input.conversationId,
        userId: ctx.botId,
        type: 'text',
        payload: { text: generated.message.content },
        tags: {},
      })
      return { summary: generated.message.content, model: input.model }
    },
    escalate: async ({ input, client }) => {
      const { ticket } = await client.callAction({ type: 'desk:openTicket', input: { subject: 'Help', body: 'Please', requester: input.requester } })
      expectTrue<Equal<typeof ticket, ticketing.Ticket>>()
      return { ticket }
    },
  },
})

new assistant.Plugin({
  // @ts-expect-error [TS2741 "escalate"] every plugin action needs an implementation
  actions: {
    summarize: ({ input }) => ({ summary: '', model: input.model }),
  },
})

plugin.on.event('llm:generationComplete', ({ event }) => {
  expectTrue<Equal<typeof event.type, 'llm:generationComplete'>>()
  expectTrue<Equal<typeof event.payload, llm.GenerationCompleteEvent>>()
  expectTrue<Equal<typeof event.payload.tokenCount, number>>()
})
plugin.on.event('desk:ticketUpdated', ({ event }) => {
  expectTrue<Equal<typeof event.payload.ticket, ticketing.Ticket>>()
})
// @ts-expect-error [TS2345 "llm:textGenerated"] plugins listen under the interface's event name
plugin.on.event('llm:textGenerated', () => {})

plugin.on.message('image', ({ message }) => {
  expectTrue<Equal<typeof message.payload, messages.ImagePayload>>()
})
plugin.on.message('*', ({ message }) => {
  if (message.type === 'carousel') expectTrue<Equal<typeof message.payload.items, messages.CardPayload[]>>()
})

// plugin handlers may return anything too: awaited, the value ignored
plugin.on.event('llm:generationComplete', ({ event }) => event.payload.tokenCount)
plugin.on.event('desk:ticketUpdated', async ({ event, client }) => client.callAction({ type: 'desk:getTicket', input: { id: event.payload.ticket.id } }))
plugin.on.message('text', async ({ message, client, ctx, conversation }) =>
  client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: message.payload.text }, tags: {} }),
)
plugin.on.message('*', ({ client }) => client.callAction({ type: 'llm:listLanguageModels', input: {} }))

// the plugin's own generic types default to the interface entities
expectTrue<Equal<assistant.Actions['summarize']['input']['model'], llm.ModelRef>>()
expectTrue<Equal<keyof assistant.InterfaceCalls, 'llm:generateContent' | 'llm:listLanguageModels' | 'desk:openTicket' | 'desk:getTicket'>>()
