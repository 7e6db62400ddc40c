// Outgoing messages in a conversation of an integration's channel (docs/runtime.md#delivery):
// before one is stored, its type must be a message the channel carries and its payload must
// fit that message's schema; once stored, the integration's delivery handler for it,
// `channels: { <channel>: { messages: { <type>: handler } } }`, is run with the action time
// limit, and `ack({ tags })` records what the outside world gave back. A delivery that
// fails leaves the message stored with `delivery: { status: 'failed' }` and reaches the
// creator as a DeliveryError.

import { own } from '../jsonSchema/own.js'
import { isThenable } from './awaitable.js'
import type { Clock } from './clock.js'
import { integrationConfiguration } from './configurationValues.js'
import type { Placement } from './conversations.js'
import type { JsonSchema } from './definition.js'
import { DeliveryError, MissingImplementationError, messageOf, ValidationError } from './errors.js'
import { integrationImplementation } from './implementations.js'
import { integrationClient, type LooseIntegrationClient } from './integrationClient.js'
import { integrationSecrets } from './integrationSecrets.js'
import { messageWith, type StoredMessage, type StoredTags } from './messageStore.js'
import type { RunnableIntegration } from './runnables.js'
import type { RuntimeContext } from './runtimeContext.js'
import { type ClientOwner, storedTags, type TagView, tagView, visibleTags } from './tagViews.js'
import { CancelledError, TimeLimitError } from './timeLimitErrors.js'
import { type Bound, runBounded, withSignal } from './timeLimits.js'
import type { Awaitable } from './types.js'
import { type SchemaDefinitions, validateValue } from './validation.js'

/**
 * The message as it is stored: in a conversation of an integration's channel, with that
 * integration and channel, once its type and payload fit the channel (INVALID_MESSAGE
 * otherwise, and nothing is stored); any other message as it is.
 */
export function placeMessage(context: RuntimeContext, message: StoredMessage, operation: string): Awaitable<StoredMessage> {
  const placement = context.conversations.placementOf(message.conversationId)
  if (isThenable(placement)) return placement.then((found) => (found ? placedMessage(context, message, found, operation) : message))
  return placement ? placedMessage(context, message, placement, operation) : message
}

function placedMessage(context: RuntimeContext, message: StoredMessage, conversation: Placement, operation: string): StoredMessage {
  const { integration, channel } = conversation
  const carried = carriedMessage(context, conversation, message.type, operation)
  if (typeof carried === 'string')
    throw new ValidationError('INVALID_MESSAGE', `${operation}: invalid ${message.type} message`, [
      `type: channel '${channel}' of integration '${integration}' carries no '${message.type}' messages (it carries ${carried || 'none'})`,
    ])
  // a channel message that is the standard type as it is (`$message: text`) adds nothing to what build checked
  const issues = carried.standard ? [] : validateValue(message.payload, carried.schema, carried.definitions, 'payload', context.valueLimits)
  if (issues.length > 0)
    throw new ValidationError(
      'INVALID_MESSAGE',
      `${operation}: invalid ${message.type} message for channel '${channel}' of integration '${integration}'`,
      issues,
    )
  return messageWith(message, message.payload, message.tags, conversation)
}

/** A message type a channel carries: its schema, and whether that is the standard type as it is. */
interface Carried {
  schema: JsonSchema
  definitions: SchemaDefinitions
  standard: boolean
}

/** Per running bot, per `<alias> <channel> <type>` (nested: a lookup makes no string), what its channel carries (the definitions and implementations do not change while it runs). */
const carriedMessages = new WeakMap<RuntimeContext, Map<string, Map<string, Map<string, Carried>>>>()

