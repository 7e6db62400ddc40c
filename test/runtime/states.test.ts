// States at run time (docs/runtime.md#states), on the golden states-and-recurrence: the
// typed state calls of the bot's, a plugin instance's and an integration's clients, payloads
// validated with defaults filled and the old value kept when one is refused, concurrent
// getOrSetState storing one record, plugin instances kept apart, and idle expiry on a
// ManualClock running on.stateExpired (docs/runtime.md#state-expiry).
import { createRuntime, InMemoryStateStore, ManualClock, type StateRecord } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot, type ProfileState } from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import { Integration as Chat } from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import { Plugin as Reminders } from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'

const START = '2026-03-01T08:00:00.000Z'

function world(options: { bot?: Bot; reminders?: Reminders; clock?: ManualClock; stateStore?: InMemoryStateStore } = {}) {
  const chat = new Chat({
    actions: {
      // an integration keeps its own states, apart from the bot's
      post: async ({ input, client }) => {
        const { state } = await client.getOrSetState({ type: 'integration', id: 'workspace', name: 'credentials', payload: { token: 'tok-1' } })
        await client.patchState({ type: 'conversation', id: 'c1', name: 'cursor', payload: { after: input.text } })
        return { id: state.payload.token }
      },
    },
  })
  const reminders =
    options.reminders ??
    new Reminders({
      actions: {
        remind: async ({ input, client }) => {
          const { state } = await client.patchState({ type: 'conversation', id: 'c1', name: 'pending', payload: {} })
          const texts = [...state.payload.texts, input.text]
          const { state: saved } = await client.setState({ type: 'conversation', id: 'c1', name: 'pending', payload: { texts, count: texts.length } })
          return { count: saved?.payload.count ?? 0 }
        },
      },
    })
  const clock = options.clock ?? new ManualClock(START)
  const runtime = createRuntime({
    bot: options.bot ?? new Bot(),
    integrations: { chat },
    plugins: { reminders },
    clock,
    ...(options.stateStore ? { stateStore: options.stateStore } : {}),
  })
  return { runtime, clock }
}

const profile = { type: 'user', id: 'u1', name: 'profile' } as const

