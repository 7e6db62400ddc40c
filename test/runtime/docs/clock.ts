// src/clock.ts: a test that moves time instead of waiting for it.
import { createRuntime, ManualClock, TimeLimitError } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../../../generated/integrations/openai/v2.0.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }

const openai = new OpenAI({
  actions: {
    generateText: () => new Promise(() => undefined), // never answers
    moderate: () => ({ flagged: false, categories: [] }),
    listLanguageModels: () => ({ models: [gpt4o] }),
  },
})
const clock = new ManualClock('2026-05-04T12:00:00.000Z')
const runtime = createRuntime({ bot: new Bot(), integrations: { openai }, env: { OPENAI_API_KEY: 'sk-test' }, clock })

const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {} })
console.log(message.createdAt)
// -> 2026-05-04T12:00:00.000Z

const call = runtime.client
  .callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [] }, timeLimitMs: 30_000 })
  .catch((error: unknown) => console.log(error instanceof TimeLimitError ? error.message : error))
await clock.advance(30_000) // the limit fires now, not 30 s from now
await call
// -> action 'openai:generateText' did not finish within its time limit of 30000 ms
