// The message store contract (docs/runtime.md#the-message-store), as one suite that every
// store runs: the in-memory default, the embedded store and the PostgreSQL store. Each test
// opens its own store (its own schema, for the SQL stores) and closes it after.
import type { MessageRecord, MessageStore, StoredMessage } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'

export interface StoreUnderTest {
  store: MessageStore
  /**
   * A second store over the same database: another connection pool (PostgreSQL), another
   * store object on the same database (embedded); the same store where there is no database
   * to share (in memory).
   */
  other: MessageStore
  close(): Promise<void>
}

export function storedMessage(id: string, conversationId: string, text = id): StoredMessage {
  return {
    id,
    conversationId,
    userId: 'user-1',
    type: 'text',
    payload: { text },
    tags: { topic: 'greeting' },
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
  }
}

function ids(records: readonly MessageRecord[]): string[] {
  return records.map((record) => record.message.id)
}

/** Every record of the conversation, paged `limit` at a time as the runtime pages (newest first, below the last seq seen). */
async function pageAll(store: MessageStore, conversationId: string, limit: number, between: () => Promise<void> = async () => {}): Promise<MessageRecord[]> {
  const seen: MessageRecord[] = []
  let beforeSeq: number | undefined
  for (;;) {
    const page = await store.list(beforeSeq === undefined ? { conversationId, limit } : { conversationId, limit, beforeSeq })
    seen.push(...page)
    if (page.length < limit) return seen
    beforeSeq = page.at(-1)?.seq
    await between()
  }
}

