// `sendChannelMessage` of the bot's client: '<integrationAlias>:<channel>' names the
// integration, whose channel router (channels.ts) checks and delivers the message.

import { isRecord, own } from '../jsonSchema/own.js'
import { UnknownTargetError } from './errors.js'
import { integrationImplementation } from './implementations.js'
import type { RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'

export async function sendBotChannelMessage(context: RuntimeContext, message: unknown): Promise<void> {
  const channel = isRecord(message) ? message['channel'] : undefined
  const colon = typeof channel === 'string' ? channel.indexOf(':') : -1
  if (typeof channel !== 'string' || colon <= 0) {
    throw new UnknownTargetError('UNKNOWN_CHANNEL', `sendChannelMessage: expected { channel: '<integrationAlias>:<channel>', type, payload }`)
  }
  const alias = channel.slice(0, colon)
  if (!own(context.definition.integrations, alias)) {
    throw new UnknownTargetError(
      'UNKNOWN_CHANNEL',
      `sendChannelMessage '${channel}': bot '${context.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(context.definition.integrations))})`,
    )
  }
  const impl = integrationImplementation(context, alias, `sendChannelMessage '${channel}'`)
  await context.channels.send(alias, impl, { ...(message as object), channel: channel.slice(colon + 1) }, undefined)
}
