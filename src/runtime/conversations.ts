// The conversation and user operations of the clients (docs/runtime.md#conversations-and-users):
// find-or-create, get, update and list, over a ConversationStore, each checked before the
// store is touched (ids, channel, tag keys and values through the client's tag view), each
// record shown to a client with its own tag keys. An integration sees only the conversations
// of its own channels.

import { isRecord, own } from '../jsonSchema/own.js'
import { andThen } from './awaitable.js'
import { type Clock, isoTimestamp } from './clock.js'
import type { ConversationRecord, ConversationStore, RecordUpdate, UserRecord } from './conversationStore.js'
import type { BotDefinition } from './definition.js'
import { NotFoundError, ValidationError } from './errors.js'
import { randomId } from './ids.js'
import { decodePagingToken, encodePagingToken } from './pagingToken.js'
import { tagChangesOf } from './recordUpdates.js'
import { type ClientOwner, storedTags, type TagKind, tagView, visibleTags } from './tagViews.js'
import type { Awaitable } from './types.js'
import { refusedIfUnreadable } from './unreadableArguments.js'
import { type ValueLimits, valueLimitIssue } from './valueLimits.js'

export const DEFAULT_CONVERSATION_PAGE_SIZE = 20
export const MAX_CONVERSATION_PAGE_SIZE = 100

/** Where a conversation lives: the integration (its alias) and the channel. */
export interface Placement {
  readonly id: string
  readonly integration: string
  readonly channel: string
}

/** How many conversations' placements are remembered (a bound on the memory they take). */
const PLACEMENTS_KEPT = 10_000

/** A conversation as a client sees it: its tags under the client's keys. */
export type ConversationView = ConversationRecord
export type UserView = UserRecord

function invalid(operation: string, issues: string[]): ValidationError {
  return new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, issues)
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function allowedKeys(operation: string, input: { [key: string]: unknown }, keys: readonly string[]): void {
  const extra = Object.keys(input).filter((key) => !keys.includes(key))
  if (extra.length > 0)
    throw invalid(
      operation,
      extra.map((key) => `${key}: is not allowed (${operation} takes ${keys.join(', ')})`),
    )
}

export class Conversations {
  constructor(
    readonly store: ConversationStore,
    private readonly definition: BotDefinition,
    private readonly clock: Clock,
    private readonly limits: ValueLimits,
  ) {}

  private record(input: unknown, operation: string, keys: readonly string[]): { [key: string]: unknown } {
    if (!isRecord(input)) throw invalid(operation, [`expected { ${keys.join(', ')} }`])
    const overLimit = valueLimitIssue(input, '', this.limits, 'arguments')
    if (overLimit !== undefined) throw invalid(operation, [overLimit])
    allowedKeys(operation, input, keys)
    // a getter or a Proxy that throws when read (valueLimitIssue sees only what it enumerates) is refused here, coded
    try {
      for (const key of keys) Reflect.get(input, key)
    } catch (error) {
      throw refusedIfUnreadable(error, input, operation, keys)
    }
    return input
  }

  private now(): string {
    return isoTimestamp(this.clock.now())
  }

  /** The integration alias and channel a client names: an integration its own alias, the bot and plugins the `integration` they give. */
  private place(owner: ClientOwner, input: { [key: string]: unknown }, operation: string): { integration: string; channel: string } {
    const integration = owner.kind === 'integration' ? owner.alias : input['integration']
    const channel = input['channel']
    const wiring = typeof integration === 'string' ? own(this.definition.integrations, integration) : undefined
    if (!wiring || typeof integration !== 'string') {
      throw invalid(operation, [
        `integration: must be the alias of an integration bot '${this.definition.name}' adds (${Object.keys(this.definition.integrations).join(', ') || 'it adds none'})`,
      ])
    }
    const channels = Object.keys(wiring.channels ?? {})
    if (typeof channel !== 'string' || !channels.includes(channel)) {
      throw invalid(operation, [`channel: must be a channel of integration '${integration}' (${channels.join(', ') || 'it has none'})`])
    }
    return { integration, channel }
  }