describe('state calls of the bot', () => {
  it('sets, reads, patches and deletes a state, with defaults filled and timestamps on the clock', async () => {
    const { runtime, clock } = world()
    const client = runtime.client
    expect(await client.getState(profile)).toEqual({ state: null })
    const { state } = await client.setState({ ...profile, payload: { name: 'Ada' } })
    const value: ProfileState | undefined = state?.payload
    expect(value).toEqual({ name: 'Ada', visits: 0 })
    expect(state).toMatchObject({ type: 'user', id: 'u1', name: 'profile', createdAt: START, updatedAt: START, expiresAt: '2026-03-02T08:00:00.000Z' })
    await clock.advance(1000)
    const patched = await client.patchState({ ...profile, payload: { visits: 3 } })
    expect(patched.state.payload).toEqual({ name: 'Ada', visits: 3 })
    expect(patched.state.createdAt).toBe(START)
    expect(patched.state.updatedAt).toBe('2026-03-01T08:00:01.000Z')
    expect((await client.getState(profile)).state?.payload).toEqual({ name: 'Ada', visits: 3 })
    expect(await client.setState({ ...profile, payload: null })).toEqual({ state: null })
    expect(await client.getState(profile)).toEqual({ state: null })
  })

  it('patches as a spread would: keys in order, a __proto__ key an own key, nothing shared with the caller or the store', async () => {
    const { runtime } = world()
    const client = runtime.client
    await client.setState({ ...profile, payload: { name: 'Ada' } })
    const changes = JSON.parse('{"__proto__": {"polluted": true}, "visits": 2}') as { visits: number }
    const { state } = await client.patchState({ ...profile, payload: changes })
    const payload = state.payload as unknown as { [key: string]: unknown }
    expect(Object.keys(payload)).toEqual(['name', 'visits', '__proto__'])
    expect(Object.getPrototypeOf(payload)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(payload, '__proto__')?.value).toEqual({ polluted: true })
    expect(changes).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "visits": 2}'))
    payload.name = 'changed by the caller'
    const stored = (await client.getState(profile)).state?.payload as unknown as { [key: string]: unknown }
    expect(Object.keys(stored)).toEqual(['name', 'visits', '__proto__'])
    expect(stored.name).toBe('Ada')
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype)
  })

  it('refuses a payload that does not fit and keeps the old value', async () => {
    const { runtime } = world()
    await runtime.client.setState({ ...profile, payload: { name: 'Ada', visits: 1 } })
    const wrong = runtime.client.patchState({ ...profile, payload: { visits: -1 } })
    await expect(wrong).rejects.toMatchObject({ code: 'INVALID_STATE', issues: ['payload.visits: must be at least 0, not -1'] })
    // a required property missing when a patch creates the state
    const counters = runtime.client.patchState({ type: 'bot', id: 'assistant', name: 'counters', payload: {} })
    await expect(counters).rejects.toMatchObject({ code: 'INVALID_STATE', issues: ['payload.messages: is required'] })
    expect((await runtime.client.getState(profile)).state?.payload).toEqual({ name: 'Ada', visits: 1 })
    expect(await runtime.client.getState({ type: 'bot', id: 'assistant', name: 'counters' })).toEqual({ state: null })
  })

  it('refuses an undeclared name, a type other than the declared one and an empty id', async () => {
    const { runtime } = world()
    const client = runtime.client as unknown as { getState(key: object): Promise<unknown> }
    await expect(client.getState({ type: 'user', id: 'u1', name: 'profil' })).rejects.toMatchObject({ code: 'UNKNOWN_STATE' })
    await expect(client.getState({ type: 'conversation', id: 'u1', name: 'profile' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      issues: ["type: state 'profile' is kept per user, not 'conversation'"],
    })
    await expect(client.getState({ type: 'user', id: '', name: 'profile' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })

  it('stores one record for concurrent getOrSetState calls, and every caller reads it', async () => {
    const stateStore = new InMemoryStateStore()
    const { runtime } = world({ stateStore })
    const key = { type: 'conversation', id: 'c1', name: 'thread' } as const
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runtime.client.getOrSetState({ ...key, payload: { topic: `topic ${i}` } })))
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.state.payload.topic))).toEqual(new Set(['topic 0']))
    expect(stateStore.size).toBe(1)
  })

  it('runs concurrent patches one after the other: none is lost', async () => {
    const { runtime } = world()
    const key = { type: 'bot', id: 'assistant', name: 'counters' } as const
    await runtime.client.setState({ ...key, payload: { messages: 0 } })
    const store = runtime.stateStore
    await Promise.all(Array.from({ length: 10 }, (_, i) => runtime.client.patchState({ ...key, payload: { messages: i + 1 } })))
    expect(store.get({ owner: 'bot', ...key })).toMatchObject({ payload: { messages: 10 } })
  })

  it('gives copies: changing a returned state changes nothing stored', async () => {
    const { runtime } = world()
    const { state } = await runtime.client.setState({ ...profile, payload: { name: 'Ada' } })
    if (state) state.payload.name = 'changed'
    expect((await runtime.client.getState(profile)).state?.payload.name).toBe('Ada')
  })
})

describe('states of plugin instances and integrations', () => {
  it('keeps a plugin instance states and an integration states apart from the bot', async () => {
    const { runtime } = world()
    expect(await runtime.client.callAction({ type: 'reminders#remind', input: { text: 'call Bob' } })).toEqual({ count: 1 })
    expect(await runtime.client.callAction({ type: 'reminders#remind', input: { text: 'pay rent' } })).toEqual({ count: 2 })
    expect(await runtime.client.callAction({ type: 'chat:post', input: { text: 'm1' } })).toEqual({ id: 'tok-1' })
    const store = runtime.stateStore
    expect(await store.get({ owner: '#reminders', type: 'conversation', id: 'c1', name: 'pending' })).toMatchObject({
      payload: { texts: ['call Bob', 'pay rent'], count: 2 },
    })
    expect(await store.get({ owner: ':chat', type: 'integration', id: 'workspace', name: 'credentials' })).toMatchObject({ payload: { token: 'tok-1' } })
    expect(await store.get({ owner: ':chat', type: 'conversation', id: 'c1', name: 'cursor' })).toMatchObject({ payload: { after: 'm1' } })
    // the bot does not declare 'pending': its client cannot reach the plugin's
    const client = runtime.client as unknown as { getState(key: object): Promise<unknown> }
    await expect(client.getState({ type: 'conversation', id: 'c1', name: 'pending' })).rejects.toMatchObject({ code: 'UNKNOWN_STATE' })
  })
})