/** The channel's message of that type; when the channel carries none, the types it carries (comma-separated). */
function carriedMessage(context: RuntimeContext, conversation: Placement, type: string, operation: string): Carried | string {
  const { integration, channel } = conversation
  let byIntegration = carriedMessages.get(context)
  if (byIntegration === undefined) {
    byIntegration = new Map()
    carriedMessages.set(context, byIntegration)
  }
  let byChannel = byIntegration.get(integration)
  if (byChannel === undefined) {
    byChannel = new Map()
    byIntegration.set(integration, byChannel)
  }
  let byType = byChannel.get(channel)
  if (byType === undefined) {
    byType = new Map()
    byChannel.set(channel, byType)
  }
  const kept = byType.get(type)
  if (kept !== undefined) return kept
  const impl = integrationImplementation(context, integration, `${operation} in conversation '${conversation.id}'`)
  const channelDefinition = own(impl.definition.channels, channel)
  const message = channelDefinition && own(channelDefinition.messages, type)
  if (!channelDefinition || !message) return Object.keys(channelDefinition?.messages ?? {}).join(', ')
  const carried = { schema: message.schema, definitions: impl.definition.definitions, standard: isStandardPayload(message.schema, type) }
  byType.set(type, carried)
  return carried
}

const DOCUMENTATION_KEYS = new Set(['$ref', 'title', 'description'])

/** The schema `{ $message: type }` lowers to, with at most a title and description: what `createMessage` validated already. */
function isStandardPayload(schema: JsonSchema, type: string): boolean {
  if (typeof schema !== 'object' || schema === null || (schema as { $ref?: unknown }).$ref !== `#/definitions/messages:${type}`) return false
  return Object.keys(schema).every((key) => DOCUMENTATION_KEYS.has(key) || key.startsWith('x-'))
}

/** Hands a stored message to its integration's channel; the message as stored afterwards, or a DeliveryError. */
export async function deliverMessage(context: RuntimeContext, message: StoredMessage): Promise<StoredMessage> {
  const { integration: alias, channel } = message
  if (alias === undefined || channel === undefined) return message
  const delivery = new Delivery(context, message, alias, channel)
  try {
    await runDelivery(delivery)
  } catch (error) {
    await context.messaging.settleDelivery(message, {}, { status: 'failed', error: messageOf(error) })
    throw new DeliveryError({
      messageId: message.id,
      integration: alias,
      channel,
      message: `createMessage: ${delivery.label()} failed: ${messageOf(error)}`,
      cause: error,
    })
  }
  return context.messaging.settleDelivery(message, delivery.acknowledged, { status: 'delivered' })
}

/**
 * One delivery: what it delivers, the tags its handler acknowledged so far, and how its run
 * ends when the handler does not finish (the action time limit). One object with methods
 * rather than a closure for each.
 */
class Delivery implements Bound {
  readonly limitMs: number
  readonly clock: Clock
  readonly signal = undefined
  /** the tags `ack` gave, under their stored keys */
  acknowledged: StoredTags = {}
  /** who delivers: the integration, which sees its own tag keys */
  readonly owner: ClientOwner
  /** the integration's message tags of the channel, which `ack` checks against */
  readonly messageTags: TagView

  constructor(
    readonly context: RuntimeContext,
    readonly message: StoredMessage,
    readonly alias: string,
    readonly channel: string,
  ) {
    this.limitMs = context.limits.actionMs
    this.clock = context.limits.clock
    this.owner = { kind: 'integration', alias }
    this.messageTags = tagView(context.definition, this.owner, 'message', channel)
  }

  /** What errors call it: made only for an error (most deliveries succeed). */
  label(): string {
    return `the delivery of ${this.message.type} message '${this.message.id}' through channel '${this.channel}' of integration '${this.alias}'`
  }

  /** The handler's `ack({ tags })`: checks the tags against the integration's message tags and keeps them. */
  async ack(input: unknown): Promise<void> {
    const tags = (input as { tags?: unknown } | undefined)?.tags ?? {}
    const { issues, tags: stored } =
      typeof tags === 'object' && tags !== null
        ? storedTags(this.messageTags, 'message', tags as { [key: string]: unknown }, 'tags', false)
        : { issues: ['tags: must be an object of tag name -> string'], tags: {} }
    if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', 'ack: invalid tags', issues)
    this.acknowledged = { ...this.acknowledged, ...stored }
  }

