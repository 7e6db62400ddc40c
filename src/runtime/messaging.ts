// The messaging operations (create, get, list, update, delete) over a MessageStore, with
// every check the runtime promises (docs/runtime.md): payloads against schemas/messages.schema.json,
// tags against the bot's declared keys, limits, paging tokens, not-found ids.

import { isRecord } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import { isThenable } from './awaitable.js'
import { type Clock, isoTimestamp } from './clock.js'
import { NotFoundError, ValidationError } from './errors.js'
import { randomId } from './ids.js'
import type { MessageRecord, MessageStore, StoredMessage, StoredTags } from './messageStore.js'
import { MESSAGE_TYPES, type Message, type MessageDelivery, type MessageTagMap, type MessageType } from './messages.js'
import { decodePagingToken, encodePagingToken } from './pagingToken.js'
import { tagChangesOf } from './recordUpdates.js'
import type { Awaitable, CreateMessageInput, MessagingClient } from './types.js'
import { refusedIfUnreadable } from './unreadableArguments.js'
import { joinPath, validatePayload } from './validation.js'
import { type ValueLimits, valueLimitIssue } from './valueLimits.js'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100

const CREATE_KEYS = ['conversationId', 'userId', 'type', 'payload', 'tags']
const UPDATE_KEYS = ['id', 'tags']

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** Thrown by `insert` when the idempotency key is another stored message's: the caller answers with that message. */
export class DuplicateMessage extends Error {
  constructor(readonly stored: StoredMessage) {
    super(`a message with this idempotency key is stored already (${stored.id})`)
    this.name = 'DuplicateMessage'
  }
}

export class Messaging {
  private readonly store: MessageStore
  private readonly declaredTags: readonly string[]
  private readonly botName: string
  private readonly limits: ValueLimits
  private readonly clock: Clock

  constructor(store: MessageStore, declaredTags: readonly string[], botName: string, limits: ValueLimits, clock: Clock) {
    this.clock = clock
    this.store = store
    this.declaredTags = declaredTags
    this.botName = botName
    this.limits = limits
  }

  /** A client over these operations (the untyped form of BotClient's and PluginClient's messaging half). */
  client(): MessagingClient<MessageTagMap> {
    return {
      // the stored message has the input's type, T
      createMessage: async <T extends MessageType>(input: CreateMessageInput<MessageTagMap, T>) => ({
        message: (await this.create(input, 'createMessage')) as Message<T, MessageTagMap>,
      }),
      getMessage: async (input) => ({ message: (await this.getRecord(input, 'getMessage')).message }),
      listMessages: async (input) => this.list(input),
      updateMessage: async (input) => ({ message: await this.update(input) }),
      deleteMessage: async (input) => this.delete(input),
    }
  }

  private tagIssues(tags: { [key: string]: unknown }, allowEmpty: boolean): string[] {
    const issues: string[] = []
    const undeclared = `is not a tag bot '${this.botName}' declares (${this.declaredTags.length > 0 ? `it declares ${this.declaredTags.join(', ')}` : 'it declares none'})`
    for (const key of Object.keys(tags)) {
      const value = tags[key]
      const at = joinPath('tags', key)
      if (!this.declaredTags.includes(key)) {
        issues.push(`${at}: ${undeclared}`)
      } else if (value !== undefined && typeof value !== 'string') {
        issues.push(`${at}: must be a string`)
      } else if (!allowEmpty && value === '') {
        issues.push(`${at}: must not be empty (leave the tag out instead)`)
      }
    }
    return issues
  }

  /**
   * What a message is stored as, set by the running bot (delivery.ts): in a conversation of an
   * integration's channel, checked against the channel and marked with it; throws when it does not fit.
   */
  place: ((message: StoredMessage, operation: string) => Awaitable<StoredMessage>) | undefined = undefined

  /** Validates and stores a new message; nothing is stored when it is invalid. */
  async create(input: unknown, operation: string, idempotencyKey?: string): Promise<StoredMessage> {
    return this.insert(this.build(input, operation), operation, idempotencyKey)
  }

