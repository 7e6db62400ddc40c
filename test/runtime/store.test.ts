// The MessageStore interface: the in-memory default, and another store plugged in.
import {
  type BotClient,
  InMemoryMessageStore,
  type ListQuery,
  type MessageRecord,
  type MessageStore,
  type MessageUpdate,
  type StoredMessage,
  type TagMap,
} from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { CallableActions, CallChannels, MessageTags, OwnEvents, States } from '../../generated/bots/support-bot/v1.0.0.js'
import { makeWorld, text } from './world.js'

function message(id: string, conversationId: string): StoredMessage {
  return {
    id,
    conversationId,
    userId: 'u',
    type: 'text',
    payload: { text: id },
    tags: {},
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  }
}

describe('InMemoryMessageStore', () => {
  it('assigns increasing sequence numbers and lists a conversation below a seq, highest first', () => {
    const store = new InMemoryMessageStore()
    const a = store.insert(message('a', 'c1'))
    const b = store.insert(message('b', 'c2'))
    const c = store.insert(message('c', 'c1'))
    const d = store.insert(message('d', 'c1'))
    expect([a.seq, b.seq, c.seq, d.seq]).toEqual([1, 2, 3, 4])
    expect(store.list({ conversationId: 'c1', limit: 10 }).map((r) => r.message.id)).toEqual(['d', 'c', 'a'])
    expect(store.list({ conversationId: 'c1', limit: 1, beforeSeq: 4 }).map((r) => r.message.id)).toEqual(['c'])
    expect(store.delete('c')).toBe(true)
    expect(store.delete('c')).toBe(false)
    expect(store.list({ conversationId: 'c1', limit: 10, beforeSeq: 4 }).map((r) => r.message.id)).toEqual(['a'])
    expect(store.insert(message('e', 'c1')).seq).toBe(5) // never reused
    expect(store.get('c')).toBeUndefined()
    expect(store.update('a', { tags: { set: { topic: 't' }, remove: [] }, updatedAt: '2030-01-02T00:00:00.000Z' })?.message).toMatchObject({
      tags: { topic: 't' },
      updatedAt: '2030-01-02T00:00:00.000Z',
    })
    expect(store.update('zzz', { tags: { set: {}, remove: [] }, updatedAt: 'x' })).toBeUndefined()
    expect(store.size).toBe(4)
  })

  it('keeps copies: neither what it was given nor what it hands out is shared', () => {
    const store = new InMemoryMessageStore()
    const given = message('a', 'c1')
    const returned = store.insert(given)
    given.tags['topic'] = 'x'
    returned.message.tags['topic'] = 'y'
    expect(store.get('a')?.message.tags).toEqual({})
    expect(() => store.insert(message('a', 'c1'))).toThrow("a message with id 'a' is already stored")
  })
})

/** A store of another kind: asynchronous, as a database-backed one would be. */
class AsyncStore implements MessageStore {
  readonly calls: string[] = []
  private readonly inner = new InMemoryMessageStore()

  async insert(m: StoredMessage, idempotencyKey?: string): Promise<MessageRecord> {
    this.calls.push('insert')
    return this.inner.insert(m, idempotencyKey)
  }
  async findByIdempotencyKey(idempotencyKey: string): Promise<MessageRecord | undefined> {
    this.calls.push('findByIdempotencyKey')
    return this.inner.findByIdempotencyKey(idempotencyKey)
  }
  async get(id: string): Promise<MessageRecord | undefined> {
    this.calls.push('get')
    return this.inner.get(id)
  }
  async update(id: string, update: MessageUpdate): Promise<MessageRecord | undefined> {
    this.calls.push('update')
    return this.inner.update(id, update)
  }
  async delete(id: string): Promise<boolean> {
    this.calls.push('delete')
    return this.inner.delete(id)
  }
  async list(query: ListQuery): Promise<MessageRecord[]> {
    this.calls.push(`list ${query.limit}${query.beforeSeq === undefined ? '' : ` <${query.beforeSeq}`}`)
    return this.inner.list(query)
  }
}

describe('a plugged-in store', () => {
  it('receives every operation of the runtime', async () => {
    const store = new AsyncStore()
    const { runtime, bot } = makeWorld({ store })
    expect(runtime.store).toBe(store)
    bot.on.message('text', async ({ message, client }) => {
      await client.updateMessage({ id: message.id, tags: { topic: 't' } })
    })
    const received = await runtime.receive(text('c1', 'one'))
    await runtime.client.createMessage(text('c1', 'two'))
    const first = await runtime.client.listMessages({ conversationId: 'c1', limit: 1 })
    await runtime.client.listMessages({ conversationId: 'c1', limit: 1, nextToken: first.meta.nextToken as string })
    await runtime.client.deleteMessage({ id: received.id })
    expect(store.calls).toEqual(['insert', 'update', 'get', 'insert', 'list 2', 'list 2 <2', 'delete'])
  })
})

describe('runtime.client', () => {
  it('is typed exactly as the client the bot handlers get', () => {
    const { runtime, bot } = makeWorld()
    expectTypeOf(runtime.client).toEqualTypeOf<BotClient<MessageTags, CallableActions, CallChannels, TagMap, TagMap, States, OwnEvents>>()
    bot.on.message('*', ({ client }) => {
      expectTypeOf(client).toEqualTypeOf<typeof runtime.client>()
    })
    expectTypeOf(runtime.receive).parameter(0).toExtend<{ conversationId: string; userId: string; tags: MessageTags }>()
  })
})
