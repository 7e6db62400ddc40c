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
import type { RunnableIntegration } from './runnables.js'
import type { RuntimeContext } from './runtimeContext.js'
import { type ClientOwner, storedTags, tagView, visibleTags } from './tagViews.js'

/** The integration client before the generated types narrow it. */
export interface LooseIntegrationClient extends ConversationOperations {
  emitEvent(event: unknown): Promise<void>
  sendChannelMessage(message: unknown): Promise<void>
  createMessage(input: unknown): Promise<{ message: StoredMessage }>
}

/**
 * A message coming in through integration `alias`: its conversation must be one of the
 * integration's and its user a stored one; its tags are the channel's message tags, as the
 * integration names them. Stored and dispatched as `receive` does, with the conversation
 * and user; the integration gets it back with its own tag keys.
 */
export async function incomingMessage(context: RuntimeContext, alias: string, input: unknown): Promise<{ message: StoredMessage }> {
  const operation = 'createMessage'
  const owner: ClientOwner = { kind: 'integration', alias }
  if (!isRecord(input)) throw new ValidationError('INVALID_MESSAGE', `${operation}: expected { conversationId, userId, type, payload, tags }`, [])
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
  const message = await receiveMessage(context, translated)
  return { message: { ...message, tags: visibleTags(tagView(context.definition, owner, 'message'), message.tags) } }
}

/** `call`: the action call the client is given to (its channel messages belong to it); none outside a call. */
export function integrationClient(
  context: RuntimeContext,
  alias: string,
  impl: RunnableIntegration | undefined,
  call: ActiveCall | undefined,
): LooseIntegrationClient {
  return {
    ...context.conversations.client({ kind: 'integration', alias }),
    // its states need its definition (their schemas): there when its implementation is given
    ...(impl === undefined ? {} : context.integrationStates(alias, impl)),
    emitEvent: (event: unknown) => emitIntegrationEvent(context, alias, event),
    sendChannelMessage: async (message: unknown) =>
      context.channels.send(alias, impl ?? integrationImplementation(context, alias, 'sendChannelMessage'), message, call),
    createMessage: (input: unknown) => incomingMessage(context, alias, input),
  }
}
