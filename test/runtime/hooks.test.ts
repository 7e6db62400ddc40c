// Hooks (docs/runtime.md#hooks) around incoming messages, action calls and outgoing messages,
// of the bot and of plugin instances, on the generated support bot.
import { createRuntime, HookError } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { gpt4o, makeImplementations, makeWorld, sonnet, text } from './world.js'

describe('beforeIncomingMessage', () => {
  it("runs the bot's hooks (type, then '*'), then each plugin instance's, each seeing the one before's change", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const order: string[] = []
    bot.on.beforeIncomingMessage('*', ({ message }) => {
      order.push(`bot * ${message.tags.priority ?? '-'}`)
      return { message: { ...message, tags: { ...message.tags, topic: 'seen' } } }
    })
    bot.on.beforeIncomingMessage('text', ({ message, ctx }) => {
      expectTypeOf(message.payload.text).toEqualTypeOf<string>()
      order.push(`bot text ${message.payload.text} ${ctx.botId}`)
      return { message: { ...message, payload: { text: message.payload.text.toUpperCase() }, tags: { priority: 'high' } } }
    })
    assistant.on.beforeIncomingMessage('text', ({ message, ctx }) => {
      order.push(`plugin(${ctx.configuration.maxWords}) ${message.payload.text} ${JSON.stringify(message.tags)}`)
    })
    const handled: string[] = []
    bot.on.message('text', ({ message }) => {
      handled.push(message.payload.text)
    })
    const stored = await runtime.receive(text('c1', 'hello'))
    expect(order).toEqual([
      'bot text hello support-bot',
      'bot * high',
      'plugin(80) HELLO {"priority":"high","topic":"seen"}',
      'plugin(120) HELLO {"priority":"high","topic":"seen"}',
    ])
    expect(handled).toEqual(['HELLO'])
    expect(stored).toMatchObject({ payload: { text: 'HELLO' }, tags: { priority: 'high', topic: 'seen' } })
    expect((await runtime.client.getMessage({ id: stored.id })).message).toEqual(stored)
  })

  it('{ stop: true } stores the message but runs no handler and no later hook', async () => {
    const { bot, assistant, runtime } = makeWorld()
    const ran: string[] = []
    bot.on.beforeIncomingMessage('text', ({ message }) => (message.payload.text.includes('spam') ? { stop: true } : undefined))
    assistant.on.beforeIncomingMessage('*', () => {
      ran.push('plugin hook')
    })
    bot.on.message('*', () => {
      ran.push('handler')
    })
    const stopped = await runtime.receive(text('c2', 'buy spam'))
    expect(ran).toEqual([])
    expect((await runtime.client.listMessages({ conversationId: 'c2' })).messages).toEqual([stopped])
    await runtime.receive(text('c2', 'hello'))
    expect(ran).toEqual(['plugin hook', 'plugin hook', 'handler'])
  })

  it('a changed message is validated again; an invalid one or a changed type is a HookError naming the hook', async () => {
    const { bot, runtime } = makeWorld()
    bot.on.beforeIncomingMessage('text', ({ message }) => ({ message: { ...message, payload: { text: '' } } }))
    const invalid = await rejection(runtime.receive(text('c3', 'x')))
    expect(invalid).toBeInstanceOf(HookError)
    expect(invalid).toMatchObject({
      code: 'HOOK_FAILED',
      hookOwner: 'bot',
      hook: 'beforeIncomingMessage',
      registeredFor: 'text',
      message:
        "the bot's beforeIncomingMessage hook for 'text' returned { message }: the message is invalid: receive: invalid text message: payload.text: must have at least 1 character",
    })
    expect((invalid.cause as { code?: string }).code).toBe('INVALID_MESSAGE')
    expect((await runtime.client.listMessages({ conversationId: 'c3' })).messages).toEqual([])

    const other = makeWorld()
    other.bot.on.beforeIncomingMessage('*', ({ message }) => ({ message: { ...message, type: 'image', payload: { imageUrl: 'https://x.example/a.png' } } }))
    expect((await rejection(other.runtime.receive(text('c3', 'x')))).message).toBe(
      "the bot's beforeIncomingMessage hook for '*' returned { message }: a hook cannot change the message's type (from 'text' to 'image')",
    )
  })

  it('a hook that throws is a HookError naming it, with what it threw as cause; nothing is stored', async () => {
    const { assistant, runtime } = makeWorld()
    const boom = new Error('boom')
    assistant.on.beforeIncomingMessage('*', () => {
      throw boom
    })
    const error = await rejection(runtime.receive(text('c4', 'x')))
    expect(error).toMatchObject({
      code: 'HOOK_FAILED',
      hookOwner: 'assistantOpenai',
      message: "the beforeIncomingMessage hook of plugin instance 'assistantOpenai' for '*' failed: boom",
    })
    expect(error.cause).toBe(boom)
    expect((await runtime.client.listMessages({ conversationId: 'c4' })).messages).toEqual([])
  })

  it('a hook returning another shape (JavaScript, casts) is a HookError that says what hooks return', async () => {
    const { bot, runtime } = makeWorld()
    ;(bot.on.beforeIncomingMessage as (type: string, hook: () => unknown) => void)('*', () => ({ stop: 'yes' }))
    expect((await rejection(runtime.receive(text('c5', 'x')))).message).toBe(
      "the bot's beforeIncomingMessage hook for '*' returned { stop }: a message hook returns nothing, { message } or { stop: true }",
    )
  })
})

