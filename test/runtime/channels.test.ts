// Channels on the generated support bot (docs/runtime.md#channels-and-streaming): an
// integration sends `stream.chunk` messages from its action handler; the caller that
// streams the call reads them in order, and channel handlers of the bot and of the plugin
// instances wired to that integration receive them.
import { CancelledError, createRuntime, type RuntimeError } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { Integration as Anthropic } from '../../generated/integrations/anthropic/v1.2.0.js'
import { type GenerateTextOutput, Integration as OpenAI, type StreamChunkMessage } from '../../generated/integrations/openai/v2.0.0.js'
import type { StreamChunkMessage as LlmChunk } from '../../generated/interfaces/llm/v1.0.0.js'
import { Plugin as SupportAssistant } from '../../generated/plugins/support-assistant/v0.3.0.js'
import { Bot as RelayBot } from '../fixtures/valid/renamed-members/expected/bots/relay-bot/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/renamed-members/expected/integrations/slack/v1.0.0.js'
import { Plugin as Relay } from '../fixtures/valid/renamed-members/expected/plugins/relay/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { ENV, gpt4o, sonnet } from './world.js'

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1))
const usage = { inputTokens: 1, outputTokens: 2 }

/** openai streams the words of the last message, one chunk each, the last marked complete. */
function streamingWorld(options: { chunk?: (word: string, last: boolean) => unknown } = {}) {
  const signals: { aborted: boolean; reason: unknown }[] = []
  const openai = new OpenAI({
    actions: {
      moderate: () => ({ flagged: false, categories: [] }),
      generateText: async ({ input, client, signal }) => {
        signals.push(signal)
        const words = (input.messages.at(-1)?.content ?? '').split(' ')
        for (const [i, word] of words.entries()) {
          if (signal.aborted) throw signal.reason
          const last = i === words.length - 1
          const payload = options.chunk ? options.chunk(word, last) : { content: word, isComplete: last }
          await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: payload as StreamChunkMessage })
          await tick()
        }
        return { message: { role: 'assistant', content: words.join(' ') }, usage }
      },
      listLanguageModels: () => ({ models: [gpt4o] }),
    },
  })
  const anthropic = new Anthropic({
    actions: {
      generateContent: async ({ client }) => {
        await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'claude', isComplete: true } })
        return { message: { role: 'assistant', content: 'claude' }, usage }
      },
      listLanguageModels: () => ({ models: [sonnet] }),
    },
  })
  const assistant = new SupportAssistant({
    actions: {
      summarize: async ({ input, client }) => {
        const { chunks, result } = client.streamAction({
          type: 'llm:generateContent',
          input: { model: input.model, messages: [{ role: 'user', content: input.conversationId }] },
          channel: 'stream',
          message: 'chunk',
        })
        let summary = ''
        for await (const chunk of chunks) {
          expectTypeOf(chunk).toEqualTypeOf<LlmChunk>()
          summary += `[${chunk.content}${chunk.isComplete ? '.' : ''}]`
        }
        const { message } = await result
        return { summary: `${summary} ${message.content}`, model: input.model }
      },
      escalate: () => {
        throw new Error('not in these tests')
      },
    },
  })
  const bot = new Bot()
  const runtime = createRuntime({ bot, integrations: { openai, anthropic }, plugins: { 'support-assistant': assistant }, env: ENV })
  return { bot, assistant, runtime, signals }
}

