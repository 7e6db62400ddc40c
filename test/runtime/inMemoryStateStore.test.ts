// The in-memory state store writes a state's later versions into the record it keeps for it
// (src/runtime/stateStore.ts, rewrite): what it keeps must still be its own copy, and a write
// that adds or drops the expiry must still reach the sweep (docs/runtime.md#the-state-store).

import { InMemoryStateStore, type StoredState } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'

const key = { owner: 'bot', type: 'user' as const, id: 'u1', name: 'visits' }
const state = (payload: StoredState['payload'], expiresAt?: string): StoredState => ({
  ...key,
  payload,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...(expiresAt !== undefined && { expiry: 1000, expiresAt }),
})

describe('InMemoryStateStore, a state written again', () => {
  it('keeps its own copy of each version: neither what was written nor what came out changes it', () => {
    const store = new InMemoryStateStore()
    store.put(state({ count: 1, list: [1] }))
    const written = state({ count: 2, list: [2] })
    const result = store.update(key, (current) => ({ write: written, result: current }))
    ;(written.payload['list'] as number[]).push(99)
    ;(result?.payload['list'] as number[] | undefined)?.push(98)
    ;(store.get(key)?.payload['list'] as number[] | undefined)?.push(97)
    expect(store.get(key)?.payload).toEqual({ count: 2, list: [2] })
    expect(result?.payload).toEqual({ count: 1, list: [1, 98] })
  })

  it('takes the new timestamps and expiry, and the sweep sees an expiry added, moved or dropped', () => {
    const store = new InMemoryStateStore()
    store.put(state({ n: 0 }))
    store.update(key, () => ({ write: { ...state({ n: 1 }, '2030-01-01T00:00:01.000Z'), updatedAt: '2030-01-01T00:00:00.500Z' }, result: undefined }))
    expect(store.get(key)).toMatchObject({ updatedAt: '2030-01-01T00:00:00.500Z', expiresAt: '2030-01-01T00:00:01.000Z' })
    store.update(key, () => ({ write: state({ n: 2 }, '2030-01-01T00:00:05.000Z'), result: undefined }))
    expect(store.deleteExpired('2030-01-01T00:00:02.000Z', 10)).toEqual([])
    store.update(key, () => ({ write: state({ n: 3 }), result: undefined }))
    expect(store.get(key)).toEqual(state({ n: 3 }))
    expect(store.deleteExpired('2030-01-01T00:00:09.000Z', 10)).toEqual([])
    store.update(key, () => ({ write: state({ n: 4 }, '2030-01-01T00:00:03.000Z'), result: undefined }))
    expect(store.deleteExpired('2030-01-01T00:00:09.000Z', 10)).toEqual([state({ n: 4 }, '2030-01-01T00:00:03.000Z')])
    expect(store.get(key)).toBeUndefined()
  })
})

describe('InMemoryStateStore, keys that share all fields but one', () => {
  it('keeps each state apart, whichever field differs and in whatever order the keys come', () => {
    const store = new InMemoryStateStore()
    const keys = [
      key,
      { ...key, id: 'u2' },
      { ...key, name: 'profile' },
      { ...key, owner: '#reminders' },
      { ...key, type: 'conversation' as const },
      { ...key, name: 'profile', id: 'u2' },
    ]
    // written and read back alternately, so that no key's text is the one made just before
    for (const [i, each] of keys.entries()) store.put({ ...state({ n: i }), ...each })
    for (const i of [5, 0, 3, 3, 1, 4, 2, 0, 5]) expect(store.get(keys[i] as typeof key)?.payload).toEqual({ n: i })
    expect(store.size).toBe(keys.length)
  })
})
