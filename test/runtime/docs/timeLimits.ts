// src/time-limits.ts: an action that does not answer in time, and a handler that does not return in time.
import { setTimeout as sleep } from 'node:timers/promises'
import { createRuntime, TimeLimitError } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../../../generated/integrations/openai/v2.0.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }

const openai = new OpenAI({
  actions: {
    // a model that takes a minute to answer, unless its signal fires first
    generateText: async ({ signal }) => {
      await sleep(60_000, undefined, { signal })
      return { message: { role: 'assistant', content: 'late' }, usage: { inputTokens: 1, outputTokens: 1 } }
    },
    moderate: () => ({ flagged: false, categories: [] }),
    listLanguageModels: () => ({ models: [gpt4o] }),
  },
})
const bot = new Bot()
bot.on.message('text', ({ signal }) => sleep(60_000, undefined, { signal })) // a minute, unless stopped

const runtime = createRuntime({
  bot,
  integrations: { openai },
  env: { OPENAI_API_KEY: 'sk-test' },
  // milliseconds; every call and handler has a limit (default 60 s for actions, 300 s for handlers)
  timeLimits: { actionMs: 30_000, handlerMs: 40, actions: { 'openai:generateText': 50 } },
})

const input = { model: gpt4o, messages: [{ role: 'user' as const, content: 'hello' }] }
for (const call of [
  { type: 'openai:generateText' as const, input },
  { type: 'openai:generateText' as const, input, timeLimitMs: 20 },
]) {
  try {
    await runtime.client.callAction(call)
  } catch (error) {
    if (error instanceof TimeLimitError) console.log(error.message)
  }
}
// -> action 'openai:generateText' did not finish within its time limit of 50 ms
// -> action 'openai:generateText' did not finish within its time limit of 20 ms

try {
  await runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {} })
} catch (error) {
  if (error instanceof TimeLimitError) console.log(`${error.handlerOwner} '${error.registeredFor}' handler: over ${error.limitMs} ms`)
}
// -> bot 'text' handler: over 40 ms
