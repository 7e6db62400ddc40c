// Where the runtime keeps messages. `MessageStore` is the interface a persistent store
// implements; `InMemoryMessageStore` is the default, embedded one.
//
// The runtime does all checking (payloads, tags, ids, timestamps, paging tokens); a store
// only keeps records. Each record has a sequence number, `seq`, that the store assigns on
// insert: a safe integer higher than that of every record inserted before (in any
// conversation), never reused. listMessages pages by `seq`, newest (highest) first, and
// its nextToken holds the last `seq` it returned, which is why paging never repeats nor
// skips a message even while others are added or deleted.
import { copyJson } from './jsonCopies.js'
import type { Message, MessageDelivery, MessageType } from './messages.js'
import { laterTimestamp, type TagChanges, tagsWithChanges } from './recordUpdates.js'
import type { Awaitable } from './types.js'

/** Tags as stored: every value a non-empty string. */
export type StoredTags = { [key: string]: string }

/** A message as the runtime stores it. */
export type StoredMessage = Message<MessageType, StoredTags>

/** A stored message and its sequence number. */
export interface MessageRecord {
  seq: number
  message: StoredMessage
}

export interface ListQuery {
  conversationId: string
  /** at most this many records (1..101: the runtime asks for one more than a page to know whether another follows) */
  limit: number
  /** only records whose seq is lower than this; all when absent */
  beforeSeq?: number
}

/** The changes of an update: the store merges the tag changes with the tags it holds, atomically (see update). */
export interface MessageUpdate {
  tags: TagChanges
  /** the time of the update: the message's new updatedAt, or 1 ms past its stored one when that is not earlier */
  updatedAt: string
  /** set when an integration's channel delivered the message or failed to; kept as it is when absent */
  delivery?: MessageDelivery
}

/**
 * A message store. Methods may return values or promises. A store must not keep
 * references to the objects it is given or hand out its own (copy them), so that callers
 * cannot change stored messages behind its back.
 */
export interface MessageStore {
  /**
   * Stores a new message (its id is new) and returns it with the seq assigned to it. With an
   * `idempotencyKey` (an opaque string), atomically: when a stored message has that key, stores
   * nothing and returns that message's record instead (its id is not the given one's).
   */
  insert(message: StoredMessage, idempotencyKey?: string): Awaitable<MessageRecord>
  /** The stored message inserted with that idempotency key, or undefined. */
  findByIdempotencyKey(idempotencyKey: string): Awaitable<MessageRecord | undefined>
  /** The message with that id, or undefined. */
  get(id: string): Awaitable<MessageRecord | undefined>
  /**
   * Applies the tag changes to the tags it holds and sets updatedAt (and the delivery, when
   * given), as one atomic step: two updates of one message, from one process or several on a
   * shared store, both land (applyMessageUpdate). Returns the updated record, or undefined
   * when there is no such message.
   */
  update(id: string, update: MessageUpdate): Awaitable<MessageRecord | undefined>
  /** Removes the message; false when there was none. */
  delete(id: string): Awaitable<boolean>
  /** The conversation's records with seq below `beforeSeq`, highest seq first, at most `limit`. */
  list(query: ListQuery): Awaitable<MessageRecord[]>
}

/**
 * A message with its fields copied into a new object of one shape, the optional ones in
 * the order they are added (placed in a channel, then delivered): spreading messages of
 * different shapes is several times slower. `payload` and `tags` are the given ones.
 */
export function messageWith(message: StoredMessage, payload: unknown, tags: StoredTags, placement?: { integration: string; channel: string }): StoredMessage {
  const made: { [key: string]: unknown } = {
    id: message.id,
    conversationId: message.conversationId,
    userId: message.userId,
    type: message.type,
    payload,
    tags,
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  }
  const integration = placement?.integration ?? message.integration
  const channel = placement?.channel ?? message.channel
  if (integration !== undefined) made['integration'] = integration
  if (channel !== undefined) made['channel'] = channel
  if (message.delivery !== undefined) made['delivery'] = { ...message.delivery }
  // the payload's type goes with the message's `type`, which the copy keeps
  return made as unknown as StoredMessage
}

/** Applies an update to a stored message in place (the store's own object): what every store does on update. */
export function applyMessageUpdate(message: StoredMessage, update: MessageUpdate): void {
  message.tags = tagsWithChanges(message.tags, update.tags)
  message.updatedAt = laterTimestamp(message.updatedAt, update.updatedAt)
  if (update.delivery !== undefined) message.delivery = { ...update.delivery }
}