describe('expiry', () => {
  it('deletes a state when its idle time has passed and runs on.stateExpired with it', async () => {
    const bot = new Bot()
    const expired: StateRecord<ProfileState>[] = []
    bot.on.stateExpired('profile', ({ state }) => {
      expired.push(state)
    })
    const { runtime, clock } = world({ bot })
    await runtime.client.setState({ ...profile, payload: { name: 'Ada' } })
    await clock.advance(86_400_000 - 1)
    expect(expired).toEqual([])
    // a write restarts the idle time
    await runtime.client.patchState({ ...profile, payload: { visits: 1 } })
    await clock.advance(86_400_000 - 1)
    expect(expired).toEqual([])
    await clock.advance(1)
    expect(expired).toMatchObject([{ type: 'user', id: 'u1', name: 'profile', payload: { name: 'Ada', visits: 1 } }])
    expect(await runtime.client.getState(profile)).toEqual({ state: null })
  })

  it('setStateExpiry gives a state its own expiry, or none', async () => {
    const bot = new Bot()
    const expired: string[] = []
    bot.on.stateExpired('thread', ({ state }) => void expired.push(state.id))
    bot.on.stateExpired('profile', ({ state }) => void expired.push(state.id))
    const { runtime, clock } = world({ bot })
    const thread = { type: 'conversation', id: 'c9', name: 'thread' } as const
    await runtime.client.setState({ ...thread, payload: { topic: 'billing' } })
    const { state } = await runtime.client.setStateExpiry({ ...thread, expiry: 60_000 })
    expect(state.expiresAt).toBe('2026-03-01T08:01:00.000Z')
    await runtime.client.setState({ ...profile, payload: {} })
    await runtime.client.setStateExpiry({ ...profile, expiry: null })
    await clock.advance(2 * 86_400_000)
    expect(expired).toEqual(['c9'])
    expect((await runtime.client.getState(profile)).state?.payload).toEqual({ visits: 0 })
    await expect(runtime.client.setStateExpiry({ ...thread, expiry: 5 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it("runs a plugin's handler with its instance's client", async () => {
    const reminders = new Reminders({
      actions: {
        remind: async ({ input, client }) =>
          (await client.patchState({ type: 'conversation', id: 'c2', name: 'pending', payload: { texts: [input.text] } })).state.payload,
      },
    })
    const seen: unknown[] = []
    reminders.on.stateExpired('pending', async ({ state, client, ctx }) => {
      seen.push({ payload: state.payload, configuration: ctx.configuration })
      await client.setState({ type: 'bot', id: 'assistant', name: 'totals', payload: { sent: state.payload.texts.length } })
    })
    const { runtime, clock } = world({ reminders })
    expect(await runtime.client.callAction({ type: 'reminders#remind', input: { text: 'y' } })).toEqual({ texts: ['y'], count: 0 })
    await clock.advance(3_600_000)
    expect(seen).toEqual([{ payload: { texts: ['y'], count: 0 }, configuration: {} }])
    expect(await runtime.stateStore.get({ owner: '#reminders', type: 'conversation', id: 'c2', name: 'pending' })).toBeUndefined()
    expect(await runtime.stateStore.get({ owner: '#reminders', type: 'bot', id: 'assistant', name: 'totals' })).toMatchObject({ payload: { sent: 1 } })
  })

  it('stops expiring states once the runtime is closed (docs/runtime.md#stopping-a-runtime)', async () => {
    const bot = new Bot()
    const expired: unknown[] = []
    bot.on.stateExpired('profile', ({ state }) => void expired.push(state))
    const { runtime, clock } = world({ bot })
    await runtime.client.setState({ ...profile, payload: {} })
    runtime.close()
    expect(clock.pendingTimers).toBe(0)
    await clock.advance(2 * 86_400_000)
    expect(expired).toEqual([])
    expect(runtime.stateStore.get({ owner: 'bot', ...profile })).toBeDefined()
  })

  it('refuses on.stateExpired for a state its owner does not declare, when the runtime is created', () => {
    const bot = new Bot()
    ;(bot.on.stateExpired as (name: string, handler: () => void) => void)('profil', () => {})
    expect(() => world({ bot })).toThrow(/bot.on.stateExpired\('profil'\): bot 'assistant' has no state 'profil' \(its states: profile, thread, counters\)/)
  })
})
