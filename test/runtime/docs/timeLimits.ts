// src/time-limits.ts: an action that never answers, and a handler that never returns.
import { createRuntime, TimeLimitError } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../../../generated/integrations/openai/v2.0.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }

const openai = new OpenAI({
  actions: {
    // never resolves by itself; it stops when its signal fires
    generateText: ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    moderate: () => ({ flagged: false, categories: [] }),
    listLanguageModels: () => ({ models: [gpt4o] }),
  },
})
const bot = new Bot()
bot.on.message('text', () => new Promise(() => {})) // never returns

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
