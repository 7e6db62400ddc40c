// The conversation store contract (docs/runtime.md#conversations-and-users): one suite that
// the in-memory store, the embedded store and the PostgreSQL store run. `other` is a second
// store on the same database (itself where there is none), for the two-writer cases.
import type { ConversationMatch, ConversationRecord, ConversationStore, UserRecord } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'

export interface ConversationStoreUnderTest {
  store: ConversationStore
  other: ConversationStore
  close(): Promise<void>
}

const AT = '2030-01-01T00:00:00.000Z'

function conversation(id: string, tags: { [key: string]: string }, channel = 'dm'): ConversationRecord {
  return { id, integration: 'chat', channel, tags, createdAt: AT, updatedAt: AT }
}

function user(id: string, tags: { [key: string]: string }): UserRecord {
  return { id, tags, name: `name of ${id}`, createdAt: AT, updatedAt: AT }
}

function inChannel(tags: { [key: string]: string }, channel = 'dm'): ConversationMatch {
  return { integration: 'chat', channel, tags }
}

export function describeConversationStoreContract(name: string, open: () => Promise<ConversationStoreUnderTest>): void {
  describe(`${name}: the conversation store contract (docs/runtime.md#conversations-and-users)`, () => {
    let opened: ConversationStoreUnderTest | undefined
    async function fresh(): Promise<ConversationStoreUnderTest> {
      opened = await open()
      return opened
    }
    afterEach(async () => {
      await opened?.close()
      opened = undefined
    })

    it('finds the conversation whose tags hold the match, in its integration and channel only, or inserts the candidate', async () => {
      const { store } = await fresh()
      const first = await store.findOrInsertConversation(inChannel({ 'chat:room': 'r1' }), conversation('c1', { 'chat:room': 'r1', 'chat:kind': 'dm' }))
      expect(first).toEqual({ record: conversation('c1', { 'chat:room': 'r1', 'chat:kind': 'dm' }), created: true })
      const again = await store.findOrInsertConversation(inChannel({ 'chat:room': 'r1' }), conversation('c2', { 'chat:room': 'r1' }))
      expect(again).toEqual({ record: first.record, created: false })
      const elsewhere = await store.findOrInsertConversation(inChannel({ 'chat:room': 'r1' }, 'group'), conversation('c3', { 'chat:room': 'r1' }, 'group'))
      expect(elsewhere.created).toBe(true)
      expect(await store.getConversation('c2')).toBeUndefined()
      expect(await store.getConversation('c3')).toEqual(conversation('c3', { 'chat:room': 'r1' }, 'group'))
    })

    it('finds the oldest when several conversations match', async () => {
      const { store } = await fresh()
      await store.findOrInsertConversation(inChannel({ a: '1', b: '1' }), conversation('old', { a: '1', b: '1' }))
      await store.findOrInsertConversation(inChannel({ a: '1', b: '2' }), conversation('new', { a: '1', b: '2' }))
      expect((await store.findOrInsertConversation(inChannel({ a: '1' }), conversation('x', { a: '1' }))).record.id).toBe('old')
      expect((await store.findOrInsertConversation(inChannel({ b: '2' }), conversation('x', { b: '2' }))).record.id).toBe('new')
    })

    it('inserts one conversation and one user however many concurrent calls on two stores ask for the same tags', async () => {
      const { store, other } = await fresh()
      const calls = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? store : other))
      const conversations = await Promise.all(
        calls.map((s, i) => s.findOrInsertConversation(inChannel({ 'chat:room': 'busy' }), conversation(`c${i}`, { 'chat:room': 'busy' }))),
      )
      expect(new Set(conversations.map((r) => r.record.id)).size).toBe(1)
      expect(conversations.filter((r) => r.created)).toHaveLength(1)
      const users = await Promise.all(calls.map((s, i) => s.findOrInsertUser({ 'chat:id': 'u' }, user(`u${i}`, { 'chat:id': 'u' }))))
      expect(new Set(users.map((r) => r.record.id)).size).toBe(1)
      expect(users.filter((r) => r.created)).toHaveLength(1)
      const listed = await other.listConversations({ tags: { 'chat:room': 'busy' } }, { limit: 100 })
      expect(listed.records.map((r) => r.id)).toEqual([conversations[0]?.record.id])
    })

    it('keeps copies: changing what it was given or what it gave changes nothing stored', async () => {
      const { store } = await fresh()
      const candidate = conversation('c1', { k: 'v' })
      const { record } = await store.findOrInsertConversation(inChannel({ k: 'v' }), candidate)
      candidate.tags.k = 'changed'
      record.tags.k = 'changed too'
      const got = await store.getConversation('c1')
      expect(got?.tags).toEqual({ k: 'v' })
      if (got) got.tags.k = 'again'
      expect((await store.getConversation('c1'))?.tags).toEqual({ k: 'v' })
      const update = { tags: { set: { k: 'w' }, remove: [] }, updatedAt: '2030-01-02T00:00:00.000Z' }
      await store.updateConversation('c1', update)
      update.tags.set.k = 'x'
      expect((await store.getConversation('c1'))?.tags).toEqual({ k: 'w' })
    })

    it('merges tag changes into a conversation (matched by its tags after) and moves its updatedAt forward; undefined for an unknown one', async () => {
      const { store, other } = await fresh()
      await store.findOrInsertConversation(inChannel({ k: 'v' }), conversation('c1', { k: 'v', gone: 'x' }))
      const updated = await other.updateConversation('c1', { tags: { set: { k: 'w', extra: '1' }, remove: ['gone'] }, updatedAt: '2030-01-02T00:00:00.000Z' })
      expect(updated).toEqual({ ...conversation('c1', { k: 'w', extra: '1' }), updatedAt: '2030-01-02T00:00:00.000Z' })
      expect(await store.getConversation('c1')).toEqual(updated)
      expect((await store.findOrInsertConversation(inChannel({ k: 'v' }), conversation('c2', { k: 'v' }))).created).toBe(true)
      expect((await store.findOrInsertConversation(inChannel({ extra: '1' }), conversation('c3', { extra: '1' }))).record.id).toBe('c1')
      expect(await store.updateConversation('none', { tags: { set: {}, remove: [] }, updatedAt: AT })).toBeUndefined()
      // a time not later than the stored updatedAt: 1 ms past it
      expect((await store.updateConversation('c1', { tags: { set: {}, remove: [] }, updatedAt: AT }))?.updatedAt).toBe('2030-01-02T00:00:00.001Z')
    })

    it('loses no tag when concurrent updates on two stores each set their own key of one conversation and one user', async () => {
      const { store, other } = await fresh()
      await store.findOrInsertConversation(inChannel({ k: 'v' }), conversation('c1', { k: 'v' }))
      await store.findOrInsertUser({ id: '1' }, user('u1', { id: '1' }))
      const changes = (i: number) => ({ tags: { set: { [`t${i}`]: String(i) }, remove: i === 0 ? ['k'] : [] }, updatedAt: AT })
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => [
          (i % 2 === 0 ? store : other).updateConversation('c1', changes(i)),
          (i % 2 === 0 ? other : store).updateUser('u1', changes(i)),
        ]).flat(),
      )
      const expected = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`t${i}`, String(i)]))
      expect((await other.getConversation('c1'))?.tags).toEqual(expected)
      expect((await other.getUser('u1'))?.tags).toEqual({ ...expected, id: '1' })
      // tags as jsonb follow the record: the merged conversation is found by a tag one writer set and another kept
      expect((await store.findOrInsertConversation(inChannel({ t3: '3', t4: '4' }), conversation('c2', { t3: '3' }))).record.id).toBe('c1')
    })

    it('pages conversations oldest first by seq, filtered by integration, channel and tags, neither repeating nor skipping under inserts', async () => {
      const { store, other } = await fresh()
      for (let i = 0; i < 5; i++) await store.findOrInsertConversation(inChannel({ n: String(i) }), conversation(`c${i}`, { n: String(i), all: 'yes' }))
      await store.findOrInsertConversation(inChannel({ n: 'g' }, 'group'), conversation('g', { n: 'g', all: 'yes' }, 'group'))
      const seen: string[] = []
      let afterSeq: number | undefined
      for (let round = 0; round < 10; round++) {
        const page = await other.listConversations(inChannel({ all: 'yes' }), afterSeq === undefined ? { limit: 2 } : { limit: 2, afterSeq })
        seen.push(...page.records.map((r) => r.id))
        if (page.lastSeq === undefined) break
        afterSeq = page.lastSeq
        if (round === 0) await store.findOrInsertConversation(inChannel({ n: 'late' }), conversation('late', { n: 'late', all: 'yes' }))
      }
      expect(seen).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'late'])
      const everywhere = await store.listConversations({ integration: 'chat', tags: { all: 'yes' } }, { limit: 100 })
      expect(everywhere.records.map((r) => r.id)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'g', 'late'])
      expect(everywhere.lastSeq).toBeUndefined()
      expect((await store.listConversations({ integration: 'other', tags: {} }, { limit: 100 })).records).toEqual([])
    })

    it('keeps users: found by tags (the oldest), updated with name and picture kept unless given', async () => {
      const { store, other } = await fresh()
      expect(await store.findOrInsertUser({ id: '1' }, user('u1', { id: '1', team: 't' }))).toEqual({
        record: user('u1', { id: '1', team: 't' }),
        created: true,
      })
      await store.findOrInsertUser({ id: '2' }, user('u2', { id: '2', team: 't' }))
      expect((await other.findOrInsertUser({ team: 't' }, user('x', { team: 't' }))).record.id).toBe('u1')
      const updated = await other.updateUser('u2', {
        tags: { set: {}, remove: ['team'] },
        updatedAt: '2030-01-03T00:00:00.000Z',
        pictureUrl: 'https://example.com/p.png',
      })
      expect(updated).toEqual({ ...user('u2', { id: '2' }), updatedAt: '2030-01-03T00:00:00.000Z', pictureUrl: 'https://example.com/p.png' })
      expect(await store.getUser('u2')).toEqual(updated)
      expect(await store.getUser('none')).toBeUndefined()
      expect(await store.updateUser('none', { tags: { set: {}, remove: [] }, updatedAt: AT })).toBeUndefined()
    })

    it('keeps any string of ids and tags as it was given (U+0000, lone surrogates, quotes), and tells such tags apart', async () => {
      const { store } = await fresh()
      const odd = 'a\u0000b\ud800"\\'
      const { record } = await store.findOrInsertConversation(inChannel({ [odd]: odd }), conversation(odd, { [odd]: odd }))
      expect(record).toEqual(conversation(odd, { [odd]: odd }))
      expect(await store.getConversation(odd)).toEqual(record)
      expect((await store.findOrInsertConversation(inChannel({ [odd]: 'a\u0000b\udc00"\\' }), conversation('other', { [odd]: 'x' }))).created).toBe(true)
      expect((await store.findOrInsertUser({ [odd]: odd }, user(odd, { [odd]: odd }))).record.id).toBe(odd)
    })
  })
}