describe('beforeCallAction and afterCallAction', () => {
  it('may change the input and the output; the caller gets what the last hook gave', async () => {
    const { bot, runtime, log } = makeWorld()
    bot.on.beforeCallAction('openai:generateText', ({ call }) => {
      expectTypeOf(call.input.model).toEqualTypeOf(gpt4o)
      return { input: { ...call.input, messages: [{ role: 'user', content: 'rewritten' }] } }
    })
    bot.on.afterCallAction('openai:generateText', ({ call, output }) => {
      expect(call.input.messages).toEqual([{ role: 'user', content: 'rewritten' }])
      return { output: { ...output, message: { ...output.message, content: `${output.message.content}!` } } }
    })
    const seen: string[] = []
    bot.on.afterCallAction('*', ({ call, output }) => {
      seen.push(`${call.type} ${JSON.stringify(output).length > 0}`)
    })
    const { message } = await runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [{ role: 'user', content: 'hi' }] } })
    expect(message.content).toBe('openai says: rewritten!')
    expect(seen).toEqual(['openai:generateText true'])
    expect(log.filter((l) => l.startsWith('openai:'))).toHaveLength(1)
  })

  it('a before hook may answer in place of the action: the handler does not run, the answer is validated', async () => {
    const { bot, runtime, log } = makeWorld()
    bot.on.beforeCallAction('openai:listLanguageModels', () => ({ output: { models: [] } }))
    expect(await runtime.client.callAction({ type: 'openai:listLanguageModels', input: {} })).toEqual({ models: [] })
    expect(log).toEqual([])

    const other = makeWorld()
    ;(other.bot.on.beforeCallAction as (type: string, hook: () => unknown) => void)('openai:listLanguageModels', () => ({ output: { model: [] } }))
    const error = await rejection(other.runtime.client.callAction({ type: 'openai:listLanguageModels', input: {} }))
    expect(error).toMatchObject({
      code: 'INVALID_OUTPUT',
      message:
        "the bot's beforeCallAction hook for 'openai:listLanguageModels' gave an invalid output for action 'openai:listLanguageModels': output.models: is required",
    })
  })

  it("a plugin instance's call passes its hooks under its own key, then the bot's under the integration action it runs; after hooks innermost first", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const order: string[] = []
    assistant.on.beforeCallAction('llm:generateContent', ({ call, ctx }) => {
      order.push(`plugin(${ctx.configuration.maxWords}) before ${call.type}`)
    })
    assistant.on.afterCallAction('*', ({ call }) => {
      order.push(`plugin after ${call.type}`)
    })
    bot.on.beforeCallAction('*', ({ call }) => {
      order.push(`bot before ${call.type}`)
    })
    bot.on.afterCallAction('*', ({ call }) => {
      order.push(`bot after ${call.type}`)
    })
    await runtime.client.callAction({ type: 'assistantClaude#summarize', input: { conversationId: 'c1', model: sonnet } })
    expect(order).toEqual([
      'bot before assistantClaude#summarize',
      'plugin(120) before llm:generateContent',
      'bot before claude:generateContent',
      'bot after claude:generateContent',
      'plugin after llm:generateContent',
      'bot after assistantClaude#summarize',
    ])
  })

  it("an answer from a plugin instance's hook never reaches the bot's hooks for the integration action", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const order: string[] = []
    assistant.on.beforeCallAction('llm:generateContent', () => ({
      output: { message: { role: 'assistant', content: 'cached' }, usage: { inputTokens: 0, outputTokens: 0 } },
    }))
    bot.on.beforeCallAction('claude:generateContent', () => {
      order.push('bot before')
    })
    bot.on.afterCallAction('claude:generateContent', () => {
      order.push('bot after')
    })
    const { summary } = await runtime.client.callAction({ type: 'assistantClaude#summarize', input: { conversationId: 'c1', model: sonnet } })
    expect(summary).toBe('cached')
    expect(order).toEqual([])
  })

  it('a call hook that throws is a HookError naming it; callAction rejects with it', async () => {
    const { bot, runtime } = makeWorld()
    bot.on.afterCallAction('openai:moderate', () => {
      throw new Error('audit log down')
    })
    const error = await rejection(runtime.client.callAction({ type: 'openai:moderate', input: { text: 'x' } }))
    expect(error).toMatchObject({
      code: 'HOOK_FAILED',
      hook: 'afterCallAction',
      registeredFor: 'openai:moderate',
      message: "the bot's afterCallAction hook for 'openai:moderate' failed: audit log down",
    })
  })
})

