// The bot's own events (docs/runtime.md#the-bots-own-events): declared in the bot's
// `events`, emitted by name by its client (or by the runtime, on a recurrence), validated
// against their schema and given to the bot's `on.event` handlers for that name.

import { own } from '../jsonSchema/own.js'
import type { JsonSchema } from './definition.js'
import { UnknownTargetError, ValidationError } from './errors.js'
import { copyValue } from './jsonCopies.js'
import type { Handler, RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'
import { type SchemaDefinitions, validateValue } from './validation.js'

/** One object for every schema without definitions: validators are cached per definitions object (validation.ts). */
export const NO_DEFINITIONS: SchemaDefinitions = Object.freeze({})

/** A schema of the bot's own carries what its `$message`s refer to in its own `definitions` (docs/generated-code.md#states). */
export function ownDefinitions(schema: JsonSchema): SchemaDefinitions {
  const definitions = (schema as { definitions?: unknown }).definitions
  return typeof definitions === 'object' && definitions !== null ? (definitions as SchemaDefinitions) : NO_DEFINITIONS
}

/** Own event `name` of the bot, with its payload. */
export async function emitOwnEvent(context: RuntimeContext, name: string, rawPayload: unknown): Promise<void> {
  const events = context.definition.events ?? {}
  const eventDef = own(events, name)
  if (!eventDef) {
    throw new UnknownTargetError(
      'UNKNOWN_EVENT',
      `emitEvent: bot '${context.definition.name}' has no event '${name}' (its own events: ${list(Object.keys(events))}; an integration's is '<alias>:<event>')`,
    )
  }
  const issues = validateValue(rawPayload, eventDef.schema, ownDefinitions(eventDef.schema), 'payload', context.valueLimits)
  if (issues.length > 0) throw new ValidationError('INVALID_EVENT', `invalid payload for event '${name}'`, issues)
  await runBotEventHandlers(context, name, copyValue(rawPayload))
}

/** The bot's `on.event` handlers for `type`, one after the other, each with its own copy of the (validated) payload. */
export async function runBotEventHandlers(context: RuntimeContext, type: string, payload: unknown): Promise<void> {
  for (const registration of context.bot.eventHandlers.filter((r) => r.type === type)) {
    const args = { event: { type, payload: copyValue(payload) }, client: context.botClient, ctx: { botId: context.botId } }
    await context.runHandler(registration.handler as Handler, args, () => ({
      owner: 'bot',
      registeredFor: type,
      message: `emitEvent: the bot's handler for event '${type}' failed`,
    }))
  }
}
