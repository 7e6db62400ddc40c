// Hooks are typed from the definitions: message hooks by message type and the owner's tags,
// call hooks by the owner's callAction keys; a hook returning the wrong shape does not compile.

import type { HandlerSignal } from '@botwire/runtime'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import type { Model } from '../../generated/integrations/openai/v2.0.0.js'
import type * as llm from '../../generated/interfaces/llm/v1.0.0.js'
import { Plugin } from '../../generated/plugins/support-assistant/v0.3.0.js'
import { type Equal, expectTrue } from './support.js'

const bot = new Bot()

bot.on.beforeIncomingMessage('text', ({ message, ctx }) => {
  expectTrue<Equal<typeof message.payload.text, string>>()
  expectTrue<Equal<typeof message.tags.priority, string | undefined>>()
  expectTrue<Equal<typeof ctx.botId, string>>()
  return { message: { ...message, tags: { topic: 'greeting' } } }
})
bot.on.beforeIncomingMessage('*', () => ({ stop: true }))
bot.on.beforeIncomingMessage('text', () => {})
// @ts-expect-error [TS2322 "Type 'false' is not assignable to type 'true'"] stopping is { stop: true }, not { stop: false }
bot.on.beforeIncomingMessage('text', () => ({ stop: false }))
// @ts-expect-error [TS2353 "'mood' does not exist in type 'MessageTags'"] the bot declares no tag 'mood'
bot.on.beforeIncomingMessage('text', ({ message }) => ({ message: { ...message, tags: { mood: 'happy' } } }))
// @ts-expect-error [TS2322 "image" "is not assignable to type '\"text\"'"] a 'text' hook returns a text message
bot.on.beforeIncomingMessage('text', ({ message }) => ({ message: { ...message, type: 'image' as const } }))
// @ts-expect-error [TS2345 "sticker"] no message type 'sticker'
bot.on.beforeIncomingMessage('sticker', () => {})

bot.on.beforeCallAction('openai:generateText', ({ call }) => {
  expectTrue<Equal<typeof call.type, 'openai:generateText'>>()
  expectTrue<Equal<typeof call.input.model, Model>>()
  return { input: { ...call.input, temperature: 0 } }
})
bot.on.beforeCallAction('openai:listLanguageModels', () => ({ output: { models: [] } }))
// @ts-expect-error [TS2322 "Type 'number' is not assignable to type 'Model[]'"] the answer must be the action's output: models is a list
bot.on.beforeCallAction('openai:listLanguageModels', () => ({ output: { models: 3 } }))
// @ts-expect-error [TS2322 "{ result:"] a before hook returns nothing, { input } or { output }
bot.on.beforeCallAction('openai:moderate', () => ({ result: { flagged: false, categories: [] } }))
// @ts-expect-error [TS2345 "openai:chat"] the bot has no action 'openai:chat'
bot.on.beforeCallAction('openai:chat', () => {})
bot.on.afterCallAction('assistantClaude#summarize', ({ call, output }) => {
  expectTrue<Equal<typeof call.input.model.provider, 'anthropic'>>()
  return { output: { ...output, summary: output.summary.trim() } }
})
// @ts-expect-error [TS2322 "{ input: ModerateInput; }' is not assignable"] an after hook returns nothing or { output }
bot.on.afterCallAction('openai:moderate', ({ call }) => ({ input: call.input }))

bot.on.beforeOutgoingMessage('card', ({ message }) => {
  expectTrue<Equal<typeof message.type, 'card'>>()
})

export const plugin = new Plugin({
  actions: {
    summarize: async ({ input }) => ({ summary: '', model: input.model }),
    escalate: async ({ input }) => ({ ticket: { id: '1', subject: 's', status: 'open', requester: input.requester } }),
  },
})
plugin.on.beforeCallAction('llm:generateContent', ({ call, ctx }) => {
  expectTrue<Equal<typeof call.input.model, llm.ModelRef>>()
  expectTrue<Equal<typeof ctx.configuration.maxWords, number>>()
})
// @ts-expect-error [TS2345 "openai:generateText"] a plugin's hooks use its own keys ('<local>:<action>')
plugin.on.beforeCallAction('openai:generateText', () => {})
plugin.on.beforeOutgoingMessage('text', ({ message }) => ({ message: { ...message, payload: { text: message.payload.text.slice(0, 100) } } }))

