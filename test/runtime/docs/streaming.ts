// src/stream-summary.ts: a plugin streams a model's answer chunk by chunk; the bot counts chunks.
import { createRuntime, RuntimeError } from '@botwire/runtime'
import { Bot } from '../../../generated/bots/support-bot/v1.0.0.js'
import { type Model, Integration as OpenAI } from '../../../generated/integrations/openai/v2.0.0.js'
import { Plugin as SupportAssistant } from '../../../generated/plugins/support-assistant/v0.3.0.js'

const gpt4o: Model = { id: 'gpt-4o', provider: 'openai', contextWindow: 128000 }
const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

// 1. The integration sends each piece on its `stream` channel (its final name) while it
//    generates, the last one marked complete. `signal` fires if the caller cancels.
const openai = new OpenAI({
  actions: {
    generateText: async ({ client, signal }) => {
      const words = ['Streaming', 'works', 'fine']
      for (const [i, word] of words.entries()) {
        signal.throwIfAborted()
        await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: word, isComplete: i === words.length - 1 } })
        await pause()
      }
      return { message: { role: 'assistant', content: words.join(' ') }, usage: { inputTokens: 4, outputTokens: 3 } }
    },
    moderate: () => ({ flagged: false, categories: [] }),
    listLanguageModels: () => ({ models: [gpt4o] }),
  },
})

// 2. The plugin streams THAT call, under the interface's names: `chunks` yields its
//    `stream.chunk` payloads in order and ends with the call; `result` is the output.
const assistant = new SupportAssistant({
  actions: {
    summarize: async ({ input, client, signal }) => {
      const { chunks, result } = client.streamAction({
        type: 'llm:generateContent',
        input: { model: input.model, messages: [{ role: 'user', content: `Summarise ${input.conversationId}` }] },
        channel: 'stream',
        message: 'chunk',
        signal, // cancelling the summary cancels the generation
      })
      for await (const chunk of chunks) console.log(`chunk: ${chunk.content}${chunk.isComplete ? ' (complete)' : ''}`)
      const { message } = await result
      return { summary: message.content, model: input.model }
    },
    escalate: () => {
      throw new Error('not in this example')
    },
  },
})

// 3. Channel handlers get every message of a channel, with the id of the call that sent it.
const bot = new Bot()
const seen = new Set<string | null>()
let chunksSeen = 0
bot.on.channel('openai:stream', 'chunk', ({ message }) => {
  chunksSeen++
  seen.add(message.callId)
})

const runtime = createRuntime({ bot, integrations: { openai }, plugins: { 'support-assistant': assistant }, env: { OPENAI_API_KEY: 'sk-test' } })

const { summary } = await runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c1', model: gpt4o } })
console.log(`${summary}: the bot saw ${chunksSeen} chunks of ${seen.size} call`)
// -> chunk: Streaming
// -> chunk: works
// -> chunk: fine (complete)
// -> Streaming works fine: the bot saw 3 chunks of 1 call

// 4. Cancelling: abort the signal; the call and its chunks reject, the handler's signal fires.
const controller = new AbortController()
const call = runtime.client.streamAction({
  type: 'openai:generateText',
  input: { model: gpt4o, messages: [{ role: 'user', content: 'Tell me everything' }] },
  channel: 'stream',
  message: 'chunk',
  signal: controller.signal,
})
try {
  for await (const chunk of call.chunks) {
    console.log(`first chunk: ${chunk.content}`)
    controller.abort()
  }
} catch (error) {
  if (error instanceof RuntimeError) console.log(`${error.code}: ${error.message}`)
}
// -> first chunk: Streaming
// -> CANCELLED: action 'openai:generateText' was cancelled by its caller: This operation was aborted
