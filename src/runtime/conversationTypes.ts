// The typed surface of conversations, users and delivery (docs/runtime.md#conversations-and-users,
// #delivery): the records as a client sees them, the client calls, and an integration's
// channel delivery handlers. Tag maps are type parameters (key -> string), as for messages.

import type { HandlerSignal } from './channelTypes.js'
import type { Message, MessagePayloads, MessageType } from './messages.js'

/** Tag values by key, as a client reads them; a generated client narrows the keys. */
export type TagMap = { [key: string]: string | undefined }

/** The tag maps of one client: what it may read and write on users, conversations and messages. */
export interface TagSet {
  user: object
  conversation: object
  message: object
}

/** A client's tag maps when nothing narrows them. */
export interface AnyTags {
  user: TagMap
  conversation: TagMap
  message: TagMap
}

/** A conversation of an integration's channel, its tags under the reader's keys. */
export interface ConversationOf<Tags = TagMap> {
  id: string
  /** the alias of the integration whose channel it lives on */
  integration: string
  channel: string
  tags: Tags
  createdAt: string
  updatedAt: string
}

export interface UserOf<Tags = TagMap> {
  id: string
  tags: Tags
  name?: string
  pictureUrl?: string
  createdAt: string
  updatedAt: string
}

/** Find-or-create: the record whose tags hold the `discriminateByTags` keys of `tags` (all of them by default), else a new one with `tags`. */
export interface GetOrCreateConversationInput<Tags> {
  channel: string
  tags: Tags
  discriminateByTags?: (keyof Tags & string)[]
}

export interface GetOrCreateUserInput<Tags> {
  tags: Tags
  name?: string
  pictureUrl?: string
  discriminateByTags?: (keyof Tags & string)[]
}

export interface ListConversationsInput<Tags> {
  channel?: string
  tags?: Tags
  limit?: number
  nextToken?: string
}

/** The conversation and user calls every client has. CT, UT: the conversation and user tags it may read and write. */
export interface ConversationClient<CT = TagMap, UT = TagMap, Place = { integration: string }> {
  /** `integration` (the bot's and plugins' clients): the alias of the integration whose channel it is on */
  getOrCreateConversation(input: GetOrCreateConversationInput<CT> & Place): Promise<{ conversation: ConversationOf<CT> }>
  getConversation(input: { id: string }): Promise<{ conversation: ConversationOf<CT> }>
  /** merges the given tags into the conversation's; a tag given as '' is removed */
  updateConversation(input: { id: string; tags: CT }): Promise<{ conversation: ConversationOf<CT> }>
  /** oldest first, paged like listMessages; filtered by tags (and integration and channel) */
  listConversations(input?: ListConversationsInput<CT> & Partial<Place>): Promise<{ conversations: ConversationOf<CT>[]; meta: { nextToken?: string } }>
  getOrCreateUser(input: GetOrCreateUserInput<UT>): Promise<{ user: UserOf<UT> }>
  getUser(input: { id: string }): Promise<{ user: UserOf<UT> }>
  updateUser(input: { id: string; tags?: UT; name?: string; pictureUrl?: string }): Promise<{ user: UserOf<UT> }>
}

/** An integration's: its own channels only, so no `integration` to name. */
export type IntegrationConversationClient<CT = TagMap, UT = TagMap> = ConversationClient<CT, UT, Record<never, never>>

/** `createMessage` of an integration's client: a message coming in, from a user, in one of its conversations. */
export interface IncomingMessageInput<Tags, T extends MessageType = MessageType> {
  conversationId: string
  userId: string
  type: T
  payload: MessagePayloads[T]
  tags: Tags
  /**
   * the outside world's id of this delivery (a webhook's event id, at most 256 characters): a
   * second createMessage with the key, of this integration, creates nothing and runs no handler
   * (docs/runtime.md#incoming-messages)
   */
  idempotencyKey?: string
}

export interface IncomingMessages<MT = TagMap> {
  /**
   * stores the message and runs the bot's and plugins' handlers, as `runtime.receive` does, with
   * its conversation and user; `duplicate`: its idempotency key was given before, and `message`
   * is the message stored then (nothing else happened)
   */
  createMessage<T extends MessageType>(input: IncomingMessageInput<MT, T>): Promise<{ message: Message<T, MT>; duplicate: boolean }>
}

/** The tags of an integration that declares none: no key compiles. */
export interface NoTags {
  user: Record<string, never>
  conversation: Record<string, never>
  message: Record<string, never>
}

/**
 * What `runtime.integration(alias)` gives: the integration's conversation and user calls and
 * `createMessage` for a message coming in, with its own tags (Tg: its generated `Tags`).
 */
export type IncomingIntegrationClient<Tg extends TagSet = AnyTags> = IntegrationConversationClient<Tg['conversation'], Tg['user']> &
  IncomingMessages<Tg['message']>

/** alias -> what `runtime.integration(alias)` gives; this, the default, takes any alias (a bot's generated `IntegrationClients` names its own). */
export type AnyIntegrationClients = { [alias: string]: IncomingIntegrationClient }

/** What a channel's delivery handler gets for one message the bot or a plugin created; Tg: the integration's tags. */
export interface DeliveryArgs<P, Ctx, Client, Tg extends TagSet = AnyTags> {
  payload: P
  message: Message<MessageType, Tg['message']>
  conversation: ConversationOf<Tg['conversation']>
  /** the sender, when it is a stored user (the bot's own messages have none) */
  user: UserOf<Tg['user']> | undefined
  ctx: Ctx
  client: Client
  /** records what the outside world gave back, such as the external message id, as message tags */
  ack(input: { tags: Tg['message'] }): Promise<void>
  /** fires when the delivery's time limit (the actions') is over */
  signal: HandlerSignal
}

/** Returns like a message handler: awaited, otherwise ignored; a throw fails the delivery. */
export type DeliveryHandler<P, Ctx, Client, Tg extends TagSet = AnyTags> = (args: DeliveryArgs<P, Ctx, Client, Tg>) => unknown

/**
 * `new Integration({ channels })`: per channel, the delivery handler of each standard message
 * type it carries (the channel's messages named after a type: `text`, `image`, ...).
 * Ch: the integration's `Channels` (channel -> message name -> payload).
 */
export type ChannelDeliveryHandlers<Ch, Ctx, Client, Tg extends TagSet = AnyTags> = {
  [C in keyof Ch]?: { messages?: { [M in keyof Ch[C] & MessageType]?: DeliveryHandler<Ch[C][M], Ctx, Client, Tg> } }
}
