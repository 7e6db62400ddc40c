// A plugin's own events: its client emits them in the plugin's terms; the bot subscribes per
// instance ('<pluginAlias>#<event>'), typed with that instance's dereferenced entities.

import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import type { ZendeskTicket } from '../../generated/integrations/zendesk/v1.0.0.js'
import type * as ticketing from '../../generated/interfaces/ticketing/v1.0.0.js'
import { Plugin } from '../../generated/plugins/support-assistant/v0.3.0.js'
import { type Equal, expectTrue } from './support.js'

const requester: ticketing.Requester = { email: 'ann@example.com' }

export const assistant = new Plugin({
  actions: {
    summarize: async ({ input }) => ({ summary: '', model: input.model }),
    escalate: async ({ input, client }) => {
      const { ticket } = await client.callAction({ type: 'desk:openTicket', input: { subject: 's', body: 'b', requester: input.requester } })
      await client.emitEvent({ type: 'escalated', payload: { ticket, conversationId: input.conversationId } })
      // @ts-expect-error [TS2322 "escalate"] the plugin declares no event 'escalate'
      await client.emitEvent({ type: 'escalate', payload: { ticket, conversationId: input.conversationId } })
      // @ts-expect-error [TS2741 "conversationId"] the payload lacks conversationId
      await client.emitEvent({ type: 'escalated', payload: { ticket } })
      // @ts-expect-error [TS2322 "number"] conversationId is a string
      await client.emitEvent({ type: 'escalated', payload: { ticket, conversationId: 7 } })
      return { ticket }
    },
  },
})

assistant.on.message('text', async ({ client }) => {
  await client.emitEvent({ type: 'escalated', payload: { ticket: { id: '1', subject: 's', status: 'open', requester }, conversationId: 'c' } })
})

const bot = new Bot()
bot.on.event('assistantClaude#escalated', ({ event }) => {
  expectTrue<Equal<typeof event.type, 'assistantClaude#escalated'>>()
  // the instance's view: zendesk's ticket, not the interface's
  expectTrue<Equal<typeof event.payload.ticket, ZendeskTicket>>()
  expectTrue<Equal<typeof event.payload.conversationId, string>>()
})
// @ts-expect-error [TS2345 "assistantGemini#escalated"] the bot adds no plugin instance 'assistantGemini'
bot.on.event('assistantGemini#escalated', () => {})
// @ts-expect-error [TS2345 "assistantClaude#closed"] the plugin declares no event 'closed'
bot.on.event('assistantClaude#closed', () => {})
bot.on.event('assistantOpenai#escalated', ({ event }) => {
  // @ts-expect-error [TS2339 "model"] the event carries no model
  void event.payload.model
})
