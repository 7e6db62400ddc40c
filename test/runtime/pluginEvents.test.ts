// A plugin's own events (docs/runtime.md#plugin-events): emitted by its actions and handlers,
// validated against the emitting instance's dereferenced schema, received by the bot under
// '<pluginAlias>#<event>', on the generated support bot.
import { createRuntime, HandlerError } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import type { ZendeskTicket } from '../../generated/integrations/zendesk/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { ENV, makeImplementations, makeWorld, text, ticket } from './world.js'

const requester = { email: 'ann@example.com', userId: 7 }

/** The world with an assistant whose escalate emits `escalated` with the ticket it opened. */
function escalatingWorld() {
  const world = makeWorld()
  const escalate = world.assistant.actions.escalate
  ;(world.assistant.actions as { escalate: typeof escalate }).escalate = async (args) => {
    const output = await escalate(args)
    await args.client.emitEvent({ type: 'escalated', payload: { ticket: output.ticket, conversationId: args.input.conversationId } })
    return output
  }
  return world
}

describe('plugin events', () => {
  it("reach the bot's handlers for '<pluginAlias>#<event>', typed with that instance's entities", async () => {
    const { bot, runtime } = escalatingWorld()
    const seen: string[] = []
    bot.on.event('assistantClaude#escalated', ({ event, ctx }) => {
      expectTypeOf(event.type).toEqualTypeOf<'assistantClaude#escalated'>()
      expectTypeOf(event.payload.ticket).toEqualTypeOf<ZendeskTicket>()
      seen.push(`${event.type} ${event.payload.ticket.priority} ${event.payload.conversationId} ${ctx.botId}`)
    })
    bot.on.event('assistantOpenai#escalated', ({ event }) => {
      seen.push(event.type)
    })
    await runtime.client.callAction({ type: 'assistantClaude#escalate', input: { conversationId: 'c1', requester } })
    expect(seen).toEqual(['assistantClaude#escalated high c1 support-bot'])
    await runtime.client.callAction({ type: 'assistantOpenai#escalate', input: { conversationId: 'c2', requester } })
    expect(seen).toEqual(['assistantClaude#escalated high c1 support-bot', 'assistantOpenai#escalated'])
  })

  it("are emitted from a plugin's message handlers too, and each handler gets its own copy", async () => {
    const { bot, assistant, runtime } = makeWorld()
    assistant.on.message('text', async ({ client, conversation }) => {
      await client.emitEvent({ type: 'escalated', payload: { ticket, conversationId: conversation.id } })
    })
    const payloads: unknown[] = []
    bot.on.event('assistantOpenai#escalated', ({ event }) => {
      event.payload.ticket.subject = 'changed'
      payloads.push(event.payload)
    })
    bot.on.event('assistantOpenai#escalated', ({ event }) => {
      payloads.push(event.payload)
    })
    await runtime.receive(text('c3', 'help'))
    expect(payloads).toEqual([
      { ticket: { ...ticket, subject: 'changed' }, conversationId: 'c3' },
      { ticket, conversationId: 'c3' },
    ])
  })

  it("are validated against the instance's dereferenced schema: INVALID_EVENT with path: what", async () => {
    const { assistant, runtime } = makeWorld()
    assistant.on.message('text', async ({ client }) => {
      // the interface's ticket fits ticketing's entity, not zendesk's, which requires a priority
      await client.emitEvent({ type: 'escalated', payload: { ticket: { id: '1', subject: 'Help', status: 'open' }, conversationId: 'c' } })
    })
    const error = await rejection(runtime.receive(text('c4', 'x')))
    expect(error).toBeInstanceOf(HandlerError)
    expect(error.cause).toMatchObject({
      code: 'INVALID_EVENT',
      message: "invalid payload for event 'assistantOpenai#escalated': payload.ticket.priority: is required",
      issues: ['payload.ticket.priority: is required'],
    })
  })

  it('an undeclared event is UNKNOWN_EVENT, naming the events the plugin has', async () => {
    const { assistant, runtime } = makeWorld()
    assistant.on.message('text', async ({ client }) => {
      await (client.emitEvent as (event: unknown) => Promise<void>)({ type: 'escalate', payload: {} })
    })
    const error = await rejection(runtime.receive(text('c5', 'x')))
    expect(error.cause).toMatchObject({
      code: 'UNKNOWN_EVENT',
      message: "event 'assistantOpenai#escalate': plugin 'support-assistant' 0.3.0 has no event 'escalate' (its events: escalated)",
    })
  })

  it('a bot handler that throws fails emitEvent with a HandlerError naming it, and the action with an ActionError', async () => {
    const { bot, runtime } = escalatingWorld()
    bot.on.event('assistantClaude#escalated', () => {
      throw new Error('no desk')
    })
    const error = await rejection(runtime.client.callAction({ type: 'assistantClaude#escalate', input: { conversationId: 'c1', requester } }))
    expect(error).toMatchObject({ code: 'ACTION_FAILED' })
    expect(error.cause).toMatchObject({
      code: 'HANDLER_FAILED',
      handlerOwner: 'bot',
      registeredFor: 'assistantClaude#escalated',
      message: "emitEvent: the bot's handler for event 'assistantClaude#escalated' failed: no desk",
    })
  })

  it('createRuntime refuses a bot handler for a plugin instance or event that does not exist', () => {
    const impl = makeImplementations([])
    const bot = new Bot()
    const on = bot.on.event as (type: string, handler: () => void) => void
    on('assistantGemini#escalated', () => {})
    on('assistantClaude#closed', () => {})
    expect(() =>
      createRuntime({
        bot,
        integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
        plugins: { 'support-assistant': impl.assistant },
        env: ENV,
      }),
    ).toThrow(
      "createRuntime: invalid options: bot.on.event('assistantGemini#escalated'): bot 'support-bot' adds no plugin 'assistantGemini' (its plugins: assistantOpenai, assistantClaude); " +
        "bot.on.event('assistantClaude#closed'): plugin instance 'assistantClaude' (support-assistant 0.3.0) has no event 'closed' (its events: escalated)",
    )
  })

  it("runtime.emitEvent takes integration events only: a plugin's events come from the plugin", async () => {
    const { runtime } = makeWorld()
    // @ts-expect-error a plugin event is not the bot's to emit
    const error = await rejection(runtime.emitEvent({ type: 'assistantClaude#escalated', payload: { ticket, conversationId: 'c' } }))
    expect(error).toMatchObject({ code: 'UNKNOWN_EVENT' })
  })
})
