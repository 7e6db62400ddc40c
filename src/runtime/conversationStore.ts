// Where the runtime keeps conversations and users (docs/runtime.md#conversations-and-users).
// `ConversationStore` is the interface a persistent store implements; the in-memory one is
// the default. As with MessageStore, the runtime does every check (ids, tag keys and values,
// paging); a store only keeps records, and these are the guarantees it must give:
//
// - **find-or-insert is atomic**: `findOrInsertConversation` / `findOrInsertUser` either
//   return the record whose tags hold every discriminating tag, or insert the candidate, as
//   one step: two calls with the same discriminating tags, concurrent ones included, end with
//   one record (a persistent store uses a unique index or a transaction). When several
//   records match, the oldest is returned.
// - **updates merge in the store**: `updateConversation` / `updateUser` carry the tag
//   *changes* (keys to set, keys to remove); the store applies them to the record it holds as
//   one atomic step (a persistent store locks the row for it), so that two updates of one
//   record, from one process or several, both land. `updatedAt` is the time of the update,
//   which the store moves 1 ms past the stored one when it is not later (laterTimestamp).
// - **copies**: a store never keeps the objects it is given nor hands out its own.
// - **sequence**: each record gets a `seq` on insert, higher than every earlier one's;
//   listing pages by it, oldest first, so paging neither repeats nor skips a record.
import type { StoredTags } from './messageStore.js'
import { laterTimestamp, type TagChanges, tagsWithChanges } from './recordUpdates.js'
import type { Awaitable } from './types.js'

/** A conversation as stored: tags under their keys as the bot sees them (`'<alias>:<key>'`, `'<alias>#<key>'`, its own). */
export interface ConversationRecord {
  id: string
  /** the alias of the integration it lives on */
  integration: string
  /** the integration's channel (final name) */
  channel: string
  tags: StoredTags
  createdAt: string
  updatedAt: string
}

/** A user as stored, tags as for conversations. */
export interface UserRecord {
  id: string
  tags: StoredTags
  name?: string
  pictureUrl?: string
  createdAt: string
  updatedAt: string
}

/** What `list` and find-or-insert match on: records whose tags hold each of these (and, for conversations, of that integration and channel). */
export interface ConversationMatch {
  integration?: string
  channel?: string
  tags: StoredTags
}

export interface RecordPage<R> {
  records: R[]
  /** the seq of the last record returned when more follow */
  lastSeq?: number
}

export interface PageQuery {
  /** at most this many records */
  limit: number
  /** only records whose seq is above this */
  afterSeq?: number
}

/** The changes of an update: the tags to set and remove (the store merges them), and the other fields to replace. */
export interface RecordUpdate {
  tags: TagChanges
  /** the time of the update: the record's new updatedAt, or 1 ms past its stored one when that is not earlier */
  updatedAt: string
  name?: string
  pictureUrl?: string
}

export interface ConversationStore {
  /** The record matching `match` (all of its tags, its integration and channel), or `candidate` inserted; `created` says which. */
  findOrInsertConversation(match: ConversationMatch, candidate: ConversationRecord): Awaitable<{ record: ConversationRecord; created: boolean }>
  getConversation(id: string): Awaitable<ConversationRecord | undefined>
  /** undefined when there is no such conversation */
  updateConversation(id: string, update: RecordUpdate): Awaitable<ConversationRecord | undefined>
  listConversations(match: ConversationMatch, page: PageQuery): Awaitable<RecordPage<ConversationRecord>>
  findOrInsertUser(tags: StoredTags, candidate: UserRecord): Awaitable<{ record: UserRecord; created: boolean }>
  getUser(id: string): Awaitable<UserRecord | undefined>
  updateUser(id: string, update: RecordUpdate): Awaitable<UserRecord | undefined>
}

// Records are flat (strings, and tags of strings): a copy of each level is a deep copy,
// without a JSON round trip. Written out field by field per kind rather than spread: every
// receive and delivery reads a conversation and a user, and records of one shape copy faster.

