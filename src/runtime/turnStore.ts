// Where the runtime keeps the line of turns of each conversation (docs/runtime.md#one-turn-at-a-time).
// A turn is the whole handling of one incoming message (`receive`, or an integration's
// `createMessage` from a webhook): hooks, storing, every handler, the replies delivered.
// `TurnStore` is the interface a shared store implements, so that turns take one another's
// place across processes; `InMemoryTurnStore` is the default, for one process.
//
// What a store guarantees:
// - `enqueue` takes a ticket at arrival: of two enqueues of one conversation that do not
//   overlap, the first's ticket comes first (in any process on the store);
// - `waitForTurn` resolves once the ticket is the oldest live one of its conversation, and
//   never while an older live ticket is there: at most one turn per conversation runs;
// - a store with a lease (`leaseMs`) keeps the tickets of its own process live while they
//   wait and run (`renew`); a ticket not renewed within the lease (its process died) is no
//   longer live, so it holds its conversation up for at most the lease;
// - `release` ends the turn (or gives up a ticket that is still waiting): the next ticket's
//   turn can start.
import type { Awaitable } from './types.js'

/** A place in a conversation's line of turns. */
export interface TurnTicket {
  readonly conversationId: string
  /** the ticket's number: later tickets of a conversation have higher numbers */
  readonly seq: number
}

export interface TurnStore {
  /** the lease of a ticket in milliseconds, for a store shared by processes; undefined when a ticket lives as long as its process */
  readonly leaseMs: number | undefined
  /** Takes the conversation's next ticket, after every ticket taken before (arrival order). */
  enqueue(conversationId: string): Awaitable<TurnTicket>
  /** Resolves once the ticket is its conversation's oldest live ticket: its turn. */
  waitForTurn(ticket: TurnTicket): Awaitable<void>
  /** Keeps the ticket live for another lease (a store with a lease does this itself while a ticket waits or runs). */
  renew(ticket: TurnTicket): Awaitable<void>
  /** Ends the ticket's turn, or gives up its place when its turn has not come. */
  release(ticket: TurnTicket): Awaitable<void>
}

/**
 * The default store: a line per conversation in this process's memory, the head being the
 * turn that runs. Waiting costs no timer and no polling: a release wakes the next ticket.
 */
export class InMemoryTurnStore implements TurnStore {
  readonly leaseMs = undefined
  private lastSeq = 0
  /** per conversation with a live ticket, its tickets in arrival order: the first one's turn runs */
  private readonly lines = new Map<string, TurnTicket[]>()
  /** the tickets whose waitForTurn waits, and what wakes each */
  private readonly wakers = new Map<TurnTicket, () => void>()

  enqueue(conversationId: string): TurnTicket {
    const ticket: TurnTicket = { conversationId, seq: ++this.lastSeq }
    const line = this.lines.get(conversationId)
    if (line) line.push(ticket)
    else this.lines.set(conversationId, [ticket])
    return ticket
  }

  waitForTurn(ticket: TurnTicket): Promise<void> | undefined {
    const line = this.lines.get(ticket.conversationId)
    const at = line ? line.indexOf(ticket) : -1
    if (at === -1) throw new Error(`InMemoryTurnStore: ticket ${ticket.seq} of conversation '${ticket.conversationId}' is not in line (released already?)`)
    if (at === 0) return undefined
    return new Promise<void>((resolve) => this.wakers.set(ticket, resolve))
  }

  renew(): void {}

  release(ticket: TurnTicket): void {
    const line = this.lines.get(ticket.conversationId)
    const at = line ? line.indexOf(ticket) : -1
    if (!line || at === -1) return
    line.splice(at, 1)
    this.wakers.delete(ticket)
    const next = line[0]
    if (next === undefined) this.lines.delete(ticket.conversationId)
    else if (at === 0) {
      const wake = this.wakers.get(next)
      this.wakers.delete(next)
      wake?.()
    }
  }

  /** How many conversations have a ticket in line. */
  get busyConversations(): number {
    return this.lines.size
  }
}
