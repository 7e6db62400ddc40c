// The state store contract (docs/runtime.md#states): one suite that the in-memory store, the
// embedded store and the PostgreSQL store run. `other` is a second store on the same
// database (itself where there is none), for the two-writer cases.
import type { StateKey, StateStore, StoredState } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'

export interface StateStoreUnderTest {
  store: StateStore
  other: StateStore
  close(): Promise<void>
}

const AT = '2030-01-01T00:00:00.000Z'

function key(id: string, name = 'profile'): StateKey {
  return { owner: 'bot', type: 'user', id, name }
}

function state(id: string, payload: StoredState['payload'], name = 'profile'): StoredState {
  return { ...key(id, name), payload, createdAt: AT, updatedAt: AT }
}

export function describeStateStoreContract(name: string, open: () => Promise<StateStoreUnderTest>): void {
  describe(`${name}: the state store contract (docs/runtime.md#states)`, () => {
    let opened: StateStoreUnderTest | undefined
    async function fresh(): Promise<StateStoreUnderTest> {
      opened = await open()
      return opened
    }
    afterEach(async () => {
      await opened?.close()
      opened = undefined
    })

    it('puts, gets, replaces and deletes a state under its whole key (owner, type, id, name), seen by a second store', async () => {
      const { store, other } = await fresh()
      expect(await store.get(key('u1'))).toBeUndefined()
      const first = { ...state('u1', { visits: 1 }), expiry: 60_000, expiresAt: '2030-01-01T00:01:00.000Z' }
      await store.put(first)
      expect(await other.get(key('u1'))).toEqual(first)
      for (const near of [key('u2'), key('u1', 'other'), { ...key('u1'), owner: '#plugin' }, { ...key('u1'), type: 'conversation' as const }])
        expect(await other.get(near)).toBeUndefined()
      const replaced = state('u1', { visits: 2, note: 'x' })
      await other.put(replaced)
      expect(await store.get(key('u1'))).toEqual(replaced)
      expect(await store.delete(key('u1'))).toBe(true)
      expect(await other.delete(key('u1'))).toBe(false)
      expect(await other.get(key('u1'))).toBeUndefined()
    })

    it('inserts one state however many concurrent insertIfAbsent calls on two stores ask for one key, and every call gets the stored one', async () => {
      const { store, other } = await fresh()
      const calls = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? store : other).insertIfAbsent(state('busy', { winner: i }))))
      expect(calls.filter((c) => c.created)).toHaveLength(1)
      const stored = await store.get(key('busy'))
      for (const call of calls) expect(call.state).toEqual(stored)
      expect((await other.insertIfAbsent(state('busy', { winner: 'late' }))).created).toBe(false)
    })

    it('copies in and out, and keeps any string and JSON value as given', async () => {
      const { store } = await fresh()
      const odd = 'a\u0000b\ud800"\\|'
      const given = state(odd, { nested: { list: [1, 'two', null, true], [odd]: odd } })
      const { state: out } = await store.insertIfAbsent(given)
      ;(given.payload.nested as { list: unknown[] }).list.push('changed')
      ;(out.payload.nested as { list: unknown[] }).list.push('changed too')
      const got = await store.get(key(odd))
      expect(got).toEqual(state(odd, { nested: { list: [1, 'two', null, true], [odd]: odd } }))
      expect(await store.get(key('a\u0000b\udc00"\\|'))).toBeUndefined()
    })

    it('updates atomically: concurrent read-modify-writes on two stores each set their own field, and none is lost', async () => {
      const { store, other } = await fresh()
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          (i % 2 === 0 ? store : other).update(key('busy'), (current) => {
            const payload = { ...(current?.payload ?? {}), [`f${i}`]: i }
            return { write: { ...state('busy', payload), expiry: 1000, expiresAt: '2030-01-01T00:00:01.000Z' }, result: i }
          }),
        ),
      )
      expect(results).toEqual(Array.from({ length: 30 }, (_, i) => i))
      const stored = await other.get(key('busy'))
      expect(stored?.payload).toEqual(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i])))
      // the expiry written by update is the one the sweep reads
      expect(await store.deleteExpired('2030-01-01T00:00:00.999Z', 10)).toEqual([])
      expect(await store.deleteExpired('2030-01-01T00:00:01.000Z', 10)).toEqual([stored])
    })

    it('update writes nothing when its change throws or asks for nothing, and deletes on null', async () => {
      const { store, other } = await fresh()
      await store.put(state('u1', { kept: true }))
      await expect(async () =>
        other.update(key('u1'), () => {
          throw new Error('refused')
        }),
      ).rejects.toThrow('refused')
      expect((await store.get(key('u1')))?.payload).toEqual({ kept: true })
      expect(await other.update(key('u1'), (current) => ({ result: current?.payload }))).toEqual({ kept: true })
      expect(await other.update(key('none'), (current) => ({ result: current }))).toBeUndefined()
      expect(await store.get(key('none'))).toBeUndefined()
      expect(await other.update(key('u1'), () => ({ write: null, result: 'gone' }))).toBe('gone')
      expect(await store.get(key('u1'))).toBeUndefined()
    })

    it('deletes an expired state once: of concurrent deleteIfExpired and deleteExpired calls on two stores, one gets each state', async () => {
      const { store, other } = await fresh()
      const expiring = (id: string, at: string): StoredState => ({ ...state(id, { id }), expiry: 1000, expiresAt: at })
      await store.put(expiring('early', '2030-01-01T00:00:01.000Z'))
      await store.put(expiring('late', '2030-01-01T00:00:02.000Z'))
      await store.put(state('never', {}))
      expect(await other.deleteIfExpired(key('early'), '2030-01-01T00:00:00.999Z')).toBeUndefined()
      expect(await other.deleteIfExpired(key('never'), '2040-01-01T00:00:00.000Z')).toBeUndefined()
      const now = '2030-01-01T00:00:05.000Z'
      const calls = await Promise.all([
        store.deleteIfExpired(key('early'), now),
        other.deleteIfExpired(key('early'), now),
        store.deleteExpired(now, 10),
        other.deleteExpired(now, 10),
      ])
      const given = calls.flatMap((c) => (Array.isArray(c) ? c : c ? [c] : [])).map((s) => s.id)
      expect(given.sort()).toEqual(['early', 'late'])
      expect(await store.get(key('never'))).toEqual(state('never', {}))
      // oldest expiry first, at most `limit`
      for (const id of ['c', 'a', 'b']) await store.put(expiring(id, `2030-01-01T00:00:0${id === 'a' ? 1 : id === 'b' ? 2 : 3}.000Z`))
      expect((await other.deleteExpired(now, 2)).map((s) => s.id)).toEqual(['a', 'b'])
      expect((await other.deleteExpired(now, 2)).map((s) => s.id)).toEqual(['c'])
    })

    it('claims each occurrence of scheduled work once, whichever store of two is asked, however many times', async () => {
      const { store, other } = await fresh()
      const at = '2030-01-01T00:00:00.000Z'
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? store : other).claimOccurrence('event tick', at)))
      expect(claims.filter(Boolean)).toHaveLength(1)
      expect(await other.claimOccurrence('event other', at)).toBe(true)
      expect(await other.claimOccurrence('event tick', '2030-01-01T00:00:01.000Z')).toBe(true)
      expect(await store.claimOccurrence('event tick', '2030-01-01T00:00:01.000Z')).toBe(false)
      // an occurrence more than OCCURRENCE_CLAIMS_KEPT_MS before the latest claimed is refused (its claim may be forgotten)
      expect(await store.claimOccurrence('event tick', '2030-01-01T02:00:00.000Z')).toBe(true)
      expect(await other.claimOccurrence('event tick', '2029-12-31T23:59:59.000Z')).toBe(false)
    })
  })
}