describe('streamAction', () => {
  it("gives a plugin its call's chunks in order, ending with the complete one, and the output as its result", async () => {
    const { runtime } = streamingWorld()
    const { summary } = await runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'one two three', model: gpt4o } })
    expect(summary).toBe('[one][two][three.] one two three')
    // assistantClaude's llm is claude: the plugin streams the same interface channel
    const claude = await runtime.client.callAction({ type: 'assistantClaude#summarize', input: { conversationId: 'x', model: sonnet } })
    expect(claude.summary).toBe('[claude.] claude')
  })

  it('lets the bot stream an integration action under its final names', async () => {
    const { runtime } = streamingWorld()
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'a b' }] },
      channel: 'stream',
      message: 'chunk',
    })
    expect(call.callId).toMatch(/^call-/)
    const chunks: StreamChunkMessage[] = []
    for await (const chunk of call.chunks) chunks.push(chunk)
    expect(chunks).toEqual([
      { content: 'a', isComplete: false },
      { content: 'b', isComplete: true },
    ])
    expectTypeOf(call.result).toEqualTypeOf<Promise<GenerateTextOutput>>()
    expect((await call.result).message.content).toBe('a b')
  })

  it('never mixes the chunks of two concurrent calls', async () => {
    const { runtime } = streamingWorld()
    const start = (text: string) =>
      runtime.client.streamAction({
        type: 'openai:generateText',
        input: { model: gpt4o, messages: [{ role: 'user', content: text }] },
        channel: 'stream',
        message: 'chunk',
      })
    const read = async (stream: ReturnType<typeof start>) => {
      const seen: string[] = []
      for await (const chunk of stream.chunks) seen.push(chunk.content)
      return seen
    }
    const first = start('1 2 3 4 5')
    const second = start('a b c d e')
    expect(first.callId).not.toBe(second.callId)
    expect(await Promise.all([read(first), read(second)])).toEqual([
      ['1', '2', '3', '4', '5'],
      ['a', 'b', 'c', 'd', 'e'],
    ])
  })

  it('buffers chunks for a reader that comes late, and a caller that awaits only the result is not stalled', async () => {
    const { runtime } = streamingWorld()
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'x y' }] },
      channel: 'stream',
      message: 'chunk',
    })
    await call.result
    const late: string[] = []
    for await (const chunk of call.chunks) late.push(chunk.content)
    expect(late).toEqual(['x', 'y'])
    expect(() => call.chunks[Symbol.asyncIterator]()).toThrow('can be iterated once')
  })

  it('cancels with an AbortSignal: the handler sees it, the result and the chunks reject with a CancelledError', async () => {
    const { runtime, signals } = streamingWorld()
    const controller = new AbortController()
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'a b c d e f g h' }] },
      channel: 'stream',
      message: 'chunk',
      signal: controller.signal,
    })
    const seen: string[] = []
    const reading = (async () => {
      for await (const chunk of call.chunks) {
        seen.push(chunk.content)
        if (chunk.content === 'b') controller.abort(new Error('user left'))
      }
    })()
    const error = await rejection(reading)
    expect(error).toBeInstanceOf(CancelledError)
    expect(error).toMatchObject({ code: 'CANCELLED', action: 'openai:generateText' })
    expect(error.message).toBe("action 'openai:generateText' was cancelled by its caller: user left")
    expect((error.cause as Error).message).toBe('user left')
    expect(await rejection(call.result)).toBe(error)
    expect(seen).toEqual(['a', 'b'])
    expect(signals[0]?.aborted).toBe(true)
    expect(signals[0]?.reason).toBe(error)
  })

  it('rejects a channel or message the integration does not have before the handler runs', async () => {
    const { runtime, signals } = streamingWorld()
    const input = { model: gpt4o, messages: [{ role: 'user' as const, content: 'a' }] }
    // @ts-expect-error the integration has no channel 'steam'
    const wrong = runtime.client.streamAction({ type: 'openai:generateText', input, channel: 'steam', message: 'chunk' })
    const error = await rejection(wrong.result)
    expect(error).toMatchObject({ code: 'UNKNOWN_CHANNEL' })
    expect(error.message).toBe("action 'openai:generateText': integration 'openai' (openai 2.0.0) has no channel 'steam' (its channels: stream)")
    await expect(wrong.chunks[Symbol.asyncIterator]().next()).rejects.toBe(error)
    // @ts-expect-error channel 'stream' has no message 'chunks'
    const noMessage = runtime.client.streamAction({ type: 'openai:generateText', input, channel: 'stream', message: 'chunks' })
    expect((await rejection(noMessage.result)).message).toContain("has no message 'chunks' (its messages: chunk)")
    expect(signals).toEqual([])
  })
})