  timedOut(): Error {
    return new TimeLimitError({ message: `${this.label()} did not finish within its time limit of ${this.limitMs} ms`, limitMs: this.limitMs })
  }

  cancelled(reason: unknown): Error {
    return new CancelledError(this.channel, `${this.label()} was cancelled`, reason)
  }

  failed(error: unknown): unknown {
    return error instanceof Error ? error : new Error(messageOf(error))
  }
}

/** The integration's client outside any call holds no state of its own: one per running bot and alias serves every delivery. */
const deliveryClients = new WeakMap<RuntimeContext, Map<string, LooseIntegrationClient>>()

function deliveryClient(context: RuntimeContext, alias: string, impl: RunnableIntegration): LooseIntegrationClient {
  let clients = deliveryClients.get(context)
  if (clients === undefined) {
    clients = new Map<string, LooseIntegrationClient>()
    deliveryClients.set(context, clients)
  }
  let client = clients.get(alias)
  if (client === undefined) {
    client = integrationClient(context, alias, impl, undefined)
    clients.set(alias, client)
  }
  return client
}

/** Runs the delivery handler, which acknowledges into `delivery.acknowledged`. */
async function runDelivery(delivery: Delivery): Promise<void> {
  const { context, message, alias, channel, owner, messageTags } = delivery
  const impl = integrationImplementation(context, alias, () => delivery.label())
  const handlers = own((impl.channels ?? {}) as { readonly [channel: string]: { messages?: { readonly [type: string]: unknown } } }, channel)
  const handler = handlers?.messages && own(handlers.messages, message.type)
  if (typeof handler !== 'function') {
    throw new MissingImplementationError(
      `the implementation of integration '${impl.definition.name}' has no delivery handler for '${message.type}' messages of channel '${channel}': pass new Integration({ actions, channels: { ${channel}: { messages: { ${message.type}: async ({ payload, ack }) => ... } } } })`,
    )
  }
  // read now (their tags may have changed since the message was created); not awaited when they come at once
  let conversation = context.conversations.conversationOf(message.conversationId)
  if (isThenable(conversation)) conversation = await conversation
  let user = context.conversations.userOf(message.userId)
  if (isThenable(user)) user = await user
  const { configurationType, configuration } = integrationConfiguration(context.definition, alias, impl, context.secrets(), context.valueLimits)
  // `message` is the store's copy, made for this creation and read afterwards only for its id,
  // tags and updatedAt (settleDelivery): the handler gets it without another copy, its payload
  // and its message's one object, and its own top level and tags
  const args = {
    payload: message.payload,
    message: messageWith(message, message.payload, visibleTags(messageTags, message.tags)),
    conversation: conversation && context.conversations.shownCopy(owner, conversation),
    user: user && context.conversations.shownUserCopy(owner, user),
    ctx: { configurationType, configuration, botId: context.botId, secrets: integrationSecrets(alias, impl, context.secrets()) },
    client: deliveryClient(context, alias, impl),
    // bound, not a closure: handlers call `ack` on its own
    ack: delivery.ack.bind(delivery),
  }
  await runBounded((signal) => (handler as (args: object) => unknown)(withSignal(args, signal)), delivery)
}

/** `createMessage` of the bot's or a plugin's client, with the delivery of what it stored. */
export function deliveringCreateMessage<F>(context: RuntimeContext, createMessage: F): F {
  const delivering = async (input: unknown): Promise<unknown> => {
    const result = await (createMessage as (input: unknown) => Promise<{ message: StoredMessage; stopped?: true }>)(input)
    if (result.stopped) return result
    return { message: await deliverMessage(context, result.message) }
  }
  return delivering as F
}
