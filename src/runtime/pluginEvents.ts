// A plugin's own events (docs/runtime.md#plugin-events): its client's `emitEvent` validates the
// payload against the emitting instance's dereferenced schema and runs the bot's handlers for
// `'<pluginAlias>#<event>'`, the key that names a plugin instance's actions in callAction too.

import { isRecord, own } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import type { BotDefinition } from './definition.js'
import { UnknownTargetError, ValidationError } from './errors.js'
import { copyValue } from './jsonCopies.js'
import type { HandlerRegistrationLike } from './runnables.js'
import { validateValue } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** What dispatching a plugin event needs of the runtime: its wiring, the bot's client and handlers, bounded handler runs. */
export interface PluginEventTarget {
  readonly definition: BotDefinition
  readonly botId: string
  readonly botClient: object
  readonly valueLimits: ValueLimits
  readonly bot: { readonly eventHandlers: readonly HandlerRegistrationLike[] }
  /** runs a handler under the handlers' time limit, with its `signal` (docs/runtime.md#time-limits) */
  runHandler(handler: (args: never) => unknown, args: object, describe: () => { owner: string; registeredFor: string; message: string }): Promise<void>
}

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

/** `emitEvent` of plugin instance `alias`'s client: `{ type: '<event>', payload }`, the event's name in the plugin. */
export async function emitPluginEvent(target: PluginEventTarget, alias: string, event: unknown): Promise<void> {
  const name = isRecord(event) ? event['type'] : undefined
  if (typeof name !== 'string') throw new UnknownTargetError('UNKNOWN_EVENT', `emitEvent of plugin instance '${alias}': expected { type, payload }`)
  const instance = own(target.definition.plugins, alias)
  const eventDef = instance && own(instance.events, name)
  const botType = `${alias}#${name}`
  if (!instance || !eventDef) {
    const owner = instance ? `plugin '${instance.name}' ${instance.version}` : `plugin instance '${alias}'`
    throw new UnknownTargetError(
      'UNKNOWN_EVENT',
      `event '${botType}': ${owner} has no event '${name}' (its events: ${list(Object.keys(instance?.events ?? {}))})`,
    )
  }
  const rawPayload = (event as { [key: string]: unknown })['payload']
  // the instance's schemas: its entity references replaced by the wired integrations' entities
  const issues = validateValue(rawPayload, eventDef.schema, instance.definitions, 'payload', target.valueLimits)
  if (issues.length > 0) throw new ValidationError('INVALID_EVENT', `invalid payload for event '${botType}'`, issues)
  for (const registration of target.bot.eventHandlers) {
    if (registration.type !== botType) continue
    const args = { event: { type: botType, payload: copyValue(rawPayload) }, client: target.botClient, ctx: { botId: target.botId } }
    await target.runHandler(registration.handler, args, () => ({
      owner: 'bot',
      registeredFor: botType,
      message: `emitEvent: the bot's handler for event '${botType}' failed`,
    }))
  }
}

/**
 * createRuntime's check of a bot handler registered for `'<pluginAlias>#<event>'`: the bot
 * must add that plugin instance, and its plugin must declare that event (else the handler
 * would never run). Undefined when it can happen.
 */
export function pluginEventRegistrationIssue(definition: BotDefinition, type: string): string | undefined {
  const hash = type.indexOf('#')
  const alias = type.slice(0, hash)
  const name = type.slice(hash + 1)
  const instance = own(definition.plugins, alias)
  if (!instance) {
    return `bot.on.event(${quoted(type)}): bot '${definition.name}' adds no plugin '${alias}' (its plugins: ${list(Object.keys(definition.plugins))})`
  }
  if (!own(instance.events, name)) {
    return `bot.on.event(${quoted(type)}): plugin instance '${alias}' (${instance.name} ${instance.version}) has no event '${name}' (its events: ${list(Object.keys(instance.events))})`
  }
  return undefined
}
