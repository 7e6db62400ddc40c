// One turn at a time per conversation (docs/runtime.md#one-turn-at-a-time): `runtime.receive`
// and an integration's `createMessage` from outside any handler run their whole handling as
// a turn, after the turns of the messages of their conversation that came before.
import { isThenable } from './awaitable.js'
import type { TurnStore } from './turnStore.js'

/**
 * Runs `work` as a turn of `conversationId`: takes a ticket now (arrival), waits for the
 * ticket's turn, runs, and releases the ticket whatever `work` does. An input without a
 * conversation id has no line to wait in: its work runs at once (and refuses the input).
 * A failed release does not fail the turn (the ticket's lease ends it); it goes to `onReleaseError`.
 */
export async function inTurn<T>(turns: TurnStore, conversationId: unknown, work: () => Promise<T>, onReleaseError: (error: unknown) => void): Promise<T> {
  if (typeof conversationId !== 'string' || conversationId === '') return work()
  const taken = turns.enqueue(conversationId)
  const ticket = isThenable(taken) ? await taken : taken
  try {
    const waiting = turns.waitForTurn(ticket)
    if (isThenable(waiting)) await waiting
    return await work()
  } finally {
    try {
      const released = turns.release(ticket)
      if (isThenable(released)) await released
    } catch (error) {
      onReleaseError(error)
    }
  }
}
