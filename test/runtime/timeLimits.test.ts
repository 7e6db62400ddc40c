// Time limits (docs/runtime.md#time-limits): every action call, and every message, event and
// channel handler, has one; past it the call rejects with a TimeLimitError and the handler's
// signal fires. A pending call keeps the process alive until it settles or its limit fires.

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CancelledError, createRuntime, DEFAULT_ACTION_TIME_LIMIT_MS, TimeLimitError, type TimeLimitOptions } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../../generated/bots/support-bot/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { runScript } from '../support/runScript.js'
import { ENV, gpt4o, makeImplementations, text } from './world.js'

type Limits = TimeLimitOptions<'openai:moderate' | 'openai:generateText' | 'assistantOpenai#summarize'>

const never = () => new Promise<never>(() => undefined)
const generate = { model: gpt4o, messages: [{ role: 'user' as const, content: 'hi' }] }

/**
 * The timers `start` sets (synchronously) and whether each keeps the event loop alive, and,
 * until `stop()`, which of them are cleared: the runtime's own timers, whatever other
 * tests in this worker leave pending.
 */
function watchTimers<T>(start: () => T) {
  const set: { handle: unknown; referenced: () => boolean }[] = []
  const cleared = new Set<unknown>()
  const realSetTimeout = globalThis.setTimeout
  const realSetInterval = globalThis.setInterval
  const realClearTimeout = globalThis.clearTimeout
  const realClearInterval = globalThis.clearInterval
  const record = (handle: NodeJS.Timeout) => {
    set.push({ handle, referenced: () => handle.hasRef() })
    return handle
  }
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => record(realSetTimeout(...args))) as typeof setTimeout
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => record(realSetInterval(...args))) as typeof setInterval
  globalThis.clearTimeout = ((handle?: NodeJS.Timeout) => {
    cleared.add(handle)
    realClearTimeout(handle)
  }) as typeof clearTimeout
  globalThis.clearInterval = ((handle?: NodeJS.Timeout) => {
    cleared.add(handle)
    realClearInterval(handle)
  }) as typeof clearInterval
  let result: T
  try {
    result = start()
  } finally {
    globalThis.setTimeout = realSetTimeout
    globalThis.setInterval = realSetInterval
  }
  return {
    result,
    /** the timers set, each: whether it keeps the event loop alive, and whether it was cleared */
    timers: () => set.map((t) => ({ referenced: t.referenced(), cleared: cleared.has(t.handle) })),
    stop: () => {
      globalThis.clearTimeout = realClearTimeout
      globalThis.clearInterval = realClearInterval
    },
  }
}

/** The support bot whose openai:generateText never resolves, and records the signal it got. */
function hangingWorld(timeLimits?: Limits) {
  const impl = makeImplementations([])
  const signals: AbortSignal[] = []
  impl.openai.actions.generateText = ({ signal }) => {
    signals.push(signal)
    return never()
  }
  const bot = new Bot()
  const runtime = createRuntime({
    bot,
    integrations: { openai: impl.openai, anthropic: impl.anthropic, zendesk: impl.zendesk },
    plugins: { 'support-assistant': impl.assistant },
    env: ENV,
    ...(timeLimits !== undefined && { timeLimits }),
  })
  return { bot, runtime, signals, ...impl }
}

