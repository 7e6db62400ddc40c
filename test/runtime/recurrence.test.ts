// The bot's own events and recurring events at run time, on the golden
// states-and-recurrence: own events emitted by the bot's client and handled by on.event
// (docs/runtime.md#the-bots-own-events); each recurring event (the bot's, a plugin
// instance's, an integration's) emitted at every occurrence of its cron schedule as the
// ManualClock passes them, until close() (docs/runtime.md#recurring-events).
import { createRuntime, ManualClock, type RecurrenceDefinition } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import { Integration as Chat } from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import { Plugin as Reminders } from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'

const START = '2026-03-01T08:58:00.000Z'

function world(bot: Bot, options: { onBackgroundError?: (error: unknown) => void; reminders?: Reminders } = {}) {
  const chat = new Chat({ actions: { post: () => ({ id: 'm1' }) } })
  const reminders = options.reminders ?? new Reminders({ actions: { remind: () => ({ count: 0 }) } })
  const clock = new ManualClock(START)
  const runtime = createRuntime({ bot, integrations: { chat }, plugins: { reminders }, clock, ...options })
  return { runtime, clock }
}

describe("the bot's own events", () => {
  it('are emitted by its client, validated, and handled by on.event', async () => {
    const bot = new Bot()
    const seen: unknown[] = []
    bot.on.event('escalated', ({ event }) => void seen.push(event))
    const { runtime } = world(bot)
    await runtime.client.emitEvent({ type: 'escalated', payload: { reason: 'angry customer' } })
    expect(seen).toEqual([{ type: 'escalated', payload: { reason: 'angry customer' } }])
    const wrong = runtime.client.emitEvent({ type: 'escalated', payload: {} as { reason: string } })
    await expect(wrong).rejects.toMatchObject({ code: 'INVALID_EVENT', issues: ['payload.reason: is required'] })
    const unknown = (runtime.client.emitEvent as (event: object) => Promise<void>)({ type: 'escalate', payload: {} })
    await expect(unknown).rejects.toMatchObject({ code: 'UNKNOWN_EVENT' })
    runtime.close()
  })

  it('refuses a handler for an own event the bot does not declare, when the runtime is created', () => {
    const bot = new Bot()
    ;(bot.on.event as (type: string, handler: () => void) => void)('escalate', () => {})
    expect(() => world(bot)).toThrow(/bot.on.event\('escalate'\): bot 'assistant' has no event 'escalate' \(its own events: dailyReport, escalated\)/)
  })
})

describe('recurring events', () => {
  it("emits the bot's, a plugin instance's and an integration's recurring events at each occurrence", async () => {
    const bot = new Bot()
    const seen: string[] = []
    bot.on.event('dailyReport', ({ event }) => void seen.push(`dailyReport ${event.payload.day}`))
    bot.on.event('reminders#sweep', ({ event }) => void seen.push(`sweep ${event.payload.batch}`))
    bot.on.event('chat:tick', ({ event }) => void seen.push(`tick ${event.payload.source}`))
    const { runtime, clock } = world(bot)
    const at: string[] = []
    const mark = () => at.push(new Date(clock.now()).toISOString())
    bot.on.event('dailyReport', mark)
    // 08:58 -> 09:10: ticks at 09:00, 09:05, 09:10; the sweep at 09:00; the report at 09:00
    await clock.advance(12 * 60_000)
    // due together, they run in the order the runtime armed them: own, plugin instances', integrations'
    expect(seen).toEqual(['dailyReport today', 'sweep 50', 'tick timer', 'tick timer', 'tick timer'])
    seen.length = 0
    // to 09:00 two days later: the report twice more, each at 09:00
    await clock.advance(2 * 86_400_000 - 10 * 60_000)
    expect(seen.filter((s) => s.startsWith('dailyReport'))).toEqual(['dailyReport today', 'dailyReport today'])
    expect(seen.filter((s) => s.startsWith('sweep'))).toHaveLength(48)
    expect(at).toEqual(['2026-03-01T09:00:00.000Z', '2026-03-02T09:00:00.000Z', '2026-03-03T09:00:00.000Z'])
    runtime.close()
    expect(clock.pendingTimers).toBe(0)
    seen.length = 0
    await clock.advance(86_400_000)
    expect(seen).toEqual([])
  })

  it('gives a failing handler to onBackgroundError, and the schedule goes on', async () => {
    const bot = new Bot()
    bot.on.event('dailyReport', () => {
      throw new Error('report service down')
    })
    const errors: unknown[] = []
    const { runtime, clock } = world(bot, { onBackgroundError: (error) => errors.push(error) })
    await clock.advance(86_400_000 + 2 * 60_000)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toMatchObject({ code: 'HANDLER_FAILED', registeredFor: 'dailyReport' })
    runtime.close()
  })

  it('refuses to start a schedule whose cron does not parse (a definition not checked by botwire)', () => {
    const bot = new Bot()
    const recurrence = bot.definition.events.dailyReport?.recurrence as RecurrenceDefinition
    recurrence.cron = '0 25 * * *'
    expect(() => world(bot)).toThrow(
      expect.objectContaining({
        code: 'INVALID_RECURRENCE',
        issues: ["dailyReport: invalid hour field '25' (Invalid value for hour: 25); it takes 0-23, with *, lists, ranges and steps"],
      }),
    )
    recurrence.cron = '0 9 * * *'
  })
})
