// The turn store contract (src/runtime/turnStore.ts, docs/runtime.md#one-turn-at-a-time): one
// suite that the in-memory store, the embedded store and the PostgreSQL store run. `other` is a
// second store on the same database (itself where there is none), as a second process has.
// `withLease` (stores with a lease only): two stores with a short lease, the first of which
// can be killed (its queries fail from then on, its renewals with them), as a process is by SIGKILL.
import { RuntimeError, type TurnStore } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'

export interface TurnStoreUnderTest {
  store: TurnStore
  other: TurnStore
  close(): Promise<void>
}

export interface LeasedTurnStores extends TurnStoreUnderTest {
  /** from now on every query of `store` fails, as if its process were gone */
  kill(): void
}

/** Whether a turn came: true once `waiting` resolves, false if it has not after `ticks` turns of the event loop. */
async function turnCame(waiting: Promise<void>, ticks = 20): Promise<boolean> {
  let came = false
  void waiting.then(() => {
    came = true
  })
  for (let i = 0; i < ticks && !came; i++) await new Promise((resolve) => setImmediate(resolve))
  return came
}

export function describeTurnStoreContract(
  name: string,
  open: () => Promise<TurnStoreUnderTest>,
  withLease?: (leaseMs: number) => Promise<LeasedTurnStores>,
): void {
  describe(`${name}: the turn store contract (docs/runtime.md#one-turn-at-a-time)`, () => {
    let opened: TurnStoreUnderTest | undefined
    async function fresh<T extends TurnStoreUnderTest>(made: Promise<T>): Promise<T> {
      opened = await made
      return opened as T
    }
    afterEach(async () => {
      await opened?.close()
      opened = undefined
    })

    it('gives the tickets of one conversation their turns in the order they were taken, one at a time, on two stores; another conversation does not wait', async () => {
      const { store, other } = await fresh(open())
      const first = await store.enqueue('c1')
      const second = await other.enqueue('c1')
      const third = await store.enqueue('c1')
      const elsewhere = await other.enqueue('c2')
      expect(second.seq).toBeGreaterThan(first.seq)
      expect(third.seq).toBeGreaterThan(second.seq)
      await store.waitForTurn(first)
      await other.waitForTurn(elsewhere)
      const secondTurn = Promise.resolve(other.waitForTurn(second))
      const thirdTurn = Promise.resolve(store.waitForTurn(third))
      expect(await turnCame(secondTurn)).toBe(false)
      await store.release(first)
      await secondTurn
      expect(await turnCame(thirdTurn)).toBe(false)
      await other.release(second)
      await thirdTurn
      await store.release(third)
      await other.release(elsewhere)
    })

    it('lets a ticket given up before its turn leave the line without holding up the next', async () => {
      const { store, other } = await fresh(open())
      const running = await store.enqueue('c1')
      const givenUp = await other.enqueue('c1')
      const next = await store.enqueue('c1')
      await store.waitForTurn(running)
      await other.release(givenUp)
      const nextTurn = Promise.resolve(store.waitForTurn(next))
      await store.release(running)
      await nextTurn
      await store.release(next)
    })

    it('runs 24 turns of one conversation taken at once on two stores one at a time, each once, each store in its call order', async () => {
      const { store, other } = await fresh(open())
      let running = 0
      let most = 0
      const ran: string[] = []
      const turn = async (on: TurnStore, label: string) => {
        const ticket = await on.enqueue('busy')
        await on.waitForTurn(ticket)
        running++
        most = Math.max(most, running)
        ran.push(label)
        await new Promise((resolve) => setImmediate(resolve))
        running--
        await on.release(ticket)
      }
      await Promise.all(Array.from({ length: 24 }, (_, i) => turn(i % 2 === 0 ? store : other, `${i % 2 === 0 ? 'a' : 'b'}${i}`)))
      expect(most).toBe(1)
      expect([...ran].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `${i % 2 === 0 ? 'a' : 'b'}${i}`).sort())
      for (const prefix of ['a', 'b']) {
        const mine = ran.filter((label) => label.startsWith(prefix)).map((label) => Number(label.slice(1)))
        expect(mine).toEqual([...mine].sort((x, y) => x - y))
      }
    })

    if (withLease) {
      it('keeps a ticket that is renewed past its lease, and skips the ticket of a store that died within the lease', async () => {
        // a lease long enough that a renewal (every third of it) is not late by two thirds (1.3 s) on a loaded machine
        const { store, other, kill } = await fresh(withLease(2000))
        expect(store.leaseMs).toBe(2000)
        const held = await store.enqueue('c1')
        await store.waitForTurn(held)
        const waiting = await other.enqueue('c1')
        const turn = Promise.resolve(other.waitForTurn(waiting))
        // past its first lease: the store renews its ticket meanwhile, so the turn does not pass
        await new Promise((resolve) => setTimeout(resolve, 2600))
        expect(await turnCame(turn)).toBe(false)
        kill()
        await turn
        await other.release(waiting)
      })

      it('refuses a waiting ticket that was not renewed within its lease (STORE_UNAVAILABLE)', async () => {
        const { store, other, kill } = await fresh(withLease(300))
        const held = await other.enqueue('c1')
        await other.waitForTurn(held)
        const lost = await store.enqueue('c1')
        kill()
        await new Promise((resolve) => setTimeout(resolve, 400))
        // the ticket's store is gone; asked through the other, the ticket's lease ran out meanwhile
        await expect(Promise.resolve(other.waitForTurn(lost))).rejects.toSatisfy((error) => error instanceof RuntimeError && error.code === 'STORE_UNAVAILABLE')
        await other.release(held)
      })
    }
  })
}
