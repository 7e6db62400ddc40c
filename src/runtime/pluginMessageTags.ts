// A plugin instance's messaging calls see its own message tags only, unprefixed, as its
// conversation and user calls do (docs/definitions.md#tags): what it writes is stored as
// '<alias>#<key>', what it reads shows its keys without the prefix and no other's.

import { isRecord } from '../jsonSchema/own.js'
import { ValidationError } from './errors.js'
import type { StoredMessage } from './messageStore.js'
import type { LooseClient } from './runtimeContext.js'
import { storedTags, type TagView, visibleTags } from './tagViews.js'

/** Wraps `client`'s messaging calls (after hooks and delivery, which work in stored keys) in the plugin's view. */
export function withOwnMessageTags(client: LooseClient, view: TagView): void {
  const show = (message: StoredMessage): StoredMessage => ({ ...message, tags: visibleTags(view, message.tags) })
  const stored = (input: unknown, operation: string, removable: boolean, code: 'INVALID_MESSAGE' | 'INVALID_ARGUMENT'): unknown => {
    if (!isRecord(input) || !isRecord(input['tags'])) return input // the call itself says what is missing
    const { issues, tags } = storedTags(view, 'message', input['tags'], 'tags', removable)
    if (issues.length > 0) throw new ValidationError(code, `${operation}: invalid tags`, issues)
    return { ...input, tags }
  }
  const { createMessage, getMessage, listMessages, updateMessage } = client
  type Created = Awaited<ReturnType<typeof createMessage>>
  client.createMessage = (async (input: unknown) => {
    const result = (await createMessage(stored(input, 'createMessage', false, 'INVALID_MESSAGE') as never)) as Created
    return { ...result, message: show(result.message as StoredMessage) }
  }) as typeof createMessage
  client.getMessage = async (input) => ({ message: show((await getMessage(input)).message as StoredMessage) })
  client.listMessages = async (input) => {
    const page = await listMessages(input)
    return { ...page, messages: page.messages.map((m) => show(m as StoredMessage)) }
  }
  client.updateMessage = async (input) => ({
    message: show((await updateMessage(stored(input, 'updateMessage', true, 'INVALID_ARGUMENT') as typeof input)).message as StoredMessage),
  })
}