describe('action time limits', () => {
  it('reject callAction past the runtime-wide limit with a TimeLimitError naming the action and the limit, and fire the handler signal', async () => {
    const { runtime, signals } = hangingWorld({ actionMs: 20 })
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: generate }))
    expect(error).toBeInstanceOf(TimeLimitError)
    expect(error).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', action: 'openai:generateText', limitMs: 20 })
    expect(error.message).toBe("action 'openai:generateText' did not finish within its time limit of 20 ms")
    expect(signals[0]?.aborted).toBe(true)
    expect(signals[0]?.reason).toBe(error)
  })

  it('take the per-action limit over the runtime-wide one, and the per-call limit over both', async () => {
    const { runtime } = hangingWorld({ actionMs: 10_000, actions: { 'openai:generateText': 15 } })
    expect(await rejection(runtime.client.callAction({ type: 'openai:generateText', input: generate }))).toMatchObject({ limitMs: 15 })
    expect(await rejection(runtime.client.callAction({ type: 'openai:generateText', input: generate, timeLimitMs: 5 }))).toMatchObject({ limitMs: 5 })
  })

  it("apply to a plugin's interface call under the integration action it runs, and nest inside the plugin action's error", async () => {
    const { runtime } = hangingWorld({ actions: { 'openai:generateText': 10 } })
    const error = await rejection(runtime.client.callAction({ type: 'assistantOpenai#summarize', input: { conversationId: 'c1', model: gpt4o } }))
    expect(error).toMatchObject({ code: 'ACTION_FAILED', action: 'assistantOpenai#summarize' })
    expect(error.cause).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', action: 'llm:generateContent', limitMs: 10 })
    expect((error.cause as Error).message).toBe(
      "action 'llm:generateContent' of plugin instance 'assistantOpenai' (runs openai:generateText) did not finish within its time limit of 10 ms",
    )
  })

  it('default to 60 seconds, keep the process alive while a call is pending, and leave no timer behind once it settles', async () => {
    expect(DEFAULT_ACTION_TIME_LIMIT_MS).toBe(60_000)
    const { runtime } = hangingWorld()
    const settled = watchTimers(() => runtime.client.callAction({ type: 'openai:moderate', input: { text: 'fine' } }))
    await settled.result
    settled.stop()
    expect(settled.timers()).toEqual([{ referenced: true, cleared: true }])
    // a hanging call's 60 s timer keeps the event loop alive until the call settles, then is cleared
    const hanging = watchTimers(() => runtime.client.callAction({ type: 'openai:generateText', input: generate, signal: AbortSignal.timeout(50) }))
    try {
      expect(hanging.timers()).toEqual([{ referenced: true, cleared: false }])
      expect(await rejection(hanging.result)).toBeInstanceOf(CancelledError)
      expect(hanging.timers()).toEqual([{ referenced: true, cleared: true }])
    } finally {
      hanging.stop()
    }
  })

  it('keep the process alive while a call without limit (Infinity) is pending, with one timer for all of them', async () => {
    const { runtime } = hangingWorld({ actionMs: Number.POSITIVE_INFINITY })
    const first = new AbortController()
    const second = new AbortController()
    const calls = watchTimers(() => [first, second].map(({ signal }) => runtime.client.callAction({ type: 'openai:generateText', input: generate, signal })))
    try {
      expect(calls.timers()).toEqual([{ referenced: true, cleared: false }])
      first.abort()
      expect(await rejection(calls.result[0] as Promise<unknown>)).toBeInstanceOf(CancelledError)
      expect(calls.timers()).toEqual([{ referenced: true, cleared: false }])
      second.abort()
      expect(await rejection(calls.result[1] as Promise<unknown>)).toBeInstanceOf(CancelledError)
      expect(calls.timers()).toEqual([{ referenced: true, cleared: true }])
    } finally {
      calls.stop()
    }
  })

  it('wait out a limit longer than one platform timer can (2^31 - 1 ms) rather than firing at once', async () => {
    const { runtime } = hangingWorld()
    const pending = runtime.client.callAction({ type: 'openai:generateText', input: generate, timeLimitMs: 3_000_000_000, signal: AbortSignal.timeout(30) })
    expect(await rejection(pending)).toBeInstanceOf(CancelledError)
  })

  it("keep a plain script alive until its limits fire: docs/runtime.md's time-limits example, alone in its process, prints what it says and exits 0", async () => {
    const script = join(import.meta.dirname, 'docs', 'timeLimits.ts')
    const promised = [...readFileSync(script, 'utf8').matchAll(/^\/\/ -> (.*)$/gm)].map((m) => m[1])
    const run = await runScript(script)
    expect(run.stderr).toBe('')
    expect(run.stdout.trimEnd().split('\n')).toEqual(promised)
    expect(promised).toEqual([
      "action 'openai:generateText' did not finish within its time limit of 50 ms",
      "action 'openai:generateText' did not finish within its time limit of 20 ms",
      "bot 'text' handler: over 40 ms",
    ])
    expect(run.code).toBe(0)
  })

  it('refuse an already aborted signal without running the handler', async () => {
    const { runtime, signals } = hangingWorld()
    const error = await rejection(runtime.client.callAction({ type: 'openai:generateText', input: generate, signal: AbortSignal.abort('no') }))
    expect(error).toMatchObject({ code: 'CANCELLED', action: 'openai:generateText', cause: 'no' })
    expect(signals).toEqual([])
  })

  it('are checked: a limit must be a positive number of milliseconds, for an action the bot can call', async () => {
    const { runtime } = hangingWorld()
    const invalid = runtime.client.callAction({ type: 'openai:moderate', input: { text: 'x' }, timeLimitMs: 0 })
    expect(await rejection(invalid)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      issues: ['timeLimitMs: must be a positive number of milliseconds (Infinity for none), not 0'],
    })
    const impl = makeImplementations([])
    let error: unknown
    try {
      createRuntime({
        bot: new Bot(),
        integrations: { openai: impl.openai },
        // @ts-expect-error the bot calls no 'openai:generateTxt'
        timeLimits: { actionMs: -1, handlerMs: Number.NaN, actions: { 'openai:generateTxt': 5 } },
      })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toMatchObject({
      code: 'INVALID_RUNTIME_OPTIONS',
      issues: [
        'timeLimits.actionMs: must be a positive number of milliseconds (Infinity for none), not -1',
        'timeLimits.handlerMs: must be a positive number of milliseconds (Infinity for none), not NaN',
        `timeLimits.actions['openai:generateTxt']: bot 'support-bot' has no action 'openai:generateTxt'`,
      ],
    })
  })
})

