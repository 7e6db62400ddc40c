// receive (message handlers of the bot and of each plugin instance) and events emitted by
// integrations (docs/runtime.md#receive-conversationid-userid-type-payload-tags-,
// docs/runtime.md#events-clientemitevent-type-payload-), on the generated support bot.
import { createRuntime, HandlerError, MissingSecretError } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { rejection } from '../support/rejection.js'
import { gpt4o, makeWorld, sonnet, text, ticket } from './world.js'

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 2))

describe('receive', () => {
  it("runs the bot's handlers for the type, then its '*' handlers, then each plugin instance's, one after the other", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const order: string[] = []
    const slow = (label: string) => async () => {
      order.push(`${label} start`)
      await tick()
      order.push(`${label} end`)
    }
    bot.on.message('*', slow('bot *'))
    bot.on.message('text', slow('bot text 1'))
    bot.on.message('image', slow('bot image'))
    bot.on.message('text', slow('bot text 2'))
    assistant.on.message('*', async ({ ctx }) => slow(`plugin(${ctx.configuration.maxWords}) *`)())
    assistant.on.message('text', async ({ ctx }) => slow(`plugin(${ctx.configuration.maxWords}) text`)())
    const stored = await runtime.receive(text('c1', 'hello'))
    expect(order).toEqual([
      'bot text 1 start',
      'bot text 1 end',
      'bot text 2 start',
      'bot text 2 end',
      'bot * start',
      'bot * end',
      // assistantOpenai (maxWords 80) comes first in the bot, then assistantClaude (120)
      'plugin(80) text start',
      'plugin(80) text end',
      'plugin(80) * start',
      'plugin(80) * end',
      'plugin(120) text start',
      'plugin(120) text end',
      'plugin(120) * start',
      'plugin(120) * end',
    ])
    expect(stored).toMatchObject({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hello' }, tags: {} })
    expect(await runtime.client.getMessage({ id: stored.id })).toEqual({ message: stored })
  })

  it('gives handlers { message, client, ctx, conversation }: the bot its client, plugins theirs with their configuration', async () => {
    const { bot, assistant, runtime } = makeWorld()
    const seen: unknown[] = []
    bot.on.message('text', ({ message, client, ctx, conversation }) => {
      expectTypeOf(message.payload.text).toEqualTypeOf<string>()
      expect(client).toBe(runtime.client)
      seen.push({ who: 'bot', text: message.payload.text, ctx, conversation })
    })
    assistant.on.message('text', ({ message, ctx, conversation, client }) => {
      expect(typeof client.callAction).toBe('function')
      seen.push({ who: 'plugin', text: message.payload.text, ctx, conversation })
    })
    await runtime.receive(text('c9', 'hi'))
    expect(seen).toEqual([
      { who: 'bot', text: 'hi', ctx: { botId: 'support-bot' }, conversation: { id: 'c9' } },
      {
        who: 'plugin',
        text: 'hi',
        ctx: { botId: 'support-bot', configuration: { maxWords: 80, escalateOn: ['refund', 'lawyer'] } },
        conversation: { id: 'c9' },
      },
      { who: 'plugin', text: 'hi', ctx: { botId: 'support-bot', configuration: { maxWords: 120 } }, conversation: { id: 'c9' } },
    ])
  })

  it('resolves only once every handler has finished, with the message as stored then', async () => {
    const { bot, runtime } = makeWorld()
    let finished = false
    bot.on.message('text', async ({ message, client }) => {
      await tick()
      await client.updateMessage({ id: message.id, tags: { topic: 'greeting' } })
      finished = true
    })
    const stored = await runtime.receive(text('c1', 'hello'))
    expect(finished).toBe(true)
    expect(stored.tags).toEqual({ topic: 'greeting' })
  })

  it('validates like createMessage: nothing stored, no handler run', async () => {
    const { bot, runtime } = makeWorld()
    let ran = false
    bot.on.message('*', () => {
      ran = true
    })
    const error = await rejection(runtime.receive({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: '' }, tags: {} }))
    expect(error.code).toBe('INVALID_MESSAGE')
    expect(error.message).toBe('receive: invalid text message: payload.text: must have at least 1 character')
    expect(ran).toBe(false)
    expect((await runtime.client.listMessages({ conversationId: 'c1' })).messages).toEqual([])
  })

  it('rejects when a handler throws, keeping the message stored and the error as cause', async () => {
    const { bot, assistant, runtime } = makeWorld()
    const ran: string[] = []
    const boom = new Error('boom')
    bot.on.message('text', () => {
      ran.push('first')
      throw boom
    })
    bot.on.message('*', () => {
      ran.push('second')
    })
    assistant.on.message('*', () => {
      ran.push('plugin')
    })
    const error = await rejection(runtime.receive(text('c1', 'hello')))
    expect(error).toBeInstanceOf(HandlerError)
    expect(error.code).toBe('HANDLER_FAILED')
    expect(error.cause).toBe(boom)
    expect(error.message).toMatch(/^receive: the bot's handler for 'text' messages failed on message [0-9a-f-]{36}: boom$/)
    expect(ran).toEqual(['first'])
    const { messages } = await runtime.client.listMessages({ conversationId: 'c1' })
    expect(messages).toHaveLength(1)
    expect(messages[0]?.id).toBe(error.messageId)
  })

  it('awaits what a handler returns: a returned promise finishes before receive resolves, and its rejection fails the handler', async () => {
    const { bot, assistant, runtime } = makeWorld()
    let updated = false
    // expression-bodied: the handler returns the client's promise instead of awaiting it
    bot.on.message('text', ({ message, client }) => client.updateMessage({ id: message.id, tags: { topic: 'returned' } }).then(() => (updated = true)))
    assistant.on.message('text', ({ message }) => message.payload.text.length)
    const stored = await runtime.receive(text('c1', 'hello'))
    expect(updated).toBe(true)
    expect(stored.tags).toEqual({ topic: 'returned' })

    bot.on.event('openai:textGenerated', ({ client }) => client.getMessage({ id: 'no-such-message' }))
    const error = await rejection(runtime.emitEvent({ type: 'openai:textGenerated', payload: { model: gpt4o, duration: 1, tokenCount: 1 } }))
    expect(error).toBeInstanceOf(HandlerError)
    expect(error.code).toBe('HANDLER_FAILED')
    expect((error.cause as { code?: string }).code).toBe('NOT_FOUND')
  })

  it("rejects with a HandlerError naming the message when a plugin instance's configuration cannot be resolved", async () => {
    const { bot, assistant, openai, anthropic, zendesk } = makeWorld()
    // the assistantOpenai instance now takes its maxWords from a secret nobody set
    const definition = structuredClone(bot.definition)
    const instance = definition.plugins['assistantOpenai']
    if (!instance) throw new Error('the example bot has an assistantOpenai instance')
    instance.configuration = { maxWords: { $secret: 'NOT_SET_ANYWHERE' } }
    ;(bot as { definition: typeof definition }).definition = definition
    assistant.on.message('*', () => undefined)
    const runtime = createRuntime({ bot, integrations: { openai, anthropic, zendesk }, plugins: { 'support-assistant': assistant }, env: {} })
    const error = await rejection(runtime.receive(text('c1', 'hello')))
    expect(error).toBeInstanceOf(HandlerError)
    expect(error.code).toBe('HANDLER_FAILED')
    expect(error.message).toMatch(/^receive: the handler of plugin instance 'assistantOpenai' for '\*' messages could not run on message [0-9a-f-]{36}: /)
    expect(error.cause).toBeInstanceOf(MissingSecretError)
    const { messages } = await runtime.client.listMessages({ conversationId: 'c1' })
    expect(messages[0]?.id).toBe(error.messageId)
  })

  it('names the plugin instance whose handler threw', async () => {
    const { assistant, runtime } = makeWorld()
    assistant.on.message('*', ({ ctx }) => {
      if (ctx.configuration.maxWords === 120) throw new Error('claude side failed')
    })
    const error = await rejection(runtime.receive(text('c1', 'hello')))
    expect(error.message).toContain("the handler of plugin instance 'assistantClaude' for '*' messages failed")
    expect(error.message).toContain('claude side failed')
  })

  it('does not dispatch messages the bot or a plugin creates; they carry ctx.botId as userId', async () => {
    const { bot, assistant, runtime } = makeWorld({ botId: 'bot-7' })
    const handled: string[] = []
    bot.on.message('*', async ({ message, client, ctx, conversation }) => {
      handled.push(`bot:${message.userId}`)
      await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'bot reply' }, tags: { topic: 'reply' } })
    })
    assistant.on.message('text', async ({ message, client, ctx, conversation }) => {
      handled.push(`plugin:${message.userId}`)
      if (ctx.configuration.maxWords === 80) {
        await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text: 'plugin note' }, tags: {} })
      }
    })
    await runtime.receive(text('c1', 'hello'))
    expect(handled).toEqual(['bot:u1', 'plugin:u1', 'plugin:u1'])
    const { messages } = await runtime.client.listMessages({ conversationId: 'c1' })
    expect(messages.map((m) => [m.userId, m.type === 'text' ? m.payload.text : '']).reverse()).toEqual([
      ['u1', 'hello'],
      ['bot-7', 'bot reply'],
      ['bot-7', 'plugin note'],
    ])
    expect(runtime.botId).toBe('bot-7')
  })

  it('rejects a message tag a plugin sets that it does not declare (docs/definitions.md#tags)', async () => {
    const { assistant, runtime } = makeWorld()
    assistant.on.message('text', async ({ message, client }) => {
      await client.updateMessage({ id: message.id, tags: { sentiment: 'happy' } })
    })
    const error = await rejection(runtime.receive(text('c1', 'hello')))
    expect(error.message).toContain("tags.sentiment: is not a message tag plugin instance 'assistantOpenai' declares (it declares none)")
  })
})

