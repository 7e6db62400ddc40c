// `receive`: an incoming message passes the hooks (the bot's, then each plugin instance's),
// is stored, and is given to the bot's message handlers, then to each plugin instance's,
// in the order the bot adds them.

import { own } from '../jsonSchema/own.js'
import { isThenable } from './awaitable.js'
import { messageThroughHooks } from './hooks.js'
import { incomingHookOwners } from './hookWiring.js'
import { copyValue } from './jsonCopies.js'
import type { StoredMessage } from './messageStore.js'
import type { HandlerRegistrationLike } from './runnables.js'
import type { Handler, RuntimeContext } from './runtimeContext.js'
import { type ClientOwner, tagView, visibleTags } from './tagViews.js'

/** Messages first for the type, then '*'; registration order within each. */
function messageHandlersFor(registrations: readonly HandlerRegistrationLike[], type: string): HandlerRegistrationLike[] {
  return [...registrations.filter((r) => r.type === type), ...registrations.filter((r) => r.type === '*')]
}

/**
 * The runtime's `receive`: the message as stored after every handler ran. With an idempotency
 * key another stored message has, throws DuplicateMessage (messaging.ts) before any handler runs.
 */
export async function receiveMessage(context: RuntimeContext, input: unknown, idempotencyKey?: string): Promise<StoredMessage> {
  const owners = incomingHookOwners(context.hooks)
  let message: StoredMessage
  if (owners.length > 0) {
    const limit = { limitMs: context.limits.handlerMs, clock: context.limits.clock }
    const verdict = await messageThroughHooks('beforeIncomingMessage', owners, input, context.messaging, 'receive', true, limit, idempotencyKey)
    if (verdict.stopped) return verdict.message // stored, but no handler runs
    message = verdict.message
  } else message = await context.messaging.create(input, 'receive', idempotencyKey)
  // a conversation of an integration's channel and a stored sender come with their records, each client seeing its own tag keys
  // not awaited when they come at once (the in-memory store): no promise turn
  let conversationRecord = context.conversations.conversationOf(message.conversationId)
  if (isThenable(conversationRecord)) conversationRecord = await conversationRecord
  let userRecord = context.conversations.userOf(message.userId)
  if (isThenable(userRecord)) userRecord = await userRecord
  const partiesFor = (owner: ClientOwner) => ({
    conversation: conversationRecord ? context.conversations.show(owner, conversationRecord) : { id: message.conversationId },
    ...(userRecord && { user: context.conversations.showUser(owner, userRecord) }),
  })
  const failed = (owner: string, type: string) => () => ({
    owner,
    registeredFor: type,
    messageId: message.id,
    message: `receive: ${owner === 'bot' ? "the bot's handler" : `the handler of plugin instance '${owner}'`} for '${type}' messages failed on message ${message.id}`,
  })
  for (const registration of messageHandlersFor(context.bot.messageHandlers, message.type)) {
    const args = { message: copyValue(message), client: context.botClient, ctx: { botId: context.botId }, ...partiesFor({ kind: 'bot' }) }
    await context.runHandler(registration.handler as Handler, args, failed('bot', registration.type))
  }
  for (const [alias, instance] of Object.entries(context.definition.plugins)) {
    const impl = own(context.plugins, instance.name)
    if (!impl) continue // not given: it has no handlers to run (its actions fail with MISSING_IMPLEMENTATION)
    const registrations = messageHandlersFor(impl.messageHandlers, message.type)
    if (registrations.length === 0) continue
    const ctx = { configuration: context.dispatchConfiguration(alias, impl, failed(alias, registrations[0]?.type ?? message.type)), botId: context.botId }
    const parties = partiesFor({ kind: 'plugin', alias })
    for (const registration of registrations) {
      // the plugin's own message tags, unprefixed, as its client shows them
      const own = { ...copyValue(message), tags: visibleTags(tagView(context.definition, { kind: 'plugin', alias }, 'message'), message.tags) }
      const args = { message: own, client: context.pluginClient(alias), ctx, ...parties }
      await context.runHandler(registration.handler as Handler, args, failed(alias, registration.type))
    }
  }
  return (await context.messaging.find(message.id)) ?? message
}
