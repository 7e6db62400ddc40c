// One turn at a time per conversation (docs/runtime.md#one-turn-at-a-time) and idempotent
// incoming messages (docs/runtime.md#incoming-messages), on the generated helpdesk bot of the
// `conversations` fixture: slack's `thread` channel delivers the bot's replies. Handlers
// block on promises the test resolves: no timer, no real waiting.
import { createRuntime, InMemoryTurnStore, RuntimeError, type TurnTicket } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { cpuGrowth, expectNearLinear } from '../support/growth.js'
import { rejection } from '../support/rejection.js'

/** A promise the test resolves. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Lets every promise that can settle settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
}

/**
 * The bot replies `echo: <text>` to each text; a text that `gates` names waits for its gate
 * first. `log` has `start <text>` and `end <text>` for each turn. Slack's thread channel
 * delivers the replies, and echoes a reply to 'loop' back in as an incoming message.
 */
function world(options: { turnStore?: InMemoryTurnStore } = {}) {
  const log: string[] = []
  const gates = new Map<string, ReturnType<typeof gate>>()
  const slack = new Slack({
    actions: {},
    channels: {
      thread: {
        messages: {
          text: async ({ payload, conversation, client, ack }) => {
            if (payload.text === 'echo: loop') {
              // an integration's handler in a turn puts a message in its own conversation: not a turn of its own
              const { user } = await client.getOrCreateUser({ tags: { slackUserId: 'U-loop' } })
              await client.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: 'looped' }, tags: { ts: 'loop' } })
            }
            await ack({ tags: { ts: `ts-${payload.text}` } })
          },
        },
      },
    },
  })
  const bot = new Bot()
  bot.on.message('text', async ({ message, client, conversation }) => {
    if (message.userId === 'helpdesk') return
    log.push(`start ${message.payload.text}`)
    await gates.get(message.payload.text)?.opened
    await client.createMessage({
      conversationId: conversation.id,
      userId: 'helpdesk',
      type: 'text',
      payload: { text: `echo: ${message.payload.text}` },
      tags: {},
    })
    log.push(`end ${message.payload.text}`)
  })
  const runtime = createRuntime({ bot, integrations: { slack }, plugins: { greeter: new Greeter({ actions: {} }) }, ...options })
  const client = runtime.integration('slack')
  async function conversation(thread: string) {
    const { user } = await client.getOrCreateUser({ tags: { slackUserId: 'U1' } })
    const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: thread } })
    return { conversationId: conversation.id, userId: user.id }
  }
  function gated(text: string) {
    const made = gate()
    gates.set(text, made)
    return made
  }
  const text = (ids: { conversationId: string; userId: string }, text: string, idempotencyKey?: string) => ({
    ...ids,
    type: 'text' as const,
    payload: { text },
    tags: { ts: text },
    ...(idempotencyKey !== undefined && { idempotencyKey }),
  })
  return { runtime, client, log, conversation, gated, text }
}

describe('one turn at a time per conversation', () => {
  it('runs the turns of one conversation one after the other, in arrival order, through the webhook client and receive alike', async () => {
    const { runtime, client, log, conversation, gated, text } = world()
    const ids = await conversation('t1')
    const first = gated('one')
    const calls = [
      client.createMessage(text(ids, 'one')),
      runtime.receive({ ...ids, type: 'text', payload: { text: 'two' }, tags: {} }),
      client.createMessage(text(ids, 'three')),
    ]
    await settle()
    expect(log).toEqual(['start one'])
    first.open()
    await Promise.all(calls)
    expect(log).toEqual(['start one', 'end one', 'start two', 'end two', 'start three', 'end three'])
    // stored in turn order: each message, then its reply
    const { messages } = await runtime.client.listMessages({ conversationId: ids.conversationId })
    expect(messages.map((m) => (m.payload as { text: string }).text).reverse()).toEqual(['one', 'echo: one', 'two', 'echo: two', 'three', 'echo: three'])
  })

  it('runs the turns of different conversations side by side', async () => {
    const { client, log, conversation, gated, text } = world()
    const blocked = gated('held')
    const slow = client.createMessage(text(await conversation('t1'), 'held'))
    await client.createMessage(text(await conversation('t2'), 'free'))
    expect(log).toEqual(['start held', 'start free', 'end free'])
    blocked.open()
    await slow
  })

  it('goes on with the next turn when a turn fails, and does not deadlock on messages a turn puts in its own conversation', async () => {
    const { runtime, client, log, conversation, text } = world()
    const ids = await conversation('t1')
    const failing = runtime.receive({ ...ids, type: 'text', payload: { text: 'x' }, tags: { nope: 'x' } } as never)
    const looping = client.createMessage(text(ids, 'loop'))
    expect((await rejection(failing)).code).toBe('INVALID_MESSAGE')
    await looping
    // the reply to 'loop' came back in within the turn (slack's delivery), and the bot answered it there
    expect(log).toEqual(['start loop', 'start looped', 'end looped', 'end loop'])
  })

  it('takes its tickets from the turn store given, and gives every ticket back', async () => {
    const taken: TurnTicket[] = []
    const turnStore = new (class extends InMemoryTurnStore {
      override enqueue(conversationId: string): TurnTicket {
        const ticket = super.enqueue(conversationId)
        taken.push(ticket)
        return ticket
      }
    })()
    const { runtime, client, conversation, text } = world({ turnStore })
    expect(runtime.turnStore).toBe(turnStore)
    const ids = await conversation('t1')
    await Promise.all([client.createMessage(text(ids, 'a')), runtime.receive({ ...ids, type: 'text', payload: { text: 'b' }, tags: {} })])
    expect(taken.map((t) => t.conversationId)).toEqual([ids.conversationId, ids.conversationId])
    expect(turnStore.busyConversations).toBe(0)
  })
})