describe('events', () => {
  it("emitEvent reaches the bot's handlers under '<alias>:<event>', then only the plugin instances wired to that integration, under the interface's event name", async () => {
    const { bot, assistant, runtime } = makeWorld()
    const seen: unknown[] = []
    bot.on.event('openai:textGenerated', ({ event, ctx }) => {
      expectTypeOf(event.payload.model.contextWindow).toEqualTypeOf<number>()
      seen.push({ who: 'bot', type: event.type, payload: event.payload, botId: ctx.botId })
    })
    bot.on.event('claude:generationComplete', () => {
      seen.push('bot claude (wrong)')
    })
    assistant.on.event('llm:generationComplete', ({ event, ctx }) => {
      seen.push({ who: `plugin ${ctx.configuration.maxWords}`, type: event.type, payload: event.payload })
    })
    assistant.on.event('desk:ticketUpdated', () => {
      seen.push('desk (wrong)')
    })
    // openai's generateText emits textGenerated (see world.ts)
    await runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [{ role: 'user', content: 'hi' }] } })
    const payload = { model: gpt4o, duration: 5, tokenCount: 3 }
    expect(seen).toEqual([
      { who: 'bot', type: 'openai:textGenerated', payload, botId: 'support-bot' },
      { who: 'plugin 80', type: 'llm:generationComplete', payload },
    ])
  })

  it('an event of an integration wired to both plugin instances reaches both, in the order the bot adds them', async () => {
    const { bot, assistant, runtime } = makeWorld()
    const seen: string[] = []
    bot.on.event('zendesk:ticketChanged', ({ event }) => {
      seen.push(`bot ${event.payload.ticket.id} ${event.payload.changedBy ?? ''}`)
    })
    assistant.on.event('desk:ticketUpdated', async ({ event, ctx, client }) => {
      await tick()
      seen.push(`plugin ${ctx.configuration.maxWords} ${event.type} ${event.payload.ticket.status}`)
      expect(typeof client.createMessage).toBe('function')
    })
    await runtime.emitEvent({ type: 'zendesk:ticketChanged', payload: { ticket, changedBy: 'agent' } })
    expect(seen).toEqual(['bot 42 agent', 'plugin 80 desk:ticketUpdated open', 'plugin 120 desk:ticketUpdated open'])
  })

  it('routes claude events to the claude-wired instance only', async () => {
    const { assistant, runtime } = makeWorld()
    const seen: number[] = []
    assistant.on.event('llm:generationComplete', ({ ctx }) => {
      seen.push(ctx.configuration.maxWords)
    })
    await runtime.emitEvent({ type: 'claude:generationComplete', payload: { model: sonnet, duration: 1, tokenCount: 1 } })
    expect(seen).toEqual([120])
  })

  it('validates the payload against the integration event schema: nothing is dispatched when invalid', async () => {
    const { bot, openai, runtime } = makeWorld()
    let ran = false
    bot.on.event('openai:textGenerated', () => {
      ran = true
    })
    const loose = runtime.emitEvent as (event: unknown) => Promise<void>
    // the openai model entity requires contextWindow
    const error = await rejection(loose({ type: 'openai:textGenerated', payload: { model: { id: 'gpt-4o', provider: 'openai' }, duration: 1, tokenCount: 1 } }))
    expect(error.code).toBe('INVALID_EVENT')
    expect(error.message).toBe("invalid payload for event 'openai:textGenerated': payload.model.contextWindow: is required")
    expect((await rejection(loose({ type: 'openai:nothing', payload: {} }))).code).toBe('UNKNOWN_EVENT')
    expect((await rejection(loose({ type: 'nobody:textGenerated', payload: {} }))).code).toBe('UNKNOWN_EVENT')
    expect(ran).toBe(false)
    expect(openai.definition.events['textGenerated']).toBeDefined()
  })

  it("an event handler's error rejects emitEvent (and the action that emitted it) with the error as cause", async () => {
    const { bot, runtime } = makeWorld()
    const boom = new Error('listener broke')
    bot.on.event('openai:textGenerated', () => {
      throw boom
    })
    const direct = await rejection(runtime.emitEvent({ type: 'openai:textGenerated', payload: { model: gpt4o, duration: 1, tokenCount: 1 } }))
    expect(direct.code).toBe('HANDLER_FAILED')
    expect(direct.cause).toBe(boom)
    const viaAction = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [] } }))
    expect(viaAction.code).toBe('ACTION_FAILED')
    expect((viaAction.cause as Error & { cause?: unknown }).cause).toBe(boom)
  })
})