describe('handler time limits', () => {
  it('make receive reject with a TimeLimitError naming the handler and the message, and fire its signal', async () => {
    const { bot, runtime } = hangingWorld({ handlerMs: 20 })
    let seen: AbortSignal | undefined
    bot.on.message('text', ({ signal }) => {
      seen = signal
      return never()
    })
    const error = await rejection(runtime.receive(text('c1', 'hello')))
    expect(error).toBeInstanceOf(TimeLimitError)
    expect(error).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', limitMs: 20, handlerOwner: 'bot', registeredFor: 'text' })
    expect(error.messageId).toEqual(expect.any(String))
    expect(error.message).toBe(`receive: the bot's handler for 'text' messages did not finish within its time limit of 20 ms on message ${error.messageId}`)
    expect(seen?.aborted).toBe(true)
  })

  it('make emitEvent reject with a TimeLimitError naming the plugin instance handler', async () => {
    const { assistant, runtime } = hangingWorld({ handlerMs: 20 })
    assistant.on.event('desk:ticketUpdated', ({ ctx }) => (ctx.configuration.maxWords === 120 ? never() : undefined))
    const error = await rejection(
      runtime.emitEvent({ type: 'zendesk:ticketChanged', payload: { ticket: { id: '1', subject: 'S', status: 'open', priority: 'low' } } }),
    )
    expect(error).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', handlerOwner: 'assistantClaude', registeredFor: 'desk:ticketUpdated' })
    expect(error.message).toBe(
      "emitEvent: the handler of plugin instance 'assistantClaude' for event 'desk:ticketUpdated' (zendesk:ticketChanged) did not finish within its time limit of 20 ms",
    )
  })
})