describe('beforeOutgoingMessage', () => {
  it("runs on createMessage: a plugin instance's hooks, then the bot's; may change the message", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const order: string[] = []
    assistant.on.beforeOutgoingMessage('text', ({ message }) => {
      order.push(`plugin ${message.payload.text}`)
      return { message: { ...message, payload: { text: `${message.payload.text} (assistant)` } } }
    })
    bot.on.beforeOutgoingMessage('*', ({ message }) => {
      order.push(`bot ${message.type}`)
    })
    assistant.on.message('text', async ({ client, ctx, conversation }) => {
      await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'noted' }, tags: {} })
    })
    await runtime.receive(text('c1', 'hi'))
    const { messages } = await runtime.client.listMessages({ conversationId: 'c1' })
    expect(messages.map((m) => (m.type === 'text' ? m.payload.text : m.type))).toEqual(['noted (assistant)', 'noted (assistant)', 'hi'])
    expect(order).toEqual(['plugin noted', 'bot text', 'plugin noted', 'bot text'])
  })

  it('{ stop: true }: nothing is stored, and createMessage says stopped', async () => {
    const { bot, runtime } = makeWorld()
    bot.on.beforeOutgoingMessage('text', ({ message }) => (message.payload.text.includes('secret') ? { stop: true } : undefined))
    const result = await runtime.client.createMessage({ conversationId: 'c2', userId: 'support-bot', type: 'text', payload: { text: 'the secret' }, tags: {} })
    expect(result.stopped).toBe(true)
    expect(result.message.payload.text).toBe('the secret')
    expect((await runtime.client.listMessages({ conversationId: 'c2' })).messages).toEqual([])
    const sent = await runtime.client.createMessage({ conversationId: 'c2', userId: 'support-bot', type: 'text', payload: { text: 'fine' }, tags: {} })
    expect(sent.stopped).toBeUndefined()
    expect((await runtime.client.listMessages({ conversationId: 'c2' })).messages).toEqual([sent.message])
  })
})

describe('registration', () => {
  it('createRuntime refuses call hooks keyed by a call that cannot happen (they would never run)', () => {
    const impl = makeImplementations([])
    const bot = new Bot()
    const botHook = bot.on.beforeCallAction as (type: string, hook: () => void) => void
    botHook('openai:chat', () => {})
    botHook('assistantGemini#summarize', () => {})
    botHook('assistantClaude#translate', () => {})
    botHook('*', () => {})
    ;(impl.assistant.on.afterCallAction as (type: string, hook: () => void) => void)('llm:chat', () => {})
    expect(() =>
      createRuntime({
        bot,
        integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
        plugins: { 'support-assistant': impl.assistant },
      }),
    ).toThrow(
      [
        "createRuntime: invalid options: bot.on.beforeCallAction('openai:chat'): integration 'openai' (openai 2.0.0) has no action 'chat' (its actions: moderate, generateText, listLanguageModels)",
        "bot.on.beforeCallAction('assistantGemini#summarize'): bot 'support-bot' adds no plugin 'assistantGemini' (its plugins: assistantOpenai, assistantClaude)",
        "bot.on.beforeCallAction('assistantClaude#translate'): plugin instance 'assistantClaude' has no action 'translate' (its actions: summarize, escalate)",
        "plugin 'support-assistant' on.afterCallAction('llm:chat'): interface 'llm' (llm 1.0.0) has no action 'chat' (its actions: generateContent, listLanguageModels)",
      ].join('; '),
    )
  })

  it('message hooks take a message type or *, and every hook must be a function (INVALID_ARGUMENT)', () => {
    const { bot } = makeWorld()
    expect(() => (bot.on.beforeOutgoingMessage as (type: string, hook: () => void) => void)('sticker', () => {})).toThrow(
      "on.beforeOutgoingMessage: invalid arguments: type: must be '*' or one of",
    )
    expect(() => (bot.on.afterCallAction as (type: string, hook: unknown) => void)('openai:moderate', 'log')).toThrow(
      'on.afterCallAction: invalid arguments: hook: must be a function',
    )
  })
})
