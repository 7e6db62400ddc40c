// The clock (docs/runtime.md#the-clock): `createRuntime({ clock })` decides what now is for
// timestamps and when time limits fire, so a test moves time with a ManualClock instead of
// waiting for it.

import { createRuntime, ManualClock, TimeLimitError, ValidationError } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { isoTimestamp, timestampMs } from '../../src/runtime/clock.js'
import { rejection } from '../support/rejection.js'
import { ENV, gpt4o, makeImplementations } from './world.js'

describe('ManualClock', () => {
  it('fires timers in the order they are due, each at its own time, and those set while advancing', async () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z')
    const fired: string[] = []
    const at = () => new Date(clock.now()).toISOString().slice(11, 23)
    clock.setTimer(() => fired.push(`b ${at()}`), 200, { keepAlive: true })
    clock.setTimer(
      () => {
        fired.push(`a ${at()}`)
        clock.setTimer(() => fired.push(`c ${at()}`), 50, { keepAlive: true })
      },
      100,
      { keepAlive: true },
    )
    clock.setTimer(() => fired.push(`d ${at()}`), 500, { keepAlive: true })
    await clock.advance(300)
    expect(fired).toEqual(['a 10:00:00.100', 'c 10:00:00.150', 'b 10:00:00.200'])
    expect(at()).toBe('10:00:00.300')
    expect(clock.pendingTimers).toBe(1)
  })

  it('does not fire a cancelled timer, and fires timers due together in the order they were set', async () => {
    const clock = new ManualClock(0)
    const fired: number[] = []
    for (let i = 0; i < 5; i++) clock.setTimer(() => fired.push(i), 10, { keepAlive: false })
    const cancelled = clock.setTimer(() => fired.push(99), 5, { keepAlive: false })
    cancelled.cancel()
    cancelled.cancel()
    expect(clock.pendingTimers).toBe(5)
    await clock.advance(10)
    expect(fired).toEqual([0, 1, 2, 3, 4])
    expect(clock.pendingTimers).toBe(0)
  })

  it('refuses a start that is not a time and an advance that is not a finite duration', async () => {
    expect(() => new ManualClock('yesterday')).toThrow(/ManualClock: start must be a time/)
    const clock = new ManualClock()
    expect(clock.now()).toBe(Date.parse('2026-01-01T00:00:00.000Z'))
    await expect(clock.advance(-1)).rejects.toThrow(/advance: ms must be a finite number of milliseconds, 0 or more, not -1/)
    await expect(clock.advance(Number.POSITIVE_INFINITY)).rejects.toThrow(/not Infinity/)
  })
})

function world(clock: unknown) {
  const impl = makeImplementations([])
  return {
    impl,
    runtime: () =>
      createRuntime({
        bot: new Bot(),
        integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
        plugins: { 'support-assistant': impl.assistant },
        env: ENV,
        clock: clock as ManualClock,
      }),
  }
}

describe('timestamps (the last two remembered)', () => {
  it('are what Date makes and parses, whatever the order they are asked in', () => {
    const times = [0, 1, 0, 1_767_225_600_000, 1_767_225_600_001, 1_767_225_600_000, 2, 1_767_225_600_001, -1]
    for (const ms of times) {
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
      expect(timestampMs(isoTimestamp(ms))).toBe(ms)
    }
    expect(timestampMs('2026-01-01T00:00:00.000Z')).toBe(Date.parse('2026-01-01T00:00:00.000Z'))
    expect(timestampMs('')).toBeNaN()
    expect(timestampMs('not a time')).toBeNaN()
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError)
  })
})

describe('createRuntime({ clock })', () => {
  it('stamps messages with the clock, and updatedAt moves with it', async () => {
    const clock = new ManualClock('2026-05-04T12:00:00.000Z')
    const runtime = world(clock).runtime()
    const { message } = await runtime.client.createMessage({ conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {} })
    expect(message.createdAt).toBe('2026-05-04T12:00:00.000Z')
    await clock.advance(90_000)
    const { message: updated } = await runtime.client.updateMessage({ id: message.id, tags: { topic: 'billing' } })
    expect(updated.updatedAt).toBe('2026-05-04T12:01:30.000Z')
  })

  it('fails a call at its time limit on the clock, not before', async () => {
    const clock = new ManualClock()
    const w = world(clock)
    w.impl.openai.actions.generateText = () => new Promise<never>(() => undefined)
    const runtime = w.runtime()
    let settled: unknown
    const call = runtime.client
      .callAction({ type: 'openai:generateText', input: { model: gpt4o, messages: [{ role: 'user', content: 'hi' }] }, timeLimitMs: 5_000 })
      .then(
        () => 'resolved',
        (error: unknown) => error,
      )
      .then((outcome) => {
        settled = outcome
      })
    await clock.advance(4_999)
    expect(settled).toBeUndefined()
    await clock.advance(1)
    await call
    expect(settled).toBeInstanceOf(TimeLimitError)
    expect((settled as TimeLimitError).message).toBe("action 'openai:generateText' did not finish within its time limit of 5000 ms")
  })

  it('refuses a clock that is not one', async () => {
    const error = await rejection((async () => world({ now: () => 0 }).runtime())())
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues).toContain('clock: must be a clock, with now() and setTimer(callback, ms, options) (systemClock or a ManualClock)')
  })
})
