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
  })
}
