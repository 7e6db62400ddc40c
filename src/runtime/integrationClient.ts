// The client an integration's handlers get (its actions' and its channels' delivery handlers),
// and the one `runtime.integration(alias)` gives code that runs as the integration outside
// any call, such as a webhook: events, channel messages of a call, its conversations and
// users, and `createMessage` for a message coming in (docs/runtime.md#incoming-messages).

import { isRecord } from '../jsonSchema/own.js'
import type { ActiveCall } from './channels.js'
import type { ConversationOperations } from './conversations.js'
import { NotFoundError, ValidationError } from './errors.js'
import { emitIntegrationEvent } from './eventDispatch.js'
import { integrationImplementation } from './implementations.js'
import { receiveMessage } from './messageDispatch.js'
import type { StoredMessage } from './messageStore.js'
import { DuplicateMessage } from './messaging.js'
import type { RunnableIntegration } from './runnables.js'
import type { RuntimeContext } from './runtimeContext.js'
import { type ClientOwner, storedTags, tagView, visibleTags } from './tagViews.js'
import { inTurn } from './turns.js'

/** The integration client before the generated types narrow it. */
export interface LooseIntegrationClient extends ConversationOperations {
  emitEvent(event: unknown): Promise<void>
  sendChannelMessage(message: unknown): Promise<void>
  createMessage(input: unknown): Promise<{ message: StoredMessage; duplicate: boolean }>
}

/** The longest idempotency key createMessage takes, in characters (a webhook's delivery id fits many times over). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256

/** The input's idempotency key, checked (INVALID_MESSAGE), and the input without it. */
function withoutIdempotencyKey(input: { readonly [key: string]: unknown }, operation: string): { key: string | undefined; rest: { [key: string]: unknown } } {
  const { idempotencyKey: key, ...rest } = input
  if (key === undefined) return { key, rest }
  if (typeof key !== 'string' || key === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw new ValidationError('INVALID_MESSAGE', `${operation}: invalid arguments`, [
      `idempotencyKey: must be a non-empty string of at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
    ])
  return { key, rest }
}

/**
 * A message coming in through integration `alias`: its conversation must be one of the
 * integration's and its user a stored one; its tags are the channel's message tags, as the
 * integration names them. Stored and dispatched as `receive` does, with the conversation
 * and user; the integration gets it back with its own tag keys. With an `idempotencyKey` a
 * message of this integration already has, nothing runs: the result is that message, a
 * duplicate. `takesTurn`: runs as a turn of its conversation (outside any handler; a
 * handler's call runs within whatever turn it is part of, and waiting there would deadlock).
 */
export async function incomingMessage(
  context: RuntimeContext,
  alias: string,
  input: unknown,
  takesTurn: boolean,
): Promise<{ message: StoredMessage; duplicate: boolean }> {
  const operation = 'createMessage'
  if (!isRecord(input)) throw new ValidationError('INVALID_MESSAGE', `${operation}: expected { conversationId, userId, type, payload, tags }`, [])
  const { key, rest } = withoutIdempotencyKey(input, operation)
  // the key is the integration's: two integrations' keys never meet
  const storedKey = key === undefined ? undefined : JSON.stringify([alias, key])
  const handle = () => handleIncoming(context, alias, rest, storedKey)
  return takesTurn ? inTurn(context.turns, rest['conversationId'], handle, context.backgroundError) : handle()
}

async function handleIncoming(
  context: RuntimeContext,
  alias: string,
  input: { readonly [key: string]: unknown },
  storedKey: string | undefined,
): Promise<{ message: StoredMessage; duplicate: boolean }> {
  const operation = 'createMessage'
  const owner: ClientOwner = { kind: 'integration', alias }
  const shown = (message: StoredMessage, duplicate: boolean) => ({
    message: { ...message, tags: visibleTags(tagView(context.definition, owner, 'message'), message.tags) },
    duplicate,
  })
  if (storedKey !== undefined) {
    const first = await context.store.findByIdempotencyKey(storedKey)
    if (first) return shown(first.message, true)
  }
  const conversationId = input['conversationId']
  const conversation = typeof conversationId === 'string' ? await context.conversations.conversationOf(conversationId) : undefined
  if (typeof conversationId === 'string' && (!conversation || conversation.integration !== alias))
    throw new NotFoundError(conversationId, operation, 'conversation')
  const userId = input['userId']
  if (typeof userId === 'string' && !(await context.conversations.userOf(userId))) throw new NotFoundError(userId, operation, 'user')
  const tags = input['tags']
  let translated = input
  if (conversation && isRecord(tags)) {
    const view = tagView(context.definition, owner, 'message', conversation.channel)
    const { issues, tags: stored } = storedTags(view, 'message', tags, 'tags', false)
    if (issues.length > 0) throw new ValidationError('INVALID_MESSAGE', `${operation}: invalid tags`, issues)
    translated = { ...input, tags: stored }
  }
  // anything else wrong (ids missing, payload, type) is refused by receive, before anything is stored
  try {
    return shown(await receiveMessage(context, translated, storedKey), false)
  } catch (error) {
    // another process stored the key's message while this one waited past its turn's lease
    if (error instanceof DuplicateMessage) return shown(error.stored, true)
    throw error
  }
}

/**
 * `call`: the action call the client is given to (its channel messages belong to it); none
 * outside a call. `takesTurns`: its createMessage runs as a turn (the client
 * `runtime.integration(alias)` gives code outside any handler, a webhook).
 */
export function integrationClient(
  context: RuntimeContext,
  alias: string,
  impl: RunnableIntegration | undefined,
  call: ActiveCall | undefined,
  takesTurns = false,
): LooseIntegrationClient {
  return {
    ...context.conversations.client({ kind: 'integration', alias }),
    // its states need its definition (their schemas): there when its implementation is given
    ...(impl === undefined ? {} : context.integrationStates(alias, impl)),
    emitEvent: (event: unknown) => emitIntegrationEvent(context, alias, event),
    sendChannelMessage: async (message: unknown) =>
      context.channels.send(alias, impl ?? integrationImplementation(context, alias, 'sendChannelMessage'), message, call),
    createMessage: (input: unknown) => incomingMessage(context, alias, input, takesTurns),
  }
}
