// Where hooks and plugin events meet channels and time limits (docs/runtime.md#hooks,
// #time-limits): a streamed call passes the call hooks as callAction does; hooks and a
// plugin's event handlers run under the handlers' time limit with their own signal; verify
// covers what a streaming bot needs. On the generated support bot.
import { CancelledError, createRuntime, MissingImplementationError, TimeLimitError, type TimeLimitOptions } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import type { StreamChunkMessage as LlmChunk } from '../../generated/interfaces/llm/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { ENV, gpt4o, makeImplementations, text, ticket } from './world.js'

const never = () => new Promise<never>(() => undefined)
const usage = { inputTokens: 1, outputTokens: 2 }

/** The support bot whose openai:generateText streams the words of the last message; the assistant's summarize streams it. */
function streamingWorld(timeLimits?: TimeLimitOptions<'openai:generateText'>) {
  const impl = makeImplementations([])
  const ran: string[] = []
  impl.openai.actions.generateText = async ({ input, client }) => {
    ran.push('generateText')
    const words = (input.messages.at(-1)?.content ?? '').split(' ')
    for (const [i, word] of words.entries()) {
      await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: word, isComplete: i === words.length - 1 } })
    }
    return { message: { role: 'assistant', content: words.join(' ') }, usage }
  }
  const chunksSeen: string[] = []
  impl.assistant.actions.summarize = async ({ input, client }) => {
    const { chunks, result } = client.streamAction({
      type: 'llm:generateContent',
      input: { model: input.model, messages: [{ role: 'user', content: `summary of ${input.conversationId}` }] },
      channel: 'stream',
      message: 'chunk',
    })
    for await (const chunk of chunks) {
      expectTypeOf(chunk).toEqualTypeOf<LlmChunk>()
      chunksSeen.push(chunk.content)
    }
    const { message } = await result
    return { summary: message.content, model: input.model }
  }
  const bot = new Bot()
  const runtime = createRuntime({
    bot,
    integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
    plugins: { 'support-assistant': impl.assistant },
    env: ENV,
    ...(timeLimits !== undefined && { timeLimits }),
  })
  return { bot, runtime, ran, chunksSeen, ...impl }
}

describe('call hooks on streamed calls', () => {
  it("a plugin's streamAction passes its instance's hooks under its own key, then the bot's under the integration action it runs", async () => {
    const { bot, assistant, runtime, chunksSeen } = streamingWorld()
    const order: string[] = []
    assistant.on.beforeCallAction('llm:generateContent', ({ call, signal }) => {
      expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
      order.push(`plugin before ${call.type}`)
      return { input: { ...call.input, messages: [{ role: 'user', content: 'changed by the plugin' }] } }
    })
    bot.on.beforeCallAction('openai:generateText', ({ call }) => {
      order.push(`bot before ${call.type}: ${call.input.messages.at(-1)?.content}`)
    })
    bot.on.afterCallAction('openai:generateText', ({ output }) => {
      order.push('bot after')
      return { output: { ...output, message: { ...output.message, content: output.message.content.toUpperCase() } } }
    })
    assistant.on.afterCallAction('*', ({ call }) => {
      order.push(`plugin after ${call.type}`)
    })
    const { summary } = await runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c1', model: gpt4o } })
    expect(order).toEqual([
      'plugin before llm:generateContent',
      'bot before openai:generateText: changed by the plugin',
      'bot after',
      'plugin after llm:generateContent',
    ])
    // the chunks are the action's, as it sent them; the result is what the after hooks made of its output
    expect(chunksSeen).toEqual(['changed', 'by', 'the', 'plugin'])
    expect(summary).toBe('CHANGED BY THE PLUGIN')
  })

  it("the bot's streamAction passes the bot's hooks; a before hook's answer ends the stream with no chunk", async () => {
    const { bot, runtime, ran } = streamingWorld()
    const generate = { model: gpt4o, messages: [{ role: 'user' as const, content: 'one two' }] }
    const seen: string[] = []
    bot.on.beforeCallAction('openai:generateText', ({ call }) => {
      seen.push(call.type)
      if (call.input.messages.at(-1)?.content === 'cached') return { output: { message: { role: 'assistant', content: 'from the cache' }, usage } }
      return undefined
    })
    const streamed = runtime.client.streamAction({ type: 'openai:generateText', input: generate, channel: 'stream', message: 'chunk' })
    const chunks: string[] = []
    for await (const chunk of streamed.chunks) chunks.push(chunk.content)
    expect(chunks).toEqual(['one', 'two'])
    expect((await streamed.result).message.content).toBe('one two')

    const answered = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { ...generate, messages: [{ role: 'user', content: 'cached' }] },
      channel: 'stream',
      message: 'chunk',
    })
    const none: string[] = []
    for await (const chunk of answered.chunks) none.push(chunk.content)
    expect(none).toEqual([])
    expect((await answered.result).message.content).toBe('from the cache')
    expect(seen).toEqual(['openai:generateText', 'openai:generateText'])
    expect(ran).toEqual(['generateText'])
  })

  it('a call hook that throws fails the stream: the result and the chunks reject with the HookError', async () => {
    const { bot, runtime } = streamingWorld()
    bot.on.afterCallAction('*', () => {
      throw new Error('no')
    })
    const streamed = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'a b' }] },
      channel: 'stream',
      message: 'chunk',
    })
    const chunks = (async () => {
      for await (const _ of streamed.chunks);
    })()
    expect(await rejection(streamed.result)).toMatchObject({ code: 'HOOK_FAILED' })
    expect(await rejection(chunks)).toMatchObject({ code: 'HOOK_FAILED' })
  })
})

