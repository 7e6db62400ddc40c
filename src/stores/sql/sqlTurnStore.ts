// The turn store over SQL (docs/deploying.md#several-processes), for the PostgreSQL and the
// embedded store alike: a row per ticket in `<schema>.turns`, and a conversation's oldest
// live ticket (its lease not past) is the turn that runs.
//
// - Arrival order: a ticket is inserted under an advisory lock of its conversation, held
//   until the insert commits, so a conversation's tickets commit in the order of their seq
//   (no ticket with a lower seq can appear after a higher one was seen). Within this
//   process, the enqueues of a conversation are also sent one after another, in call order.
// - Leases: while this store has tickets waiting or running, one timer renews them all
//   (one UPDATE every third of the lease); a ticket of a process that died is not renewed and
//   stops counting when its lease is over. An expired ticket is never renewed again.
// - Waiting: polling, from POLL_FIRST_MS doubling up to POLL_NEXT_MOST_MS for the ticket next
//   in line, POLL_MOST_MS for one further back; a release in this
//   process wakes the waiters of its conversation at once (docs/decisions.md#turns-across-processes-a-ticket-table-polled-issue-35-schema-version-5).
import { RuntimeError, type TurnStore, type TurnTicket } from '@botwire/runtime'
import type { SqlDatabase } from './sqlDatabase.js'
import { seqOf, storageKey } from './storageKey.js'

/** The lease of a ticket when none is given: how long a process killed mid-turn holds its conversation up at most. */
export const DEFAULT_TURN_LEASE_MS = 30_000
const POLL_FIRST_MS = 2
/** the longest pause of the ticket next in line, and of one further back */
const POLL_NEXT_MOST_MS = 10
const POLL_MOST_MS = 50

/** Checks a lease option (INVALID_STORE_OPTIONS): whole milliseconds, at least 100 (a renewal every third of it). */
export function checkedTurnLease(leaseMs: number | undefined): number {
  const lease = leaseMs ?? DEFAULT_TURN_LEASE_MS
  if (!Number.isSafeInteger(lease) || lease < 100)
    throw new RuntimeError('INVALID_STORE_OPTIONS', `store turnLeaseMs must be a whole number of milliseconds, at least 100, not ${String(leaseMs)}`)
  return lease
}

export class SqlTurnStore implements TurnStore {
  private readonly table: string
  /** this store's tickets that wait or run, by seq: what the timer renews */
  private readonly live = new Map<number, TurnTicket>()
  private renewal: ReturnType<typeof setInterval> | undefined
  /** per conversation, the end of this process's enqueues of it (sent in call order) */
  private readonly enqueuing = new Map<string, Promise<unknown>>()
  /** per conversation, what wakes this process's waiters to look again at once */
  private readonly wakers = new Map<string, Set<() => void>>()

  /** `schema` is a checked plain identifier whose tables upgradeSchema made; `leaseMs` a checked lease. */
  constructor(
    private readonly database: SqlDatabase,
    readonly schema: string,
    readonly leaseMs: number,
  ) {
    this.table = `${schema}.turns`
  }

  enqueue(conversationId: string): Promise<TurnTicket> {
    const before = this.enqueuing.get(conversationId)
    const taking = before ? before.then(() => this.insertTicket(conversationId)) : this.insertTicket(conversationId)
    const settled = taking.then(
      () => undefined,
      () => undefined,
    )
    this.enqueuing.set(conversationId, settled)
    void settled.then(() => {
      if (this.enqueuing.get(conversationId) === settled) this.enqueuing.delete(conversationId)
    })
    return taking
  }