describe('sendChannelMessage', () => {
  it('validates the payload against the channel message schema: the action fails, and so do its chunks', async () => {
    const { runtime } = streamingWorld({ chunk: (word) => ({ content: word }) })
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'a' }] },
      channel: 'stream',
      message: 'chunk',
    })
    const error = await rejection(call.result)
    expect(error).toMatchObject({ code: 'ACTION_FAILED', action: 'openai:generateText' })
    const cause = error.cause as RuntimeError & { issues: string[] }
    expect(cause.code).toBe('INVALID_CHANNEL_MESSAGE')
    expect(cause.message).toBe("invalid payload for message 'chunk' on channel 'openai:stream': payload.isComplete: is required")
    expect(cause.issues).toEqual(['payload.isComplete: is required'])
    await expect(call.chunks[Symbol.asyncIterator]().next()).rejects.toBe(error)
  })

  it('refuses what a call sends after its message marked complete: the sender gets the error, the stream and the handlers nothing of it', async () => {
    // openai marks 'b' complete, then sends 'c' anyway
    const { bot, runtime } = streamingWorld({ chunk: (word) => ({ content: word, isComplete: word === 'b' }) })
    const handled: string[] = []
    bot.on.channel('openai:stream', 'chunk', ({ message }) => void handled.push(message.payload.content))
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'a b c' }] },
      channel: 'stream',
      message: 'chunk',
    })
    const streamed: string[] = []
    const iterator = call.chunks[Symbol.asyncIterator]()
    let failure: unknown
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) streamed.push(next.value.content)
    } catch (error) {
      failure = error
    }
    expect(streamed).toEqual(['a', 'b'])
    expect(handled).toEqual(['a', 'b'])
    const error = await rejection(call.result)
    expect(failure).toBe(error)
    expect(error).toMatchObject({ code: 'ACTION_FAILED', action: 'openai:generateText' })
    const cause = error.cause as RuntimeError & { issues: string[] }
    expect(cause.code).toBe('INVALID_CHANNEL_MESSAGE')
    expect(cause.message).toBe(
      `sendChannelMessage of integration 'openai': message 'chunk' on channel 'openai:stream' sent after the one marked complete: call ${call.callId} already sent a 'chunk' with isComplete: true, the last of its sequence; nothing was delivered`,
    )

    // the sequence is the call's: the next call streams again, and outside any call there is none
    handled.length = 0
    await runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [{ role: 'user', content: 'b' }] } })
    await runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: { content: 'x', isComplete: true } })
    await runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: { content: 'y', isComplete: true } })
    expect(handled).toEqual(['b', 'x', 'y'])
  })

  it('lets a handler that catches the refusal end its call as it wishes', async () => {
    const openai = new OpenAI({
      actions: {
        moderate: () => ({ flagged: false, categories: [] }),
        generateText: async ({ client }) => {
          await client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'done', isComplete: true } })
          const late = await rejection(client.sendChannelMessage({ channel: 'stream', type: 'chunk', payload: { content: 'late', isComplete: false } }))
          return { message: { role: 'assistant', content: `${late.code}` }, usage }
        },
        listLanguageModels: () => ({ models: [gpt4o] }),
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { openai }, env: ENV })
    const call = runtime.client.streamAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [] }, channel: 'stream', message: 'chunk' })
    const chunks: StreamChunkMessage[] = []
    for await (const chunk of call.chunks) chunks.push(chunk)
    expect(chunks).toEqual([{ content: 'done', isComplete: true }])
    expect((await call.result).message.content).toBe('INVALID_CHANNEL_MESSAGE')
  })

  it("delivers to the bot's '<alias>:<channel>' handlers and to the plugin instances wired to that integration, with the call's id", async () => {
    const { bot, assistant, runtime } = streamingWorld()
    const seen: string[] = []
    bot.on.channel('openai:stream', 'chunk', ({ message, ctx }) => {
      expectTypeOf(message.payload).toEqualTypeOf<StreamChunkMessage>()
      expectTypeOf(message.channel).toEqualTypeOf<'openai:stream'>()
      seen.push(`bot ${message.channel} ${message.type} ${message.payload.content} ${message.callId} ${ctx.botId}`)
    })
    assistant.on.channel('llm:stream', 'chunk', ({ message, ctx }) => {
      expectTypeOf(message.payload).toEqualTypeOf<LlmChunk>()
      seen.push(`plugin(${ctx.configuration.maxWords}) ${message.channel} ${message.payload.content} ${message.callId}`)
    })
    const call = runtime.client.streamAction({
      type: 'openai:generateText',
      input: { model: gpt4o, messages: [{ role: 'user', content: 'hi' }] },
      channel: 'stream',
      message: 'chunk',
    })
    await call.result
    // only assistantOpenai (maxWords 80) is wired to openai; assistantClaude is not
    expect(seen).toEqual([`bot openai:stream chunk hi ${call.callId} support-bot`, `plugin(80) llm:stream hi ${call.callId}`])

    seen.length = 0
    // a plain callAction: no stream, the handlers still get the call's messages; claude's reach assistantClaude (maxWords 120)
    await runtime.client.callAction({ type: 'claude:generateContent', input: { model: sonnet, messages: [{ role: 'user', content: 'x' }] } })
    expect(seen).toEqual([expect.stringMatching(/^plugin\(120\) llm:stream claude call-\d+$/)])
    seen.length = 0
    bot.on.channel('claude:stream', 'chunk', ({ message }) => void seen.push(`bot ${message.channel} ${message.payload.content} ${message.callId}`))
    await runtime.client.callAction({ type: 'claude:generateContent', input: { model: sonnet, messages: [{ role: 'user', content: 'x' }] } })
    expect(seen).toEqual([expect.stringMatching(/^bot claude:stream claude call-\d+$/), expect.stringMatching(/^plugin\(120\) llm:stream claude call-\d+$/)])
  })

  it('sends outside any call from runtime.sendChannelMessage: to channel handlers only, with callId null', async () => {
    const { bot, runtime } = streamingWorld()
    const seen: unknown[] = []
    bot.on.channel('openai:stream', 'chunk', ({ message }) => void seen.push(message))
    await runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: { content: 'pushed', isComplete: true } })
    expect(seen).toEqual([{ channel: 'openai:stream', type: 'chunk', payload: { content: 'pushed', isComplete: true }, callId: null }])
    // @ts-expect-error isComplete is a boolean
    const invalid = runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: { content: 'x', isComplete: 'yes' } })
    expect(await rejection(invalid)).toMatchObject({ code: 'INVALID_CHANNEL_MESSAGE', issues: ['payload.isComplete: must be a boolean, not a string'] })
    // @ts-expect-error the bot adds no integration 'gemini'
    const unknown = runtime.sendChannelMessage({ channel: 'gemini:stream', type: 'chunk', payload: { content: 'x', isComplete: true } })
    expect(await rejection(unknown)).toMatchObject({ code: 'UNKNOWN_CHANNEL' })
  })

  it('makes the sender fail with a HandlerError when a channel handler throws', async () => {
    const { bot, runtime } = streamingWorld()
    bot.on.channel('openai:stream', 'chunk', () => {
      throw new Error('display gone')
    })
    const error = await rejection(runtime.sendChannelMessage({ channel: 'openai:stream', type: 'chunk', payload: { content: 'x', isComplete: true } }))
    expect(error).toMatchObject({ code: 'HANDLER_FAILED', handlerOwner: 'bot', registeredFor: 'openai:stream chunk' })
    expect(error.message).toBe("sendChannelMessage: the bot's handler for message 'chunk' on channel 'openai:stream' failed: display gone")
  })

  it('refuses a registration that is not a channel, a message name and a function (JavaScript callers, casts)', () => {
    const bot = new Bot()
    expect(() => bot.on.channel('stream' as 'openai:stream', '' as 'chunk', 'no' as never)).toThrow(
      "on.channel: invalid arguments: channel: must be '<alias>:<channel>', not 'stream'; type: must be a message name, not ''; handler: must be a function",
    )
  })

  it('refuses handlers for channels or messages that cannot happen when the runtime is created', () => {
    const bot = new Bot()
    const { assistant } = streamingWorld()
    const openai = new OpenAI({
      actions: {
        moderate: () => ({ flagged: false, categories: [] }),
        generateText: () => ({ message: { role: 'assistant', content: '' }, usage }),
        listLanguageModels: () => ({ models: [] }),
      },
    })
    // @ts-expect-error the bot's openai has no channel 'strem'
    bot.on.channel('openai:strem', 'chunk', () => undefined)
    // @ts-expect-error the plugin's llm channel 'stream' has no message 'token'
    assistant.on.channel('llm:stream', 'token', () => undefined)
    let error: unknown
    try {
      createRuntime({ bot, integrations: { openai }, plugins: { 'support-assistant': assistant }, env: ENV })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toMatchObject({
      code: 'INVALID_RUNTIME_OPTIONS',
      issues: [
        `bot.on.channel('openai:strem', 'chunk'): integration 'openai' (openai 2.0.0) has no channel 'strem' (its channels: stream)`,
        `plugin 'support-assistant' on.channel('llm:stream', 'token'): channel 'stream' of integration 'openai' (openai 2.0.0) has no message 'token' (its messages: chunk)`,
      ],
    })
  })
})

