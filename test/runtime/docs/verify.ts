// src/verify.ts: everything the bot needs, checked at start-up rather than at the first call.
import { createRuntime, MissingImplementationError } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { Integration as Zendesk } from '../../../generated/integrations/zendesk/v1.0.0.js'

const zendesk = new Zendesk({
  actions: {
    openTicket: ({ input }) => ({ ticket: { id: '1', subject: input.subject, status: 'open', priority: 'normal' } }),
    getTicket: ({ input }) => ({ ticket: { id: input.id, subject: 'Help', status: 'open', priority: 'normal' } }),
  },
})

try {
  createRuntime({ bot: new Bot(), integrations: { zendesk }, verify: true })
} catch (error) {
  if (!(error instanceof MissingImplementationError)) throw error
  for (const line of error.missing) console.log(line)
}
// -> integration 'openai' (alias 'openai'): not given (integrations: { 'openai': new Integration({ actions }) })
// -> integration 'anthropic' (alias 'claude'): not given (integrations: { 'anthropic': new Integration({ actions }) })
// -> plugin 'support-assistant' (instance 'assistantOpenai', 'assistantClaude'): not given (plugins: { 'support-assistant': new Plugin({ actions }) })

// The options are typed by the bot: neither of these compiles.
// createRuntime({ bot: new Bot(), integrations: { zendesk, freshdesk: zendesk } }) // the bot adds no 'freshdesk'
// createRuntime({ bot: new Bot(), integrations: { openai: zendesk } }) // zendesk's implementation is not openai's
