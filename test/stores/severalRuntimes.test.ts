// Several runtimes on one store, as several processes of one bot are on one PostgreSQL
// database (docs/deploying.md#no-lost-update, #scheduled-work): concurrent patchState of one
// state and tag updates of one conversation, user and message lose nothing; each occurrence
// of a recurring event is emitted once; a state expires once, and still expires when the
// runtime that wrote it is closed. Each runtime has its own pool and its own ManualClock.
import {
  type ConversationStore,
  createRuntime,
  InMemoryConversationStore,
  InMemoryMessageStore,
  InMemoryStateStore,
  ManualClock,
  type MessageStore,
  type StateStore,
} from '@botwire/runtime'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openPostgresStore, type PostgresStore } from '../../src/stores/postgres/index.js'
import { Bot as Helpdesk } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { Bot as Assistant } from '../fixtures/valid/states-and-recurrence/expected/bots/assistant/v1.0.0.js'
import { Integration as Chat } from '../fixtures/valid/states-and-recurrence/expected/integrations/chat/v1.0.0.js'
import { Plugin as Reminders } from '../fixtures/valid/states-and-recurrence/expected/plugins/reminders/v1.0.0.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from './postgresServer.js'

const START = '2026-03-01T09:00:30.000Z'

interface Stores {
  store: MessageStore
  conversationStore: ConversationStore
  stateStore: StateStore
}

const opened: PostgresStore[] = []
const schemas: string[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()))
  for (const schema of schemas.splice(0)) await dropSchema(schema)
})

/** `count` stores on one new PostgreSQL schema, each over a pool of its own, as `count` processes have. */
async function onePostgresSchema(count: number): Promise<Stores[]> {
  await withTestDatabase(async () => {})
  const schema = uniqueSchemaName()
  schemas.push(schema)
  const stores: Stores[] = []
  for (let i = 0; i < count; i++) {
    const store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 4 })
    opened.push(store)
    stores.push({ store, conversationStore: store.conversationStore, stateStore: store.stateStore })
  }
  return stores
}

/** One in-memory store of each kind, shared by `count` runtimes. */
function oneInMemoryStore(count: number): Stores[] {
  const shared = { store: new InMemoryMessageStore(), conversationStore: new InMemoryConversationStore(), stateStore: new InMemoryStateStore() }
  return Array.from({ length: count }, () => shared)
}

function assistant(stores: Stores, bot = new Assistant()) {
  const clock = new ManualClock(START)
  const runtime = createRuntime({
    bot,
    integrations: { chat: new Chat({ actions: { post: async () => ({ id: 'p' }) } }) },
    plugins: { reminders: new Reminders({ actions: { remind: async () => ({ count: 0 }) } }) },
    clock,
    ...stores,
  })
  return { runtime, clock, bot }
}

function helpdesk(stores: Stores) {
  return createRuntime({
    bot: new Helpdesk(),
    integrations: { slack: new Slack({ actions: {}, channels: {} }) },
    plugins: { greeter: new Greeter({ actions: {} }) },
    ...stores,
  })
}

const profile = { type: 'user', id: 'u1', name: 'profile' } as const

