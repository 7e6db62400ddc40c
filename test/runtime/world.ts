// The generated support bot (generated/) with implementations of every integration and of
// the support-assistant plugin, recording what ran in `log`. Each call builds fresh
// instances, so that every test registers its own handlers.

import { createRuntime, type MessageStore } from '@botwire/runtime'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { Integration as Anthropic, type ClaudeModel } from '../../generated/integrations/anthropic/v1.2.0.js'
import { type Model, Integration as OpenAI } from '../../generated/integrations/openai/v2.0.0.js'
import { Integration as Zendesk, type ZendeskTicket } from '../../generated/integrations/zendesk/v1.0.0.js'
import { Plugin as SupportAssistant } from '../../generated/plugins/support-assistant/v0.3.0.js'

export const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
export const sonnet: ClaudeModel = { id: 'claude-sonnet-4', provider: 'anthropic', maxOutputTokens: 8192 }
export const ticket: ZendeskTicket = { id: '42', subject: 'Refund', status: 'open', priority: 'high' }

export const ENV = { OPENAI_API_KEY: 'sk-openai', ANTHROPIC_API_KEY: 'sk-anthropic', ZENDESK_API_TOKEN: 'zd-token' }

export function makeImplementations(log: string[]) {
  const openai = new OpenAI({
    actions: {
      moderate: ({ input }) => ({ flagged: input.text.includes('bad'), categories: [] }),
      generateText: async ({ input, ctx, client }) => {
        log.push(`openai:generateText key=${ctx.configuration.apiKey} bot=${ctx.botId}`)
        await client.emitEvent({ type: 'textGenerated', payload: { model: input.model, duration: 5, tokenCount: 3 } })
        const last = input.messages[input.messages.length - 1]
        return { message: { role: 'assistant', content: `openai says: ${last?.content ?? ''}` }, usage: { inputTokens: 1, outputTokens: 2 } }
      },
      listLanguageModels: () => ({ models: [gpt4o] }),
    },
  })
  const anthropic = new Anthropic({
    actions: {
      generateContent: ({ input, ctx }) => {
        log.push(`anthropic:generateContent key=${ctx.configuration.apiKey}`)
        const last = input.messages[input.messages.length - 1]
        return { message: { role: 'assistant', content: `claude says: ${last?.content ?? ''}` }, usage: { inputTokens: 1, outputTokens: 2 } }
      },
      listLanguageModels: () => ({ models: [sonnet] }),
    },
  })
  const zendesk = new Zendesk({
    actions: {
      openTicket: ({ input, ctx }) => {
        log.push(`zendesk:openTicket ${ctx.configuration.subdomain} ${input.subject}`)
        return { ticket: { ...ticket, subject: input.subject, requester: input.requester } }
      },
      getTicket: ({ input }) => ({ ticket: { ...ticket, id: input.id } }),
    },
  })
  const assistant = new SupportAssistant({
    actions: {
      summarize: async ({ input, ctx, client }) => {
        log.push(`assistant#summarize maxWords=${ctx.configuration.maxWords}`)
        const { message } = await client.callAction({
          type: 'llm:generateContent',
          input: { model: input.model, messages: [{ role: 'user', content: `summarize ${input.conversationId}` }] },
        })
        return { summary: message.content, model: input.model }
      },
      escalate: async ({ input, client }) => {
        const { ticket: opened } = await client.callAction({
          type: 'desk:openTicket',
          input: { subject: 'Escalation', body: input.conversationId, requester: input.requester },
        })
        return { ticket: opened }
      },
    },
  })
  return { openai, anthropic, zendesk, assistant }
}

export function makeWorld(options: { env?: { [name: string]: string | undefined }; botId?: string; store?: MessageStore } = {}) {
  const log: string[] = []
  const bot = new Bot()
  const impl = makeImplementations(log)
  const runtime = createRuntime({
    bot,
    integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
    plugins: { 'support-assistant': impl.assistant },
    env: options.env ?? ENV,
    ...(options.botId !== undefined && { botId: options.botId }),
    ...(options.store !== undefined && { store: options.store }),
  })
  return { log, bot, runtime, ...impl }
}

export function text(conversationId: string, content: string, userId = 'u1') {
  return { conversationId, userId, type: 'text' as const, payload: { text: content }, tags: {} }
}