  /** The tags of `input[key]` under stored keys, and the discriminating ones. */
  private givenTags(owner: ClientOwner, kind: TagKind, input: { [key: string]: unknown }, operation: string, channel?: string) {
    const view = tagView(this.definition, owner, kind, channel)
    // checked before anything is stored: an undeclared key or a value that is not a string
    const tags = input['tags'] ?? {}
    if (!isRecord(tags)) throw invalid(operation, ['tags: must be an object of tag name -> string'])
    const { issues, tags: stored } = storedTags(view, kind, tags, 'tags', false)
    const discriminate = input['discriminateByTags'] ?? Object.keys(tags)
    const match: { [key: string]: string } = {}
    if (!Array.isArray(discriminate) || discriminate.some((key) => typeof key !== 'string' || !Object.hasOwn(tags, key))) {
      issues.push('discriminateByTags: must list keys of the given tags')
    } else {
      for (const key of discriminate as string[]) {
        const storedKey = view.toStored.get(key)
        const value = storedKey === undefined ? undefined : stored[storedKey]
        if (storedKey !== undefined && value !== undefined) match[storedKey] = value
      }
      if (discriminate.length === 0) issues.push('tags: at least one tag must tell the record apart (discriminateByTags names none)')
    }
    if (issues.length > 0) throw invalid(operation, issues)
    return { view, stored, match }
  }

  async getOrCreateConversation(owner: ClientOwner, input: unknown): Promise<{ conversation: ConversationView }> {
    const operation = 'getOrCreateConversation'
    const keys = owner.kind === 'integration' ? ['channel', 'tags', 'discriminateByTags'] : ['integration', 'channel', 'tags', 'discriminateByTags']
    const record = this.record(input, operation, keys)
    const { integration, channel } = this.place(owner, record, operation)
    const { stored, match } = this.givenTags(owner, 'conversation', record, operation, channel)
    const now = this.now()
    const candidate: ConversationRecord = { id: randomId(), integration, channel, tags: stored, createdAt: now, updatedAt: now }
    const found = await this.store.findOrInsertConversation({ integration, channel, tags: match }, candidate)
    return { conversation: this.show(owner, found.record) }
  }

  private async findConversation(owner: ClientOwner, input: unknown, operation: string, keys: readonly string[]): Promise<ConversationRecord> {
    const record = this.record(input, operation, keys)
    const id = record['id']
    if (!nonEmptyString(id)) throw invalid(operation, ['id: is required (a non-empty string)'])
    const found = await this.store.getConversation(id)
    // an integration sees only the conversations of its own channels
    if (!found || (owner.kind === 'integration' && found.integration !== owner.alias)) throw new NotFoundError(id, operation, 'conversation')
    return found
  }

  /** The conversation with that id as `owner` sees it; NOT_FOUND when there is none it may see. */
  async getConversation(owner: ClientOwner, input: unknown): Promise<{ conversation: ConversationView }> {
    const found = await this.findConversation(owner, input, 'getConversation', ['id'])
    return { conversation: this.show(owner, found) }
  }

  /** The stored conversation, or undefined (no error). */
  conversationOf(id: string): Awaitable<ConversationRecord | undefined> {
    return this.store.getConversation(id)
  }

  /**
   * The integration and channel of a conversation, or undefined when there is no such
   * conversation: what placing a message needs. Neither changes once the conversation
   * exists (updateConversation changes tags only, and no operation deletes one), so the
   * last PLACEMENTS_KEPT found are kept and the store is read once per conversation.
   */
  placementOf(id: string): Awaitable<Placement | undefined> {
    const kept = this.placements.get(id)
    if (kept !== undefined) return kept
    return andThen(this.store.getConversation(id), (found) => {
      if (!found) return undefined
      if (this.placements.size >= PLACEMENTS_KEPT) this.placements.clear()
      const placement: Placement = { id: found.id, integration: found.integration, channel: found.channel }
      this.placements.set(id, placement)
      return placement
    })
  }

  private readonly placements = new Map<string, Placement>()