describe('idempotent incoming messages', () => {
  it('gives a second createMessage with the same key the first message, marked a duplicate, and runs nothing', async () => {
    const { runtime, client, log, conversation, text } = world()
    const ids = await conversation('t1')
    const first = await client.createMessage(text(ids, 'hi', 'evt-1'))
    expect(first.duplicate).toBe(false)
    const again = await client.createMessage(text(ids, 'hi (retried)', 'evt-1'))
    expect(again).toEqual({ message: first.message, duplicate: true })
    expect(again.message.tags).toEqual({ ts: 'hi' })
    expect(log).toEqual(['start hi', 'end hi'])
    const other = await client.createMessage(text(ids, 'next', 'evt-2'))
    expect(other.duplicate).toBe(false)
    const { messages } = await runtime.client.listMessages({ conversationId: ids.conversationId })
    expect(messages).toHaveLength(4)
  })

  it('makes one message of concurrent duplicates, however many', async () => {
    const { runtime, client, log, conversation, gated, text } = world()
    const ids = await conversation('t1')
    const held = gated('once')
    const calls = Array.from({ length: 5 }, () => client.createMessage(text(ids, 'once', 'evt-same')))
    await settle()
    held.open()
    const results = await Promise.all(calls)
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1)
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1)
    expect(log).toEqual(['start once', 'end once'])
    expect((await runtime.client.listMessages({ conversationId: ids.conversationId })).messages).toHaveLength(2)
  })

  it('refuses a key that is not a non-empty string of at most 256 characters, storing nothing; a refused message does not use its key up', async () => {
    const { runtime, client, conversation, text } = world()
    const ids = await conversation('t1')
    for (const key of ['', 'k'.repeat(257), 7]) {
      const error = await rejection(client.createMessage({ ...text(ids, 'hi'), idempotencyKey: key as string }))
      expect(error).toBeInstanceOf(RuntimeError)
      expect(error.code).toBe('INVALID_MESSAGE')
    }
    expect((await rejection(client.createMessage({ ...text(ids, 'hi', 'evt-1'), payload: {} as { text: string } }))).code).toBe('INVALID_MESSAGE')
    expect((await runtime.client.listMessages({ conversationId: ids.conversationId })).messages).toHaveLength(0)
    expect((await client.createMessage(text(ids, 'hi', 'k'.repeat(256)))).duplicate).toBe(false)
    expect((await client.createMessage(text(ids, 'hi', 'evt-1'))).duplicate).toBe(false)
  })
})

describe('a long line of turns', () => {
  it('costs time linear in its length: each ticket is found and taken out of line in constant time', async () => {
    // n tickets of one conversation: a few given up while they wait, the rest run in order
    const line = (n: number) => async () => {
      const store = new InMemoryTurnStore()
      const tickets = Array.from({ length: n }, () => store.enqueue('c1'))
      const waits = tickets.map((ticket) => store.waitForTurn(ticket))
      for (let i = 1; i < n; i += 7) store.release(tickets[i] as TurnTicket)
      let ran = 0
      for (const [i, ticket] of tickets.entries()) {
        if (i % 7 === 1 && i > 0) continue
        await waits[i]
        ran++
        store.release(ticket)
      }
      expect(ran).toBe(n - Math.ceil((n - 1) / 7))
      expect(store.busyConversations).toBe(0)
    }
    expectNearLinear(await cpuGrowth(line, 20_000))
  })
})
