// The `signal` of a handler's arguments (docs/runtime.md#time-limits): an own, enumerable
// property, made when first read, one per run. All args objects share one getter, which finds
// the run's signal through the object it is read on (src/runtime/timeLimits.ts, withSignal).

import { createRuntime } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { rejection } from '../support/rejection.js'

const message = (text: string) => ({ conversationId: 'c1', userId: 'u1', type: 'text' as const, payload: { text }, tags: {} })

describe("a handler's signal", () => {
  it('is an own enumerable key of its arguments, kept by a spread and read through a Proxy or a derived object', async () => {
    const bot = new Bot()
    const seen: { keys: string[]; spread: unknown; proxied: unknown; derived: unknown; own: unknown }[] = []
    bot.on.message('text', (args) => {
      const own = args.signal
      seen.push({
        keys: Object.keys(args),
        spread: { ...args }.signal,
        proxied: new Proxy(args, {}).signal,
        derived: (Object.create(args) as typeof args).signal,
        own,
      })
    })
    const runtime = createRuntime({ bot })
    await runtime.receive(message('one'))
    await runtime.receive(message('two'))
    runtime.close()
    expect(seen).toHaveLength(2)
    const [first, second] = seen
    expect(first?.keys).toContain('signal')
    expect(first?.keys.every((key) => typeof key === 'string')).toBe(true)
    expect(first?.own).toBeInstanceOf(AbortSignal)
    for (const read of [first?.spread, first?.proxied, first?.derived]) expect(read).toBe(first?.own)
    // each run its own signal
    expect(second?.own).toBeInstanceOf(AbortSignal)
    expect(second?.own).not.toBe(first?.own)
  })

  it('fires, read after the limit, with the TimeLimitError as its reason', async () => {
    const bot = new Bot()
    let finish: (() => void) | undefined
    let args: { signal: AbortSignal } | undefined
    bot.on.message('text', (given) => {
      args = given
      return new Promise<void>((resolve) => {
        finish = resolve
      })
    })
    const runtime = createRuntime({ bot, timeLimits: { handlerMs: 20 } })
    const error = await rejection(runtime.receive(message('slow')))
    finish?.()
    runtime.close()
    // never read while it ran: made now, already aborted with the run's error
    expect(args?.signal.aborted).toBe(true)
    expect(args?.signal.reason).toBe(error)
  })
})
