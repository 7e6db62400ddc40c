// Channels, streamed calls and time limits in the generated API: chunk payloads come from
// the channel message schemas, and channel or message names that do not exist, or a payload
// of the wrong shape, do not compile.

import { type AbortSignalLike, createRuntime, type HandlerSignal, type TimeLimitOptions } from '@botwire/runtime'
import type * as bot from '../../generated/bots/support-bot/v1.0.0.js'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import * as openai from '../../generated/integrations/openai/v2.0.0.js'
import type * as llm from '../../generated/interfaces/llm/v1.0.0.js'
import * as assistant from '../../generated/plugins/support-assistant/v0.3.0.js'
import { type Equal, expectTrue } from './support.js'

const usage = { inputTokens: 1, outputTokens: 1 }

// without DOM or Node types, handlers get the runtime's own signal type
expectTrue<Equal<HandlerSignal, AbortSignalLike>>()

// ---------------------------------------------------------------- integration sends

export const sender = new openai.Integration({
  actions: {
    moderate: ({ signal }) => {
      expectTrue<Equal<typeof signal, HandlerSignal>>()
      return { flagged: signal.aborted, categories: [] }
    },
    generateText: async ({ client }) => {
      await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'a', isComplete: false } })
      // @ts-expect-error [TS2322 "boolean"] isComplete is a boolean
      await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'b', isComplete: 'yes' } })
      // @ts-expect-error [TS2741 "isComplete"] a chunk must say whether it is the last
      await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'c' } })
      // @ts-expect-error [TS2322 "\"strem\""] openai has no channel 'strem'
      await client.sendChannelMessage({ channel: 'strem', type: 'chunk', payload: { content: 'd', isComplete: true } })
      // @ts-expect-error [TS2322 "\"token\""] channel 'stream' has no message 'token'
      await client.sendChannelMessage({ channel: 'stream', type: 'token', payload: { content: 'e', isComplete: true } })
      return { message: { role: 'assistant', content: 'abc' }, usage }
    },
    listLanguageModels: () => ({ models: [] }),
  },
})

// ---------------------------------------------------------------- a plugin streams

export const consumer = new assistant.Plugin({
  actions: {
    summarize: async ({ input, client, signal }) => {
      const call = client.streamAction({
        type: 'llm:generateContent',
        input: { model: input.model, messages: [] },
        channel: 'stream',
        message: 'chunk',
        signal,
        timeLimitMs: 1000,
      })
      for await (const chunk of call.chunks) {
        expectTrue<Equal<typeof chunk, llm.StreamChunkMessage>>()
        // @ts-expect-error [TS2339 "tokens"] a chunk carries content and isComplete, nothing else
        void chunk.tokens
      }
      const output = await call.result
      expectTrue<Equal<typeof output, llm.GenerateContentOutput>>()
      // @ts-expect-error [TS2322 "\"token\""] llm's stream has no message 'token'
      client.streamAction({ type: 'llm:generateContent', input: { model: input.model, messages: [] }, channel: 'stream', message: 'token' })
      // @ts-expect-error [TS2322 "\"live\""] llm has no channel 'live'
      client.streamAction({ type: 'llm:generateContent', input: { model: input.model, messages: [] }, channel: 'live', message: 'chunk' })
      // @ts-expect-error [TS2322 "\"desk:openTicket\""] the ticketing interface declares no channel: its calls cannot be streamed
      client.streamAction({ type: 'desk:openTicket', input: { subject: 's', body: 'b', requester: { email: 'a@b.c' } }, channel: 'stream', message: 'chunk' })
      return { summary: output.message.content, model: input.model }
    },
    escalate: () => {
      throw new Error('unused')
    },
  },
})

consumer.on.channel('llm:stream', 'chunk', ({ message, ctx }) => {
  expectTrue<Equal<typeof message.payload, llm.StreamChunkMessage>>()
  expectTrue<Equal<typeof message.callId, string | null>>()
  void ctx.configuration.maxWords
})
// @ts-expect-error [TS2345 "\"token\""] llm's stream has no message 'token'
consumer.on.channel('llm:stream', 'token', () => undefined)
// @ts-expect-error [TS2345 "\"openai:stream\""] a plugin names channels by its interfaces' local names
consumer.on.channel('openai:stream', 'chunk', () => undefined)

// ---------------------------------------------------------------- the bot

const supportBot = new Bot()
supportBot.on.channel('openai:stream', 'chunk', ({ message }) => {
  expectTrue<Equal<typeof message.payload, openai.StreamChunkMessage>>()
  expectTrue<Equal<typeof message.channel, 'openai:stream'>>()
})
// @ts-expect-error [TS2345 "\"zendesk:stream\""] zendesk has no channels
supportBot.on.channel('zendesk:stream', 'chunk', () => undefined)

const limits: TimeLimitOptions<keyof bot.CallableActions> = {
  actionMs: 30_000,
  actions: { 'openai:generateText': 120_000, 'assistantOpenai#summarize': 180_000 },
}
const runtime = createRuntime({ bot: supportBot, timeLimits: limits })
const streamed = runtime.client.streamAction({
  type: 'openai:generateText',
  input: { model: { id: 'gpt-4o', provider: 'openai', contextWindow: 1 }, messages: [] },
  channel: 'stream',
  message: 'chunk',
})
expectTrue<Equal<typeof streamed.result, Promise<openai.GenerateTextOutput>>>()
const summarize = { conversationId: 'c', model: { id: 'gpt-4o', provider: 'openai' as const, contextWindow: 1 } }
// @ts-expect-error [TS2322 "\"assistantOpenai#summarize\""] a plugin action sends on no channel
runtime.client.streamAction({ type: 'assistantOpenai#summarize', input: summarize, channel: 'stream', message: 'chunk' })
export const sent = runtime.sendChannelMessage({ channel: 'claude:stream', type: 'chunk', payload: { content: 'x', isComplete: true } })
// @ts-expect-error [TS2322 "number"] content is a string
runtime.sendChannelMessage({ channel: 'claude:stream', type: 'chunk', payload: { content: 1, isComplete: true } })
// @ts-expect-error [TS2353 "openai:generateTxt"] a time limit for an action the bot cannot call
createRuntime({ bot: supportBot, timeLimits: { actions: { 'openai:generateTxt': 1 } } })
