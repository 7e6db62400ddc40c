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
 * One conversation's tickets in arrival order, each found and removed in constant time
 * (amortized): a removed ticket leaves a hole that the head skips once, and the array drops
 * its holes at the front when they are more than half of it. A line of any length costs
 * time linear in the tickets that pass through it.
 */
class TicketLine {
  private readonly tickets: (TurnTicket | undefined)[] = []
  /** the index of the first live ticket */
  private head = 0
  /** how many slots were dropped from the front: a ticket's slot is its position minus this */
  private dropped = 0
  private readonly positions = new Map<TurnTicket, number>()

  push(ticket: TurnTicket): void {
    this.positions.set(ticket, this.dropped + this.tickets.length)
    this.tickets.push(ticket)
  }

  has(ticket: TurnTicket): boolean {
    return this.positions.has(ticket)
  }

  /** the ticket whose turn runs */
  first(): TurnTicket | undefined {
    return this.tickets[this.head]
  }

  get empty(): boolean {
    return this.positions.size === 0
  }

  /** Takes the ticket out of line; true when it was the first. */
  remove(ticket: TurnTicket): boolean {
    const position = this.positions.get(ticket)
    if (position === undefined) return false
    this.positions.delete(ticket)
    const slot = position - this.dropped
    this.tickets[slot] = undefined
    const wasFirst = slot === this.head
    while (this.head < this.tickets.length && this.tickets[this.head] === undefined) this.head++
    if (this.head > 32 && this.head * 2 > this.tickets.length) {
      this.tickets.splice(0, this.head)
      this.dropped += this.head
      this.head = 0
    }
    return wasFirst
  }
}

/**
 * The default store: a line per conversation in this process's memory, the head being the
 * turn that runs. Waiting costs no timer and no polling: a release wakes the next ticket.
 */
export class InMemoryTurnStore implements TurnStore {
  readonly leaseMs = undefined
  private lastSeq = 0
  /** per conversation with a live ticket, its tickets in arrival order: the first one's turn runs */
  private readonly lines = new Map<string, TicketLine>()
  /** the tickets whose waitForTurn waits, and what wakes each */
  private readonly wakers = new Map<TurnTicket, () => void>()

  enqueue(conversationId: string): TurnTicket {
    const ticket: TurnTicket = { conversationId, seq: ++this.lastSeq }
    let line = this.lines.get(conversationId)
    if (!line) {
      line = new TicketLine()
      this.lines.set(conversationId, line)
    }
    line.push(ticket)
    return ticket
  }

  waitForTurn(ticket: TurnTicket): Promise<void> | undefined {
    const line = this.lines.get(ticket.conversationId)
    if (!line?.has(ticket))
      throw new Error(`InMemoryTurnStore: ticket ${ticket.seq} of conversation '${ticket.conversationId}' is not in line (released already?)`)
    if (line.first() === ticket) return undefined
    return new Promise<void>((resolve) => this.wakers.set(ticket, resolve))
  }

  renew(): void {}

  release(ticket: TurnTicket): void {
    const line = this.lines.get(ticket.conversationId)
    if (!line?.has(ticket)) return
    const wasFirst = line.remove(ticket)
    this.wakers.delete(ticket)
    if (line.empty) this.lines.delete(ticket.conversationId)
    else if (wasFirst) {
      const next = line.first() as TurnTicket
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