  /**
   * Stores a message `build` made, once `place` accepts it. With an idempotency key another
   * message already has, stores nothing and throws DuplicateMessage with that message.
   */
  async insert(message: StoredMessage, operation = 'createMessage', idempotencyKey?: string): Promise<StoredMessage> {
    // a value that comes at once is not awaited: no promise turn for the in-memory stores
    let placed = this.place ? this.place(message, operation) : message
    if (isThenable(placed)) placed = await placed
    let inserted = this.store.insert(placed, idempotencyKey)
    if (isThenable(inserted)) inserted = await inserted
    const stored = inserted.message
    if (stored.id !== placed.id) throw new DuplicateMessage(stored)
    return stored
  }

  /**
   * Records what became of the delivery of `stored` (as insert returned it): the tags the
   * integration acknowledged merged in by the store (with any concurrent update's), and its
   * status.
   */
  async settleDelivery(stored: StoredMessage, tags: StoredTags, delivery: MessageDelivery): Promise<StoredMessage> {
    const id = stored.id
    // not awaited when it comes at once (the in-memory store); stamped as build stamps (the last ISO texts are remembered)
    let updated = this.store.update(id, { tags: { set: tags, remove: [] }, updatedAt: isoTimestamp(this.clock.now()), delivery })
    if (isThenable(updated)) updated = await updated
    if (!updated) throw new NotFoundError(id, 'createMessage')
    return updated.message
  }

  /** The message a valid input makes (id and timestamps assigned), not stored; throws INVALID_MESSAGE. */
  build(input: unknown, operation: string): StoredMessage {
    if (!isRecord(input)) throw new ValidationError('INVALID_MESSAGE', `${operation}: expected { conversationId, userId, type, payload, tags }`, [])
    // the whole message within the value limits before any part of it is read
    const overLimit = valueLimitIssue(input, '', this.limits, 'message')
    if (overLimit !== undefined) throw new ValidationError('INVALID_MESSAGE', `${operation}: invalid message`, [overLimit])
    const issues: string[] = []
    const { conversationId, userId, type, payload, tags } = input
    for (const key of Object.keys(input)) {
      if (!CREATE_KEYS.includes(key))
        issues.push(
          `${joinPath('', key).replace(/^\./, '')}: is not allowed (${operation} takes ${CREATE_KEYS.join(', ')}; the runtime assigns id, createdAt and updatedAt)`,
        )
    }
    if (!nonEmptyString(conversationId)) issues.push('conversationId: is required (a non-empty string)')
    if (!nonEmptyString(userId)) issues.push('userId: is required (a non-empty string; a bot or plugin passes ctx.botId)')
    const knownType = typeof type === 'string' && (MESSAGE_TYPES as readonly string[]).includes(type)
    if (!knownType) {
      issues.push(type === undefined ? 'type: is required' : `type: must be one of ${MESSAGE_TYPES.map(quoted).join(', ')}`)
    } else if (payload === undefined) {
      issues.push('payload: is required')
    } else {
      issues.push(...validatePayload(type as MessageType, payload, this.limits))
    }
    if (tags === undefined) issues.push('tags: is required (pass {} for none)')
    else if (!isRecord(tags)) issues.push('tags: must be an object of tag name -> string')
    else issues.push(...this.tagIssues(tags, false))
    if (issues.length > 0) {
      const what = knownType ? `${String(type)} message` : 'message'
      throw new ValidationError('INVALID_MESSAGE', `${operation}: invalid ${what}`, issues)
    }

    const storedTags: StoredTags = {}
    for (const [key, value] of Object.entries(tags as { [key: string]: unknown })) if (typeof value === 'string') storedTags[key] = value
    const now = isoTimestamp(this.clock.now())
    const message = {
      id: randomId(),
      conversationId: conversationId as string,
      userId: userId as string,
      type: type as MessageType,
      payload,
      tags: storedTags,
      createdAt: now,
      updatedAt: now,
    } as StoredMessage
    return message
  }