describe('registering handlers', () => {
  it('rejects a message type that does not exist and a handler that is not a function, which would never run', () => {
    const { bot } = makeWorld()
    const loose = bot.on.message as (type: unknown, handler: unknown) => void
    expect(() => loose('sticker', () => undefined)).toThrow("type: must be '*' or one of text, image")
    expect(() => loose('text', 'not a function')).toThrow('handler: must be a function')
  })

  it('rejects, when the runtime is created, event handlers for events that cannot happen', () => {
    const { bot, assistant, openai, anthropic, zendesk } = makeWorld()
    const looseBot = bot.on.event as (type: string, handler: () => void) => void
    const loosePlugin = assistant.on.event as (type: string, handler: () => void) => void
    looseBot('openai:textGenerated', () => undefined)
    looseBot('openai:nothingLikeThis', () => undefined)
    looseBot('mistral:anything', () => undefined)
    loosePlugin('llm:nothingLikeThis', () => undefined)
    let issues: readonly string[] = []
    try {
      createRuntime({ bot, integrations: { openai, anthropic, zendesk }, plugins: { 'support-assistant': assistant }, env: {} })
    } catch (error) {
      issues = (error as { issues?: readonly string[] }).issues ?? []
    }
    expect(issues).toHaveLength(3)
    expect(issues[0]).toMatch(
      /^bot\.on\.event\('openai:nothingLikeThis'\): integration 'openai' \(openai 2\.0\.0\) has no event 'nothingLikeThis' \(its events: /,
    )
    expect(issues[1]).toMatch(/^bot\.on\.event\('mistral:anything'\): bot 'support-bot' adds no integration 'mistral'/)
    expect(issues[2]).toMatch(/^plugin 'support-assistant' on\.event\('llm:nothingLikeThis'\): interface 'llm' \(llm 1\.0\.0\) has no event 'nothingLikeThis'/)
  })
})