// every hook gets its own `signal`, as handlers do (time limits); a call hook's `call` is
// `{ type, input }`, without the caller's signal or time limit
bot.on.beforeCallAction('*', ({ call, signal }) => {
  expectTrue<Equal<typeof signal, HandlerSignal>>()
  // @ts-expect-error [TS2339 "Property 'signal' does not exist"] the caller's signal is not the hook's to read
  void call.signal
})
bot.on.afterCallAction('openai:generateText', ({ signal }) => {
  expectTrue<Equal<typeof signal, HandlerSignal>>()
})
bot.on.beforeOutgoingMessage('text', ({ signal }) => {
  expectTrue<Equal<typeof signal, HandlerSignal>>()
})

// "no change" is also what a function returning void or Promise<void> gives: a hook whose
// body calls one (a log, a wait) is a hook of any kind
declare function sleep(ms: number, signal: HandlerSignal): Promise<void>
declare function touch(value: unknown): void
bot.on.beforeCallAction('openai:listLanguageModels', ({ signal }) => sleep(1000, signal))
bot.on.afterCallAction('openai:listLanguageModels', ({ output }) => touch(output))
bot.on.beforeIncomingMessage('text', ({ message }) => touch(message))
bot.on.beforeOutgoingMessage('*', async ({ signal }) => {
  await sleep(10, signal)
})
plugin.on.beforeCallAction('*', ({ signal }) => sleep(1000, signal))
plugin.on.afterCallAction('llm:generateContent', ({ call }) => touch(call))
// a hook may be a named function declared to return void or Promise<void> (issue #34 item 8),
// written in its own file and passed as it is, for every kind of hook, on a bot and a plugin
declare function auditMessage(args: { message: unknown }): void
async function waitAMoment(): Promise<void> {}
function noteCall(args: { call: unknown }): void {
  touch(args.call)
}
bot.on.beforeIncomingMessage('*', auditMessage)
bot.on.beforeOutgoingMessage('text', waitAMoment)
bot.on.beforeCallAction('*', noteCall)
bot.on.afterCallAction('openai:moderate', waitAMoment)
plugin.on.beforeIncomingMessage('*', auditMessage)
plugin.on.afterCallAction('*', noteCall)
// @ts-expect-error [TS2322 "Promise<number>"] a function that resolves to a number is no hook
bot.on.afterCallAction('openai:moderate', async (): Promise<number> => 3)
// a '*' hook sees every key and may still change what it narrows to
bot.on.beforeCallAction('*', ({ call }) => (call.type === 'openai:moderate' ? { input: { text: call.input.text.trim() } } : undefined))
bot.on.beforeIncomingMessage('*', ({ message }) => (message.type === 'text' ? { message: { ...message, payload: { text: '' } } } : undefined))
// @ts-expect-error [TS2322 "Type 'number' is not assignable to type 'NoChange | { input: ModerateInput; } | { output: ModerateOutput; }'"] a number is no answer, awaited or not
bot.on.beforeCallAction('openai:moderate', async () => 3)

// what a hook returns wrong is an error at what it returns, not at the registrar's key
bot.on.beforeCallAction('openai:listLanguageModels', () => ({
  // @ts-expect-error [TS2322 "Type 'number' is not assignable to type 'Model[]'"] the error is on this line, not the call's
  output: { models: 3 },
}))
bot.on.beforeIncomingMessage('text', () => ({
  // @ts-expect-error [TS2322 "Type 'false' is not assignable to type 'true'"] the error is on this line, not the call's
  stop: false,
}))