describe('a renamed channel (test/fixtures/valid/renamed-members: chat live -> slack socket)', () => {
  it("is sent and streamed under the integration's final name, and received by the plugin under the interface's", async () => {
    const slack = new Slack({
      actions: {
        send: () => ({ ok: true }),
        postMessage: async ({ input, client }) => {
          for (const part of input.text.split(' ')) await client.sendChannelMessage({ channel: 'socket', type: 'delta', payload: { text: part } })
          return { id: 'm1' }
        },
        react: () => ({}),
      },
    })
    const parts: string[] = []
    const handled: string[] = []
    const relay = new Relay({
      actions: {
        forward: async ({ input, client }) => {
          const call = client.streamAction({ type: 'chat:send', input: { to: input.to, text: 'hello there' }, channel: 'live', message: 'delta' })
          for await (const delta of call.chunks) parts.push(`stream ${delta.text}`)
          await call.result
          return {}
        },
      },
    })
    relay.on.channel('chat:live', 'delta', ({ message }) => void handled.push(`${message.channel} ${message.payload.text}`))
    const bot = new RelayBot()
    bot.on.channel('slack:socket', 'delta', ({ message }) => void handled.push(`${message.channel} ${message.payload.text}`))
    const runtime = createRuntime({ bot, integrations: { slack }, plugins: { relay } })
    await runtime.client.callAction({ type: 'relay#forward', input: { to: { id: 'u1', teamId: 't1' } } })
    expect(parts).toEqual(['stream hello', 'stream there'])
    expect(handled).toEqual(['slack:socket hello', 'chat:live hello', 'slack:socket there', 'chat:live there'])
  })
})