  show(owner: ClientOwner, record: ConversationRecord): ConversationView {
    return { ...record, tags: visibleTags(tagView(this.definition, owner, 'conversation'), record.tags) }
  }

  /**
   * A conversation the store handed out, as `owner` sees it: `record` is the caller's own copy
   * (a store never hands out its own objects), so its tags are replaced where it is rather
   * than copied a second time.
   */
  shownCopy(owner: ClientOwner, record: ConversationRecord): ConversationView {
    record.tags = visibleTags(tagView(this.definition, owner, 'conversation'), record.tags)
    return record
  }

  async updateConversation(owner: ClientOwner, input: unknown): Promise<{ conversation: ConversationView }> {
    const operation = 'updateConversation'
    const found = await this.findConversation(owner, input, operation, ['id', 'tags'])
    const tags = (input as { tags?: unknown }).tags
    if (!isRecord(tags)) throw invalid(operation, ["tags: is required (an object of tag name -> string; a tag given as '' is removed)"])
    const view = tagView(this.definition, owner, 'conversation', owner.kind === 'integration' ? found.channel : undefined)
    const { issues, tags: changes } = storedTags(view, 'conversation', tags, 'tags', true)
    if (issues.length > 0) throw invalid(operation, issues)
    // the store merges the changes with the tags it holds, atomically: a concurrent update is never lost
    const update: RecordUpdate = { tags: tagChangesOf(changes), updatedAt: this.now() }
    const updated = await this.store.updateConversation(found.id, update)
    if (!updated) throw new NotFoundError(found.id, operation, 'conversation')
    return { conversation: this.show(owner, updated) }
  }

  async listConversations(owner: ClientOwner, input: unknown): Promise<{ conversations: ConversationView[]; meta: { nextToken?: string } }> {
    const operation = 'listConversations'
    const keys = owner.kind === 'integration' ? ['channel', 'tags', 'limit', 'nextToken'] : ['integration', 'channel', 'tags', 'limit', 'nextToken']
    const record = this.record(input ?? {}, operation, keys)
    const integration = owner.kind === 'integration' ? owner.alias : record['integration']
    const channel = record['channel']
    if (integration !== undefined && typeof integration !== 'string') throw invalid(operation, ['integration: must be an integration alias'])
    if (channel !== undefined && (typeof channel !== 'string' || integration === undefined))
      throw invalid(operation, ['channel: must be a channel name, given with its integration'])
    const tags = record['tags'] ?? {}
    if (!isRecord(tags)) throw invalid(operation, ['tags: must be an object of tag name -> string'])
    const view = tagView(this.definition, owner, 'conversation')
    const { issues, tags: match } = storedTags(view, 'conversation', tags, 'tags', false)
    const limit = record['limit'] ?? DEFAULT_CONVERSATION_PAGE_SIZE
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
      issues.push(`limit: must be a positive integer (default ${DEFAULT_CONVERSATION_PAGE_SIZE}, at most ${MAX_CONVERSATION_PAGE_SIZE})`)
    if (issues.length > 0) throw invalid(operation, issues)
    const scope = JSON.stringify([integration ?? null, channel ?? null, match])
    const afterSeq = record['nextToken'] === undefined ? 0 : decodePagingToken(record['nextToken'], scope, operation)
    const page = await this.store.listConversations(
      { ...(integration !== undefined && { integration }), ...(channel !== undefined && { channel: channel as string }), tags: match },
      { limit: Math.min(limit as number, MAX_CONVERSATION_PAGE_SIZE), afterSeq },
    )
    return {
      conversations: page.records.map((r) => this.show(owner, r)),
      meta: page.lastSeq === undefined ? {} : { nextToken: encodePagingToken(scope, page.lastSeq) },
    }
  }

  async getOrCreateUser(owner: ClientOwner, input: unknown): Promise<{ user: UserView }> {
    const operation = 'getOrCreateUser'
    const record = this.record(input, operation, ['tags', 'name', 'pictureUrl', 'discriminateByTags'])
    const { stored, match } = this.givenTags(owner, 'user', record, operation)
    const profile = this.profile(record, operation)
    const now = this.now()
    const found = await this.store.findOrInsertUser(match, { id: randomId(), tags: stored, ...profile, createdAt: now, updatedAt: now })
    return { user: this.showUser(owner, found.record) }
  }