  private async insertTicket(conversationId: string): Promise<TurnTicket> {
    const conversation = storageKey(conversationId)
    // the lock is taken before the row (and its seq) is made, and released when the statement commits
    const { rows } = await this.database.query<{ seq: string | number }>(
      `INSERT INTO ${this.table} (conversation_id, lease_until)
       SELECT $1, clock_timestamp() + $2 * interval '1 millisecond' FROM (SELECT pg_advisory_xact_lock(hashtext($3))) AS locked
       RETURNING seq`,
      [conversation, this.leaseMs, `botwire ${this.schema} turns ${conversation}`],
    )
    const ticket: TurnTicket = { conversationId, seq: seqOf((rows[0] as { seq: string | number }).seq) }
    this.live.set(ticket.seq, ticket)
    if (this.renewal === undefined) {
      // a failed renewal is tried again a third of a lease later; a ticket expired meanwhile is found by its waitForTurn
      this.renewal = setInterval(() => void this.renewAll().catch(() => undefined), Math.floor(this.leaseMs / 3))
      this.renewal.unref?.()
    }
    return ticket
  }

  async waitForTurn(ticket: TurnTicket): Promise<void> {
    let pause = POLL_FIRST_MS
    for (;;) {
      const { rows } = await this.database.query<{ head: string | number | null; live: boolean | null; ahead: string | number }>(
        `SELECT min(seq) AS head, bool_or(seq = $2) AS live, count(*) FILTER (WHERE seq < $2) AS ahead
         FROM ${this.table} WHERE conversation_id = $1 AND lease_until > clock_timestamp()`,
        [storageKey(ticket.conversationId), ticket.seq],
      )
      const row = rows[0]
      if (row?.head !== null && row?.head !== undefined && seqOf(row.head) === ticket.seq) return
      if (row?.live !== true) {
        this.live.delete(ticket.seq)
        throw new RuntimeError(
          'STORE_UNAVAILABLE',
          `the turn store lost the ticket of a message of conversation ${JSON.stringify(ticket.conversationId)}: it was not renewed within its lease of ${this.leaseMs} ms while it waited`,
        )
      }
      // the ticket next in line looks often; one further back, less (it waits for several turns anyway)
      const most = Number(row.ahead) <= 1 ? POLL_NEXT_MOST_MS : POLL_MOST_MS
      await this.pause(ticket.conversationId, Math.min(pause, most))
      pause = Math.min(pause * 2, most)
    }
  }

  /** Waits `ms`, or less when a ticket of the conversation is released in this process. */
  private pause(conversationId: string, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      let wakers = this.wakers.get(conversationId)
      if (!wakers) {
        wakers = new Set()
        this.wakers.set(conversationId, wakers)
      }
      const wake = () => {
        clearTimeout(timer)
        wakers.delete(wake)
        if (wakers.size === 0 && this.wakers.get(conversationId) === wakers) this.wakers.delete(conversationId)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      wakers.add(wake)
    })
  }

  async renew(ticket: TurnTicket): Promise<void> {
    await this.renewSeqs([ticket.seq])
  }

  private async renewAll(): Promise<void> {
    if (this.live.size === 0) {
      clearInterval(this.renewal)
      this.renewal = undefined
      return
    }
    await this.renewSeqs([...this.live.keys()])
  }

  /** Renews the tickets whose lease is not over (an expired ticket stays expired). */
  private async renewSeqs(seqs: number[]): Promise<void> {
    await this.database.query(
      `UPDATE ${this.table} SET lease_until = clock_timestamp() + $2 * interval '1 millisecond' WHERE seq = ANY($1::bigint[]) AND lease_until > clock_timestamp()`,
      [seqs, this.leaseMs],
    )
  }

  async release(ticket: TurnTicket): Promise<void> {
    this.live.delete(ticket.seq)
    // the conversation's expired tickets go with it: they count for nothing any more
    await this.database.query(`DELETE FROM ${this.table} WHERE conversation_id = $1 AND (seq = $2 OR lease_until <= clock_timestamp())`, [
      storageKey(ticket.conversationId),
      ticket.seq,
    ])
    for (const wake of [...(this.wakers.get(ticket.conversationId) ?? [])]) wake()
  }
}