function copyConversation(record: ConversationRecord): ConversationRecord {
  return {
    id: record.id,
    integration: record.integration,
    channel: record.channel,
    tags: { ...record.tags },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  }
}

function copyUser(record: UserRecord): UserRecord {
  const copy: UserRecord = { id: record.id, tags: { ...record.tags }, createdAt: record.createdAt, updatedAt: record.updatedAt }
  if (record.name !== undefined) copy.name = record.name
  if (record.pictureUrl !== undefined) copy.pictureUrl = record.pictureUrl
  return copy
}

/**
 * A conversation or user with an update applied: its tag changes merged in, its updatedAt
 * moved forward, a user's name and picture replaced when given. Every store applies updates
 * with it, so that they agree.
 */
export function updatedRecord<R extends ConversationRecord | UserRecord>(record: R, update: RecordUpdate): R {
  const next: R = { ...record, tags: tagsWithChanges(record.tags, update.tags), updatedAt: laterTimestamp(record.updatedAt, update.updatedAt) }
  // only updateUser gives a name or a picture
  if (update.name !== undefined) (next as UserRecord).name = update.name
  if (update.pictureUrl !== undefined) (next as UserRecord).pictureUrl = update.pictureUrl
  return next
}

function toggle(index: Map<string, Set<string>>, key: string, id: string, add: boolean): void {
  const ids = index.get(key)
  if (add) {
    if (ids) ids.add(id)
    else index.set(key, new Set([id]))
  } else if (ids) {
    ids.delete(id)
    if (ids.size === 0) index.delete(key)
  }
}

interface Entry<R> {
  seq: number
  record: R
}

/**
 * Records of one kind, indexed by each tag (`key=value`, within a scope such as an
 * integration's channel): a match looks only at the records of its rarest tag, so finding
 * costs the size of that set, not of the store.
 */
class TaggedRecords<R extends { id: string; tags: StoredTags }> {
  private lastSeq = 0
  private readonly byId = new Map<string, Entry<R>>()
  /** every entry at index seq - 1 (records are never removed): a page of all records starts where the last one ended */
  private readonly bySeq: Entry<R>[] = []
  private readonly byTag = new Map<string, Set<string>>()
  private readonly byScope = new Map<string, Set<string>>()

  constructor(
    private readonly scopeOf: (record: R) => string,
    /** a deep copy of a record: what the store keeps of one given, and hands out */
    readonly copy: (record: R) => R,
  ) {}

  private tagKey(scope: string, key: string, value: string): string {
    return JSON.stringify([scope, key, value])
  }

  private index(record: R, add: boolean): void {
    const scope = this.scopeOf(record)
    toggle(this.byScope, scope, record.id, add)
    for (const [key, value] of Object.entries(record.tags)) toggle(this.byTag, this.tagKey(scope, key, value), record.id, add)
  }

  insert(record: R): R {
    if (this.byId.has(record.id)) throw new Error(`InMemoryConversationStore: a record with id '${record.id}' is already stored`)
    const entry = { seq: ++this.lastSeq, record: this.copy(record) }
    this.byId.set(record.id, entry)
    this.bySeq.push(entry)
    this.index(entry.record, true)
    return this.copy(entry.record)
  }

  get(id: string): R | undefined {
    const entry = this.byId.get(id)
    return entry && this.copy(entry.record)
  }

  update(id: string, change: (record: R) => R): R | undefined {
    const entry = this.byId.get(id)
    if (!entry) return undefined
    this.index(entry.record, false)
    entry.record = change(entry.record)
    this.index(entry.record, true)
    return this.copy(entry.record)
  }