  private idOf(input: unknown, operation: string): string {
    let id: unknown
    try {
      id = isRecord(input) ? input['id'] : undefined
    } catch (error) {
      throw refusedIfUnreadable(error, input, operation, ['id'])
    }
    if (!nonEmptyString(id)) throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, ['id: is required (a non-empty string)'])
    return id
  }

  async getRecord(input: unknown, operation: string): Promise<MessageRecord> {
    const id = this.idOf(input, operation)
    const record = await this.store.get(id)
    if (!record) throw new NotFoundError(id, operation)
    return record
  }

  /** The message with that id, or undefined (no error). */
  async find(id: string): Promise<StoredMessage | undefined> {
    return (await this.store.get(id))?.message
  }

  async update(input: unknown): Promise<StoredMessage> {
    const operation = 'updateMessage'
    const id = this.idOf(input, operation)
    const overLimit = valueLimitIssue(input, '', this.limits, 'arguments')
    if (overLimit !== undefined) throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, [overLimit])
    const record = input as { [key: string]: unknown }
    const extra = Object.keys(record).filter((key) => !UPDATE_KEYS.includes(key))
    if (extra.length > 0) {
      throw new ValidationError(
        'INVALID_ARGUMENT',
        `${operation}: invalid arguments`,
        extra.map((key) => `${joinPath('', key).replace(/^\./, '')}: is not allowed (${operation} takes ${UPDATE_KEYS.join(', ')}; only tags can be updated)`),
      )
    }
    const tags = record['tags']
    if (!isRecord(tags))
      throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, [
        "tags: is required (an object of tag name -> string; a tag given as '' is removed)",
      ])
    const issues = this.tagIssues(tags, true)
    if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid tags`, issues)
    const changes: StoredTags = {}
    for (const [key, value] of Object.entries(tags)) if (typeof value === 'string') changes[key] = value
    // the store merges the changes with the tags it holds, atomically: a concurrent update is never lost
    const updated = await this.store.update(id, { tags: tagChangesOf(changes), updatedAt: isoTimestamp(this.clock.now()) })
    if (!updated) throw new NotFoundError(id, operation)
    return updated.message
  }

  async delete(input: unknown): Promise<void> {
    const id = this.idOf(input, 'deleteMessage')
    if (!(await this.store.delete(id))) throw new NotFoundError(id, 'deleteMessage')
  }

  async list(input: unknown): Promise<{ messages: StoredMessage[]; meta: { nextToken?: string } }> {
    const operation = 'listMessages'
    if (!isRecord(input)) throw new ValidationError('INVALID_ARGUMENT', `${operation}: expected { conversationId, limit?, nextToken? }`, [])
    let read: { conversationId: unknown; limit: unknown; nextToken: unknown }
    try {
      read = { conversationId: input['conversationId'], limit: input['limit'], nextToken: input['nextToken'] }
    } catch (error) {
      throw refusedIfUnreadable(error, input, operation, ['conversationId', 'limit', 'nextToken'])
    }
    const { conversationId, limit, nextToken } = read
    if (!nonEmptyString(conversationId))
      throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, ['conversationId: is required (a non-empty string)'])
    let pageSize = DEFAULT_PAGE_SIZE
    if (limit !== undefined) {
      if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
        throw new ValidationError('INVALID_ARGUMENT', `${operation}: invalid arguments`, [
          `limit: must be a positive integer (got ${typeof limit === 'number' ? String(limit) : typeof limit}; default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE})`,
        ])
      }
      pageSize = Math.min(limit, MAX_PAGE_SIZE)
    }
    const beforeSeq = nextToken === undefined ? undefined : decodePagingToken(nextToken, conversationId)
    const records = await this.store.list(
      beforeSeq === undefined ? { conversationId, limit: pageSize + 1 } : { conversationId, limit: pageSize + 1, beforeSeq },
    )
    const page = records.slice(0, pageSize)
    const last = page[page.length - 1]
    const meta: { nextToken?: string } = {}
    if (records.length > pageSize && last) meta.nextToken = encodePagingToken(conversationId, last.seq)
    return { messages: page.map((r) => r.message), meta }
  }
}