export function describeStoreContract(name: string, open: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the message store contract (docs/runtime.md#the-message-store)`, () => {
    let opened: StoreUnderTest | undefined
    async function fresh(): Promise<StoreUnderTest> {
      opened = await open()
      return opened
    }
    afterEach(async () => {
      await opened?.close()
      opened = undefined
    })

    it('assigns each insert a safe integer seq higher than every earlier one, in any conversation, and never reuses one after a delete', async () => {
      const { store } = await fresh()
      const seqs: number[] = []
      for (let i = 0; i < 30; i++) seqs.push((await store.insert(storedMessage(`m${i}`, `c${i % 3}`))).seq)
      for (const seq of seqs) expect(Number.isSafeInteger(seq) && seq > 0).toBe(true)
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBeGreaterThan(seqs[i - 1] as number)
      expect(await store.delete('m29')).toBe(true)
      const after = await store.insert(storedMessage('m30', 'c0'))
      expect(after.seq).toBeGreaterThan(seqs.at(-1) as number)
    })

    it('lists one conversation below a seq, highest seq first, at most limit (up to 101)', async () => {
      const { store } = await fresh()
      const inserted: MessageRecord[] = []
      for (let i = 0; i < 130; i++) inserted.push(await store.insert(storedMessage(`m${i}`, i % 2 === 0 ? 'even' : 'odd')))
      const even = inserted.filter((r) => r.message.conversationId === 'even').reverse()
      expect(ids(await store.list({ conversationId: 'even', limit: 101 }))).toEqual(ids(even))
      expect(ids(await store.list({ conversationId: 'even', limit: 3 }))).toEqual(ids(even.slice(0, 3)))
      const below = even[10] as MessageRecord
      expect(ids(await store.list({ conversationId: 'even', limit: 5, beforeSeq: below.seq }))).toEqual(ids(even.slice(11, 16)))
      expect(await store.list({ conversationId: 'even', limit: 101, beforeSeq: (even.at(-1) as MessageRecord).seq })).toEqual([])
      expect(await store.list({ conversationId: 'nobody', limit: 101 })).toEqual([])
      expect((await store.list({ conversationId: 'odd', limit: 101 })).every((r) => r.message.conversationId === 'odd')).toBe(true)
      // what list returns is what insert returned, seq and message
      expect(await store.list({ conversationId: 'even', limit: 1 })).toEqual([even[0]])
    })

    it('gets, updates (tag changes merged, updatedAt moved forward, same seq) and deletes by id; an unknown id is undefined or false', async () => {
      const { store } = await fresh()
      const record = await store.insert({ ...storedMessage('a', 'c'), tags: { topic: 'sales', old: 'x' } })
      expect(await store.get('a')).toEqual(record)
      const updated = await store.update('a', {
        tags: { set: { topic: 'billing', priority: 'high' }, remove: ['old', 'absent'] },
        updatedAt: '2030-01-02T00:00:00.000Z',
      })
      expect(updated).toEqual({
        seq: record.seq,
        message: { ...record.message, tags: { topic: 'billing', priority: 'high' }, updatedAt: '2030-01-02T00:00:00.000Z' },
      })
      expect(await store.get('a')).toEqual(updated)
      // an update at a time not later than the stored updatedAt moves it 1 ms forward; a delivery is recorded
      const delivery = { status: 'delivered' } as const
      const again = await store.update('a', { tags: { set: {}, remove: ['priority'] }, updatedAt: '2030-01-01T00:00:00.000Z', delivery })
      expect(again?.message).toEqual({ ...record.message, tags: { topic: 'billing' }, updatedAt: '2030-01-02T00:00:00.001Z', delivery })
      expect(await store.get('a')).toEqual(again)
      expect(await store.get('zzz')).toBeUndefined()
      expect(await store.update('zzz', { tags: { set: {}, remove: [] }, updatedAt: '2030-01-02T00:00:00.000Z' })).toBeUndefined()
      expect(await store.delete('zzz')).toBe(false)
      expect(await store.delete('a')).toBe(true)
      expect(await store.delete('a')).toBe(false)
      expect(await store.get('a')).toBeUndefined()
      expect(await store.list({ conversationId: 'c', limit: 10 })).toEqual([])
    })

    it('refuses a second message with an id already stored', async () => {
      const { store } = await fresh()
      await store.insert(storedMessage('a', 'c1'))
      await expect(async () => store.insert(storedMessage('a', 'c2'))).rejects.toThrow(/already stored/)
      expect(ids(await store.list({ conversationId: 'c2', limit: 10 }))).toEqual([])
    })

    it('copies in and out: changing what it was given or handed out changes nothing stored', async () => {
      const { store } = await fresh()
      const given = storedMessage('a', 'c')
      const inserted = await store.insert(given)
      given.tags['topic'] = 'changed'
      ;(given.payload as { text: string }).text = 'changed'
      inserted.message.tags['topic'] = 'changed'
      const got = await store.get('a')
      ;(got as MessageRecord).message.tags['x'] = 'y'
      const listed = await store.list({ conversationId: 'c', limit: 1 })
      ;(listed[0] as MessageRecord).message.userId = 'changed'
      const tags = { topic: 'billing' }
      const updated = await store.update('a', { tags: { set: tags, remove: [] }, updatedAt: '2030-01-02T00:00:00.000Z' })
      tags.topic = 'changed'
      ;(updated as MessageRecord).message.tags['topic'] = 'changed'
      expect((await store.get('a'))?.message).toEqual({ ...storedMessage('a', 'c'), tags: { topic: 'billing' }, updatedAt: '2030-01-02T00:00:00.000Z' })
    })

    it('keeps any unicode in ids, conversation ids and payloads (NUL, lone surrogates, emoji), large ones, and the keys in their order', async () => {
      const { store } = await fresh()
      const strange = ['\u0000', '\uD800', '\uDC00', '\uFFFD', '🤖 bot', 'é', 'e\u0301', "'; DROP TABLE messages; --", 'x'.repeat(10_000)]
      for (const [i, value] of strange.entries()) {
        const message = { ...storedMessage(`${value}#${i}`, value, value), tags: { [value]: value } }
        const record = await store.insert(message)
        expect(JSON.stringify(record.message)).toBe(JSON.stringify(message))
      }
      // each conversation holds its own message: none of them merged with another
      for (const [i, value] of strange.entries()) {
        expect(ids(await store.list({ conversationId: value, limit: 10 }))).toEqual([`${value}#${i}`])
        expect((await store.get(`${value}#${i}`))?.message.payload).toEqual({ text: value })
      }
      const big = { ...storedMessage('big', 'c', '🤖'.repeat(250_000)), tags: { zeta: '1', alpha: '2', mid: '3', ünï: '4' } }
      expect(JSON.stringify((await store.insert(big)).message)).toBe(JSON.stringify(big))
      expect(JSON.stringify((await store.get('big'))?.message)).toBe(JSON.stringify(big))
    })

    it('pages without repeating or skipping a message while others are added and deleted between pages and during them', async () => {
      const { store, other } = await fresh()
      const before: MessageRecord[] = []
      for (let i = 0; i < 120; i++) before.push(await store.insert(storedMessage(`old${i}`, 'c')))
      const deleted = new Set<string>()
      let added = 0
      const churn = async () => {
        // writes from both stores, as two processes would make them: new messages, and deletes of old ones not yet paged
        const victim = `old${10 + deleted.size * 3}`
        deleted.add(victim)
        await Promise.all([other.insert(storedMessage(`new${added++}`, 'c')), store.insert(storedMessage(`new${added++}`, 'c')), other.delete(victim)])
      }
      const [paged] = await Promise.all([pageAll(store, 'c', 7, churn), churn()])
      const pagedIds = ids(paged)
      expect(new Set(pagedIds).size).toBe(pagedIds.length) // no repeats
      for (let i = 1; i < paged.length; i++) expect((paged[i] as MessageRecord).seq).toBeLessThan((paged[i - 1] as MessageRecord).seq)
      // every message stored before paging began is there once, in order, unless it was deleted (then it is there only if paged before its delete)
      const pagedOld = pagedIds.filter((id) => id.startsWith('old'))
      expect(deleted.size).toBeGreaterThan(10)
      expect(pagedOld).toEqual(
        ids(before)
          .reverse()
          .filter((id) => !deleted.has(id) || pagedOld.includes(id)),
      )
    })

    it('two stores on one database: concurrent inserts get unique seqs, each sees the other’s, and paging is still stable', async () => {
      const { store, other } = await fresh()
      const writes: (MessageRecord | Promise<MessageRecord>)[] = []
      for (let i = 0; i < 100; i++) writes.push((i % 2 === 0 ? store : other).insert(storedMessage(`m${i}`, `c${i % 4}`)))
      const records = await Promise.all(writes)
      expect(new Set(records.map((r) => r.seq)).size).toBe(100)
      // an insert that starts after another one finished gets a higher seq, whichever store made either
      const first = await other.insert(storedMessage('after1', 'c0'))
      const second = await store.insert(storedMessage('after2', 'c1'))
      const third = await other.insert(storedMessage('after3', 'c0'))
      expect(first.seq).toBeGreaterThan(Math.max(...records.map((r) => r.seq)))
      expect(second.seq).toBeGreaterThan(first.seq)
      expect(third.seq).toBeGreaterThan(second.seq)
      expect(await other.get('after2')).toEqual(second)
      expect(await store.get('after3')).toEqual(third)
      // each conversation, paged through either store, in seq order, all of it
      for (const conversation of ['c0', 'c1', 'c2', 'c3']) {
        const expected = [...records, first, second, third].filter((r) => r.message.conversationId === conversation).sort((a, b) => b.seq - a.seq)
        expect(await pageAll(other, conversation, 4)).toEqual(expected)
        expect(await pageAll(store, conversation, 101)).toEqual(expected)
      }
      // concurrent updates of one message on two stores, each setting its own tag: every one lands
      const at = '2030-01-02T00:00:00.000Z'
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? store : other).update('m0', { tags: { set: { [`tag${i}`]: String(i) }, remove: [] }, updatedAt: at }),
        ),
      )
      const final = (await store.get('m0'))?.message
      expect(final?.tags).toEqual({ ...storedMessage('m0', 'c0').tags, ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`tag${i}`, String(i)])) })
      // each update moved updatedAt 1 ms past the one before it (all were given the same time)
      expect(final?.updatedAt).toBe('2030-01-02T00:00:00.019Z')
    })

    it('keeps one message per idempotency key, concurrent inserts on two stores included; a deleted message frees its key', async () => {
      const { store, other } = await fresh()
      const calls = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? store : other).insert(storedMessage(`k${i}`, 'c1'), '["slack","evt-1"]')),
      )
      const firstId = calls[0]?.message.id
      expect(new Set(calls.map((c) => c.message.id)).size).toBe(1)
      expect(new Set(calls.map((c) => c.seq)).size).toBe(1)
      expect(ids(await store.list({ conversationId: 'c1', limit: 10 }))).toEqual([firstId])
      expect((await other.findByIdempotencyKey('["slack","evt-1"]'))?.message.id).toBe(firstId)
      expect(await store.findByIdempotencyKey('["slack","evt-2"]')).toBeUndefined()
      // messages without a key never meet
      await store.insert(storedMessage('free-1', 'c1'))
      await store.insert(storedMessage('free-2', 'c1'))
      expect(await store.delete(firstId as string)).toBe(true)
      expect(await other.findByIdempotencyKey('["slack","evt-1"]')).toBeUndefined()
      expect((await other.insert(storedMessage('again', 'c1'), '["slack","evt-1"]')).message.id).toBe('again')
    })
  })
}