/**
 * A deep copy of a message: its payload as a JSON round trip copies it (any JSON value), the
 * rest of it flat (strings, tags of strings, a delivery of strings), copied a level at a time.
 * `payloadText`: the payload's JSON when the caller has it (insert: one stringify for two
 * copies); otherwise the payload is walked (copyJson), which costs less than writing and
 * parsing it for the plain values a message holds.
 */
function copyMessage(message: StoredMessage, payloadText?: string): StoredMessage {
  const payload = payloadText === undefined ? copyJson(message.payload) : JSON.parse(payloadText)
  return messageWith(message, payload, { ...message.tags })
}

function copyRecord(record: MessageRecord): MessageRecord {
  return { seq: record.seq, message: copyMessage(record.message) }
}

/** Index of the first record whose seq is >= seq (records sorted by ascending seq). */
function lowerBound(records: readonly MessageRecord[], seq: number): number {
  let lo = 0
  let hi = records.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((records[mid] as MessageRecord).seq < seq) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The default store: everything in memory, lost when the process ends. */
export class InMemoryMessageStore implements MessageStore {
  private lastSeq = 0
  private readonly byId = new Map<string, MessageRecord>()
  /** per conversation, its records in ascending seq order */
  private readonly byConversation = new Map<string, MessageRecord[]>()
  /** idempotency key -> the message inserted with it, and back (to forget the key with the message) */
  private readonly byIdempotencyKey = new Map<string, MessageRecord>()
  private readonly idempotencyKeys = new Map<string, string>()

  insert(message: StoredMessage, idempotencyKey?: string): MessageRecord {
    if (this.byId.has(message.id)) throw new Error(`InMemoryMessageStore: a message with id '${message.id}' is already stored`)
    if (idempotencyKey !== undefined) {
      const first = this.byIdempotencyKey.get(idempotencyKey)
      if (first) return copyRecord(first)
    }
    const payloadText = JSON.stringify(message.payload)
    const record: MessageRecord = { seq: ++this.lastSeq, message: copyMessage(message, payloadText) }
    this.byId.set(message.id, record)
    let records = this.byConversation.get(message.conversationId)
    if (!records) {
      records = []
      this.byConversation.set(message.conversationId, records)
    }
    records.push(record)
    if (idempotencyKey !== undefined) {
      this.byIdempotencyKey.set(idempotencyKey, record)
      this.idempotencyKeys.set(message.id, idempotencyKey)
    }
    return { seq: record.seq, message: copyMessage(record.message, payloadText) }
  }

  findByIdempotencyKey(idempotencyKey: string): MessageRecord | undefined {
    const record = this.byIdempotencyKey.get(idempotencyKey)
    return record && copyRecord(record)
  }

  get(id: string): MessageRecord | undefined {
    const record = this.byId.get(id)
    return record && copyRecord(record)
  }

  update(id: string, update: MessageUpdate): MessageRecord | undefined {
    const record = this.byId.get(id)
    if (!record) return undefined
    applyMessageUpdate(record.message, update)
    return copyRecord(record)
  }

  delete(id: string): boolean {
    const record = this.byId.get(id)
    if (!record) return false
    this.byId.delete(id)
    const idempotencyKey = this.idempotencyKeys.get(id)
    if (idempotencyKey !== undefined) {
      this.idempotencyKeys.delete(id)
      this.byIdempotencyKey.delete(idempotencyKey)
    }
    const records = this.byConversation.get(record.message.conversationId)
    if (records) {
      const at = lowerBound(records, record.seq)
      if (records[at] === record) records.splice(at, 1)
      if (records.length === 0) this.byConversation.delete(record.message.conversationId)
    }
    return true
  }

  list(query: ListQuery): MessageRecord[] {
    const records = this.byConversation.get(query.conversationId) ?? []
    const end = query.beforeSeq === undefined ? records.length : lowerBound(records, query.beforeSeq)
    const page: MessageRecord[] = []
    for (let i = end - 1; i >= 0 && page.length < query.limit; i--) page.push(copyRecord(records[i] as MessageRecord))
    return page
  }

  /** How many messages are stored (all conversations). */
  get size(): number {
    return this.byId.size
  }
}
