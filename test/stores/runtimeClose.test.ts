// runtime.close() on a real store (docs/runtime.md#stopping-a-runtime): the background work
// already running when it is called (a state's expiry, a recurring event's occurrence) ends
// before close resolves, so the program closes the store after it and the handler's work is
// stored, not lost; none starts after close; a handler that never ends holds close no longer
// than its time limit. The clock is a ManualClock the test drives.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRuntime, ManualClock } from '@botwire/runtime'
import { afterAll, describe, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { Bot } from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import { Integration as Chat } from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import { Plugin as Reminders } from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-runtime-close-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

// two seconds before the bot's dailyReport (cron 0 9 * * *)
const START = '2026-03-01T08:59:58.000Z'
const profile = { type: 'user', id: 'u1', name: 'profile' } as const
const note = { type: 'conversation', id: 'c1', name: 'thread' } as const

async function start(folder: string, bot: Bot, handlerMs?: number) {
  const store = await openEmbeddedStore({ folder })
  const clock = new ManualClock(START)
  const errors: unknown[] = []
  const runtime = createRuntime({
    bot,
    integrations: { chat: new Chat({ actions: { post: async () => ({ id: 'p' }) } }) },
    plugins: { reminders: new Reminders({ actions: { remind: async () => ({ count: 0 }) } }) },
    store,
    conversationStore: store.conversationStore,
    stateStore: store.stateStore,
    clock,
    onBackgroundError: (error) => errors.push(error),
    ...(handlerMs !== undefined && { timeLimits: { handlerMs } }),
  })
  return { store, runtime, clock, errors }
}

/** A gate a handler waits at: `entered` once it is there, `open()` lets it go on. */
function gate() {
  let open: () => void = () => undefined
  let enter: () => void = () => undefined
  const entered = new Promise<void>((resolve) => {
    enter = resolve
  })
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return {
    entered,
    open,
    wait: () => {
      enter()
      return opened
    },
  }
}

/** Closes the runtime while its handler waits at `at`, then lets the handler go on: what happened, in order. */
async function closeMidRun(world: Awaited<ReturnType<typeof start>>, at: ReturnType<typeof gate>, steps: string[]): Promise<void> {
  await at.entered
  const closing = Promise.resolve(world.runtime.close()).then(() => steps.push('close resolved'))
  // every turn close would need to resolve without waiting
  await new Promise((resolve) => setImmediate(resolve))
  at.open()
  await closing
  await world.store.close()
}

describe('runtime.close() with background work in flight', () => {
  it("waits for a state expiry's handler that is mid-run, whose write reaches the store; then the store closes", async () => {
    const folder = await emptyEmbeddedFolder(join(root, 'expiry'))
    const bot = new Bot()
    const at = gate()
    const steps: string[] = []
    bot.on.stateExpired('profile', async ({ state, client }) => {
      await at.wait()
      await client.setState({ ...note, payload: { topic: `forgot ${state.payload.name}` } })
      steps.push('handler wrote')
    })
    const world = await start(folder, bot)
    await world.runtime.client.setState({ ...profile, payload: { name: 'Ada' } })
    await world.runtime.client.setStateExpiry({ ...profile, expiry: 1000 })
    void world.clock.advance(1000)
    await closeMidRun(world, at, steps)
    expect(steps).toEqual(['handler wrote', 'close resolved'])
    expect(world.errors).toEqual([])

    const again = await start(folder, new Bot())
    try {
      expect((await again.runtime.client.getState(note)).state?.payload).toEqual({ topic: 'forgot Ada' })
      expect((await again.runtime.client.getState(profile)).state).toBeNull()
    } finally {
      await again.runtime.close()
      await again.store.close()
    }
  })

  it("waits for a recurring event's handler that is mid-run; no occurrence starts after close", async () => {
    const folder = await emptyEmbeddedFolder(join(root, 'recurring'))
    const bot = new Bot()
    const at = gate()
    const steps: string[] = []
    bot.on.event('dailyReport', async ({ event, client }) => {
      await at.wait()
      await client.setState({ ...note, payload: { topic: `report ${event.payload.day}` } })
      steps.push('handler wrote')
    })
    const world = await start(folder, bot)
    void world.clock.advance(2000)
    await closeMidRun(world, at, steps)
    expect(steps).toEqual(['handler wrote', 'close resolved'])
    expect(world.errors).toEqual([])
    // a day later, the next occurrence's time: nothing starts on the closed runtime
    await world.clock.advance(86_400_000)
    expect(world.clock.pendingTimers).toBe(0)
    expect(steps).toEqual(['handler wrote', 'close resolved'])

    const again = await start(folder, new Bot())
    try {
      expect((await again.runtime.client.getState(note)).state?.payload).toEqual({ topic: 'report today' })
    } finally {
      await again.runtime.close()
      await again.store.close()
    }
  })

  it('is held by a handler that never ends no longer than its time limit, which reports it', async () => {
    const folder = await emptyEmbeddedFolder(join(root, 'limit'))
    const bot = new Bot()
    const at = gate()
    bot.on.event('dailyReport', async () => {
      await at.wait()
      await new Promise(() => undefined)
    })
    const world = await start(folder, bot, 5000)
    void world.clock.advance(2000)
    await at.entered
    const closing = world.runtime.close()
    // the handler started at 09:00:00, its limit is 5 s: the clock reaches it
    await world.clock.advance(5000)
    await closing
    await world.store.close()
    expect(world.errors).toMatchObject([{ code: 'TIME_LIMIT_EXCEEDED' }])
  })
})

describe("a sweep's batch of expired states", () => {
  it('runs the handlers of every state it deleted, when one of them fails: each failure is a background error', async () => {
    const folder = await emptyEmbeddedFolder(join(root, 'batch'))
    // the writer's own expiry timers go with it: the states are left for another runtime's sweep
    const writer = await start(folder, new Bot())
    for (const id of ['u1', 'u2']) {
      await writer.runtime.client.setState({ ...profile, id, payload: { name: id } })
      await writer.runtime.client.setStateExpiry({ ...profile, id, expiry: 1000 })
    }
    await writer.runtime.close()
    await writer.store.close()

    const bot = new Bot()
    const handled: string[] = []
    bot.on.stateExpired('profile', ({ state }) => {
      handled.push(state.id)
      throw new Error(`cannot forget ${state.id}`)
    })
    const sweeper = await start(folder, bot)
    await sweeper.clock.advance(1000)
    await sweeper.runtime.close()
    await sweeper.store.close()
    expect(handled.sort()).toEqual(['u1', 'u2'])
    expect(sweeper.errors).toMatchObject([{ code: 'HANDLER_FAILED' }, { code: 'HANDLER_FAILED' }])
  })
})