describe('time limits of hooks and plugin event handlers', () => {
  it('a call hook that never resolves is a TimeLimitError naming it, and its signal fires; the action does not run', async () => {
    const { bot, runtime, ran } = streamingWorld({ handlerMs: 30 })
    const signals: AbortSignal[] = []
    bot.on.beforeCallAction('openai:generateText', ({ signal }) => {
      signals.push(signal)
      return never()
    })
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [] } }))
    expect(error).toBeInstanceOf(TimeLimitError)
    expect(error).toMatchObject({
      code: 'TIME_LIMIT_EXCEEDED',
      message: "the bot's beforeCallAction hook for 'openai:generateText' did not finish within its time limit of 30 ms",
      limitMs: 30,
      handlerOwner: 'bot',
      hook: 'beforeCallAction',
      registeredFor: 'openai:generateText',
    })
    expect(signals[0]?.aborted).toBe(true)
    expect(signals[0]?.reason).toBe(error)
    expect(ran).toEqual([])
  })

  it("message hooks too: a plugin instance's beforeIncomingMessage hook that never resolves fails receive, naming it", async () => {
    const { assistant, runtime } = streamingWorld({ handlerMs: 20 })
    assistant.on.beforeIncomingMessage('text', () => never())
    expect(await rejection(runtime.receive(text('c1', 'hello')))).toMatchObject({
      code: 'TIME_LIMIT_EXCEEDED',
      message: "the beforeIncomingMessage hook of plugin instance 'assistantOpenai' for 'text' did not finish within its time limit of 20 ms",
      handlerOwner: 'assistantOpenai',
    })
    // nothing was stored: the hook runs before the message is
    expect((await runtime.client.listMessages({ conversationId: 'c1' })).messages).toEqual([])
  })

  it("a call hook stops when the call's caller cancels: CancelledError naming the hook", async () => {
    const { bot, runtime } = streamingWorld()
    let hookSignal: AbortSignal | undefined
    bot.on.beforeCallAction('*', ({ signal }) => {
      hookSignal = signal
      return never()
    })
    const controller = new AbortController()
    const call = runtime.client.callAction({ type: 'openai:moderate', input: { text: 'hi' }, signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort(new Error('user left'))
    const error = await rejection(call)
    expect(error).toBeInstanceOf(CancelledError)
    expect(error).toMatchObject({
      code: 'CANCELLED',
      action: 'openai:moderate',
      message: "the bot's beforeCallAction hook for '*' was cancelled by its caller: user left",
    })
    expect(hookSignal?.aborted).toBe(true)
  })

  it("a bot handler for a plugin's event gets a signal and runs under the handlers' limit: a TimeLimitError naming it", async () => {
    const { bot, assistant, runtime } = streamingWorld({ handlerMs: 25 })
    assistant.actions.escalate = async ({ input, client }) => {
      await client.emitEvent({ type: 'escalated', payload: { ticket, conversationId: input.conversationId } })
      return { ticket }
    }
    const signals: AbortSignal[] = []
    bot.on.event('assistantOpenai#escalated', ({ signal }) => {
      expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
      signals.push(signal)
      return never()
    })
    const requester = { email: 'ann@example.com', userId: 7 }
    const error = await rejection(runtime.client.callAction({ type: 'assistantOpenai#escalate', input: { conversationId: 'c1', requester } }))
    expect(error).toMatchObject({ code: 'ACTION_FAILED' })
    expect(error.cause).toBeInstanceOf(TimeLimitError)
    expect(error.cause).toMatchObject({
      message: "emitEvent: the bot's handler for event 'assistantOpenai#escalated' did not finish within its time limit of 25 ms",
      limitMs: 25,
      handlerOwner: 'bot',
      registeredFor: 'assistantOpenai#escalated',
    })
    expect(signals[0]?.aborted).toBe(true)
  })
})

describe('verify on a streaming bot', () => {
  it("lists the integration a channel handler or a streamed call needs: channels need nothing more than the integration's implementation", () => {
    const impl = makeImplementations([])
    const bot = new Bot()
    // createRuntime cannot check this registration without openai's implementation (the bot's definition lists no channels)
    bot.on.channel('openai:stream', 'chunk', () => undefined)
    const runtime = createRuntime({
      bot,
      integrations: { anthropic: impl.anthropic, zendesk: impl.zendesk },
      plugins: { 'support-assistant': impl.assistant },
      env: ENV,
    })
    let error: unknown
    try {
      runtime.verify()
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(MissingImplementationError)
    expect(error).toMatchObject({ missing: ["integration 'openai' (alias 'openai'): not given (integrations: { 'openai': new Integration({ actions }) })"] })
  })
})