  /** The entries of `scope` whose tags hold every tag of `tags`, in seq order, after `afterSeq`, at most `limit`. */
  matching(scope: string | undefined, tags: StoredTags, afterSeq: number, limit: number, accept: (record: R) => boolean = () => true): Entry<R>[] {
    if (scope === undefined) {
      // in seq order already: from the first record after the page before, until the page is full
      const found: Entry<R>[] = []
      for (let i = afterSeq; i < this.bySeq.length && found.length < limit; i++) {
        const entry = this.bySeq[i] as Entry<R>
        if (accept(entry.record) && Object.entries(tags).every(([key, value]) => entry.record.tags[key] === value)) found.push(entry)
      }
      return found
    }
    const candidates = this.candidates(scope, tags)
    const found: Entry<R>[] = []
    for (const entry of candidates) {
      if (entry.seq <= afterSeq) continue
      if (scope !== undefined && this.scopeOf(entry.record) !== scope) continue
      if (Object.entries(tags).every(([key, value]) => entry.record.tags[key] === value)) found.push(entry)
    }
    found.sort((a, b) => a.seq - b.seq)
    return found.slice(0, limit)
  }

  private candidates(scope: string, tags: StoredTags): Iterable<Entry<R>> {
    let smallest = this.byScope.get(scope) ?? new Set<string>()
    for (const [key, value] of Object.entries(tags)) {
      const ids = this.byTag.get(this.tagKey(scope, key, value)) ?? new Set<string>()
      if (ids.size < smallest.size) smallest = ids
    }
    const ids = smallest
    const byId = this.byId
    return (function* () {
      for (const id of ids) {
        const entry = byId.get(id)
        if (entry) yield entry
      }
    })()
  }
}

function scopeOfConversation(record: ConversationRecord): string {
  return `${record.integration}\u0000${record.channel}`
}

/** The default store: everything in memory, lost when the process ends. */
export class InMemoryConversationStore implements ConversationStore {
  private readonly conversations = new TaggedRecords<ConversationRecord>(scopeOfConversation, copyConversation)
  private readonly users = new TaggedRecords<UserRecord>(() => 'users', copyUser)

  findOrInsertConversation(match: ConversationMatch, candidate: ConversationRecord): { record: ConversationRecord; created: boolean } {
    const scope = scopeOfConversation({ ...candidate, integration: match.integration ?? candidate.integration, channel: match.channel ?? candidate.channel })
    const found = this.conversations.matching(scope, match.tags, 0, 1)[0]
    if (found) return { record: copyConversation(found.record), created: false }
    return { record: this.conversations.insert(candidate), created: true }
  }

  getConversation(id: string): ConversationRecord | undefined {
    return this.conversations.get(id)
  }

  updateConversation(id: string, update: RecordUpdate): ConversationRecord | undefined {
    return this.conversations.update(id, (record) => updatedRecord(record, update))
  }

  listConversations(match: ConversationMatch, page: PageQuery): RecordPage<ConversationRecord> {
    const scope = match.integration !== undefined && match.channel !== undefined ? `${match.integration}\u0000${match.channel}` : undefined
    const entries = this.conversations.matching(
      scope,
      match.tags,
      page.afterSeq ?? 0,
      page.limit + 1,
      (record) => match.integration === undefined || record.integration === match.integration,
    )
    const records = entries.slice(0, page.limit)
    const last = records[records.length - 1]
    return { records: records.map((e) => copyConversation(e.record)), ...(entries.length > page.limit && last ? { lastSeq: last.seq } : {}) }
  }

  findOrInsertUser(tags: StoredTags, candidate: UserRecord): { record: UserRecord; created: boolean } {
    const found = this.users.matching('users', tags, 0, 1)[0]
    if (found) return { record: copyUser(found.record), created: false }
    return { record: this.users.insert(candidate), created: true }
  }

  getUser(id: string): UserRecord | undefined {
    return this.users.get(id)
  }

  updateUser(id: string, update: RecordUpdate): UserRecord | undefined {
    return this.users.update(id, (record) => updatedRecord(record, update))
  }
}