describe.each([
  ['one PostgreSQL schema', onePostgresSchema],
  ['one in-memory store object', async (count: number) => oneInMemoryStore(count)],
])('two runtimes on %s', (_, storesFor) => {
  it('lose no field of 50 concurrent patchState calls on one state, whichever runtime makes each', async () => {
    const runtimes = (await storesFor(2)).map((stores) => assistant(stores).runtime)
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (runtimes[i % 2] ?? runtimes[0])?.client.patchState({ ...profile, payload: { [`field${i}`]: i } as unknown as { name: string } }),
      ),
    )
    const { state } = (await (runtimes[1] ?? runtimes[0])?.client.getState(profile)) ?? { state: null }
    expect(state?.payload).toEqual({ visits: 0, ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`field${i}`, i])) })
    for (const runtime of runtimes) runtime.close()
  })

  it('lose no tag of 50 concurrent updates of one conversation, one user and one message', async () => {
    const [first, second] = (await storesFor(2)).map(helpdesk)
    if (!first || !second) throw new Error('two runtimes')
    const slack = first.integration('slack')
    const { conversation } = await slack.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: '1' } })
    const { user } = await slack.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    const message = await first.receive({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'hi' }, tags: {} })
    // each round sets the four keys of each record at once, from both runtimes: a lost update would leave one behind
    const conversationKeys = ['topic', 'slack:channelId', 'slack:threadTs', 'greeter#language'] as const
    const userKeys = ['customerId', 'slack:slackUserId', 'slack:email', 'greeter#greeted'] as const
    const messageKeys = ['priority', 'slack:ts', 'slack:externalId', 'greeter#greeting'] as const
    for (let round = 0; round < 13; round++) {
      const value = `round ${round}`
      await Promise.all(
        [0, 1, 2, 3].flatMap((k) => {
          const runtime = k % 2 === 0 ? first : second
          return [
            runtime.client.updateConversation({ id: conversation.id, tags: { [conversationKeys[k] as string]: value } }),
            runtime.client.updateUser({ id: user.id, tags: { [userKeys[k] as string]: value } }),
            runtime.client.updateMessage({ id: message.id, tags: { [messageKeys[k] as string]: value } }),
          ]
        }),
      )
      const all = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, value]))
      expect((await second.client.getConversation({ id: conversation.id })).conversation.tags).toEqual(all(conversationKeys))
      expect((await first.client.getUser({ id: user.id })).user.tags).toEqual(all(userKeys))
      expect((await second.client.getMessage({ id: message.id })).message.tags).toEqual(all(messageKeys))
    }
    first.close()
    second.close()
  })
})

describe('three runtimes on one PostgreSQL schema, each on its own clock', () => {
  it('emit each occurrence of a recurring event once over an hour of driven time', async () => {
    const seen: string[] = []
    const worlds = (await onePostgresSchema(3)).map((stores, i) => {
      const bot = new Assistant()
      bot.on.event('chat:tick', () => void seen.push(`tick by ${i}`))
      bot.on.event('reminders#sweep', () => void seen.push(`sweep by ${i}`))
      return assistant(stores, bot)
    })
    // 09:00:30 -> 10:00:30 five minutes at a time (the tick's period), each clock a little apart: ticks at 09:05 ... 10:00 (12), the sweep at 10:00
    for (let step = 0; step < 12; step++) {
      for (const [i, world] of worlds.entries()) await world.clock.advance(300_000 + (step === 0 ? i * 10 : 0))
    }
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(13))
    // every claim has settled: nothing more comes
    await Promise.all(worlds.map((world) => world.clock.advance(0)))
    expect(seen.filter((s) => s.startsWith('tick'))).toHaveLength(12)
    expect(seen.filter((s) => s.startsWith('sweep'))).toHaveLength(1)
    for (const world of worlds) world.runtime.close()
  })

  it('expire a state once, and still expire one whose writer was closed', async () => {
    const expired: string[] = []
    const worlds = (await onePostgresSchema(3)).map((stores, i) => {
      const bot = new Assistant()
      bot.on.stateExpired('profile', ({ state }) => void expired.push(`${state.id} by ${i}`))
      return assistant(stores, bot)
    })
    const [writer, ...others] = worlds
    if (!writer) throw new Error('three runtimes')
    await writer.runtime.client.setState({ ...profile, payload: { name: 'Ada' } })
    await writer.runtime.client.setStateExpiry({ ...profile, expiry: 1000 })
    await writer.runtime.client.setState({ ...profile, id: 'u2', payload: { name: 'Bob' } })
    await writer.runtime.client.setStateExpiry({ ...profile, id: 'u2', expiry: 5000 })
    for (let second = 0; second < 3; second++) for (const world of worlds) await world.clock.advance(1000)
    await vi.waitFor(() => expect(expired.filter((e) => e.startsWith('u1'))).toHaveLength(1))
    // the writer goes away: its timer for u2 with it; the others' sweeps expire it
    writer.runtime.close()
    for (let second = 0; second < 5; second++) for (const world of others) await world.clock.advance(1000)
    await vi.waitFor(() => expect(expired.filter((e) => e.startsWith('u2'))).toHaveLength(1))
    for (const world of others) await world.clock.advance(2000)
    expect(expired).toHaveLength(2)
    expect(expired.find((e) => e.startsWith('u2'))).not.toBe('u2 by 0')
    expect(await others[0]?.runtime.client.getState({ ...profile, id: 'u2' })).toEqual({ state: null })
    for (const world of others) world.runtime.close()
  })
})
