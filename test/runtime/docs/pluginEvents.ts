// src/plugin-events.ts: a plugin emits its own event; the bot subscribes per plugin instance.
import { createRuntime } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import type { ZendeskTicket } from '../../../generated/integrations/zendesk/v1.0.0.js'
import { Plugin as SupportAssistant } from '../../../generated/plugins/support-assistant/v0.3.0.js'

const assistant = new SupportAssistant({
  actions: {
    summarize: ({ input }) => ({ summary: '(none)', model: input.model }),
    escalate: async ({ input, client }) => {
      // (a real one opens it with client.callAction({ type: 'desk:openTicket', ... }))
      const ticket: ZendeskTicket = { id: '7', subject: 'Refund', status: 'open', priority: 'high' }
      // by its name in the plugin; the payload is validated against the emitting instance's schema
      await client.emitEvent({ type: 'escalated', payload: { ticket, conversationId: input.conversationId } })
      return { ticket }
    },
  },
})

const bot = new Bot()
// '<pluginAlias>#<event>', typed with that instance's entities: zendesk's ticket, which has a priority
bot.on.event('assistantClaude#escalated', ({ event }) => {
  console.log(`${event.type}: ticket ${event.payload.ticket.id} (${event.payload.ticket.priority}) for ${event.payload.conversationId}`)
})

const runtime = createRuntime({ bot, plugins: { 'support-assistant': assistant } })
await runtime.client.callAction({
  type: 'assistantClaude#escalate',
  input: { conversationId: 'c1', requester: { email: 'ann@example.com', userId: 7 } },
})
// -> assistantClaude#escalated: ticket 7 (high) for c1