  private profile(record: { [key: string]: unknown }, operation: string): { name?: string; pictureUrl?: string } {
    const profile: { name?: string; pictureUrl?: string } = {}
    for (const key of ['name', 'pictureUrl'] as const) {
      const value = record[key]
      if (value === undefined) continue
      if (typeof value !== 'string') throw invalid(operation, [`${key}: must be a string`])
      profile[key] = value
    }
    return profile
  }

  showUser(owner: ClientOwner, record: UserRecord): UserView {
    return { ...record, tags: visibleTags(tagView(this.definition, owner, 'user'), record.tags) }
  }

  /** A user the store handed out, as `owner` sees it, without a second copy (as shownCopy). */
  shownUserCopy(owner: ClientOwner, record: UserRecord): UserView {
    record.tags = visibleTags(tagView(this.definition, owner, 'user'), record.tags)
    return record
  }

  private async findUser(input: unknown, operation: string, keys: readonly string[]): Promise<UserRecord> {
    const record = this.record(input, operation, keys)
    const id = record['id']
    if (!nonEmptyString(id)) throw invalid(operation, ['id: is required (a non-empty string)'])
    const found = await this.store.getUser(id)
    if (!found) throw new NotFoundError(id, operation, 'user')
    return found
  }

  async getUser(owner: ClientOwner, input: unknown): Promise<{ user: UserView }> {
    return { user: this.showUser(owner, await this.findUser(input, 'getUser', ['id'])) }
  }

  async updateUser(owner: ClientOwner, input: unknown): Promise<{ user: UserView }> {
    const operation = 'updateUser'
    const found = await this.findUser(input, operation, ['id', 'tags', 'name', 'pictureUrl'])
    const record = input as { [key: string]: unknown }
    const tags = record['tags'] ?? {}
    if (!isRecord(tags)) throw invalid(operation, ["tags: must be an object of tag name -> string; a tag given as '' is removed"])
    const { issues, tags: changes } = storedTags(tagView(this.definition, owner, 'user'), 'user', tags, 'tags', true)
    if (issues.length > 0) throw invalid(operation, issues)
    const update: RecordUpdate = {
      tags: tagChangesOf(changes),
      updatedAt: this.now(),
      ...this.profile(record, operation),
    }
    const updated = await this.store.updateUser(found.id, update)
    if (!updated) throw new NotFoundError(found.id, operation, 'user')
    return { user: this.showUser(owner, updated) }
  }

  /** The stored user, or undefined (no error). */
  userOf(id: string): Awaitable<UserRecord | undefined> {
    return this.store.getUser(id)
  }

  /** The operations as a client's methods, for `owner`. */
  client(owner: ClientOwner): ConversationOperations {
    return {
      getOrCreateConversation: (input) => this.getOrCreateConversation(owner, input),
      getConversation: (input) => this.getConversation(owner, input),
      updateConversation: (input) => this.updateConversation(owner, input),
      listConversations: (input) => this.listConversations(owner, input),
      getOrCreateUser: (input) => this.getOrCreateUser(owner, input),
      getUser: (input) => this.getUser(owner, input),
      updateUser: (input) => this.updateUser(owner, input),
    }
  }
}

/** The untyped form of the conversation and user half of every client. */
export interface ConversationOperations {
  getOrCreateConversation(input: unknown): Promise<{ conversation: ConversationView }>
  getConversation(input: unknown): Promise<{ conversation: ConversationView }>
  updateConversation(input: unknown): Promise<{ conversation: ConversationView }>
  listConversations(input: unknown): Promise<{ conversations: ConversationView[]; meta: { nextToken?: string } }>
  getOrCreateUser(input: unknown): Promise<{ user: UserView }>
  getUser(input: unknown): Promise<{ user: UserView }>
  updateUser(input: unknown): Promise<{ user: UserView }>
}
