// Integration events: from the bot's `emitEvent` ('<integrationAlias>:<event>') or an
// integration's client, validated against the event's schema, then given to the bot's
// handlers and to each plugin instance wired to that integration under the interface's
// own event name. Plugin instances' own events are pluginEvents.ts'.

import { isRecord, own } from '../jsonSchema/own.js'
import { UnknownTargetError, ValidationError } from './errors.js'
import { integrationImplementation } from './implementations.js'
import { copyValue } from './jsonCopies.js'
import { emitOwnEvent, runBotEventHandlers } from './ownEvents.js'
import type { Handler, RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'
import { refusedIfUnreadable } from './unreadableArguments.js'
import { validateValue } from './validation.js'

/** `emitEvent` of the bot's client: `{ type: '<integrationAlias>:<event>', payload }`, or an own event's name. */
export async function emitBotEvent(context: RuntimeContext, given: unknown): Promise<void> {
  let event: unknown
  try {
    event = isRecord(given) ? { type: given['type'], payload: given['payload'] } : given
  } catch (error) {
    throw refusedIfUnreadable(error, given, 'emitEvent', ['type', 'payload'])
  }
  const type = isRecord(event) ? event['type'] : undefined
  const colon = typeof type === 'string' ? type.indexOf(':') : -1
  // a name without ':' is one of the bot's own events
  if (typeof type === 'string' && colon < 0 && type !== '' && !type.includes('#'))
    return emitOwnEvent(context, type, (event as { [key: string]: unknown })['payload'])
  if (typeof type !== 'string' || colon <= 0) {
    throw new UnknownTargetError(
      'UNKNOWN_EVENT',
      `emitEvent: expected { type: '<integrationAlias>:<event>' or the name of one of the bot's own events, payload }`,
    )
  }
  await emitIntegrationEvent(context, type.slice(0, colon), { type: type.slice(colon + 1), payload: (event as { [key: string]: unknown })['payload'] })
}

/** Event `{ type, payload }` of the integration the bot adds as `alias`. */
export async function emitIntegrationEvent(context: RuntimeContext, alias: string, event: unknown): Promise<void> {
  const name = isRecord(event) ? event['type'] : undefined
  if (typeof name !== 'string') throw new UnknownTargetError('UNKNOWN_EVENT', `emitEvent of integration '${alias}': expected { type, payload }`)
  const label = `event '${alias}:${name}'`
  if (!own(context.definition.integrations, alias)) {
    throw new UnknownTargetError(
      'UNKNOWN_EVENT',
      `${label}: bot '${context.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(context.definition.integrations))})`,
    )
  }
  const impl = integrationImplementation(context, alias, label)
  const eventDef = own(impl.definition.events, name)
  if (!eventDef) {
    throw new UnknownTargetError(
      'UNKNOWN_EVENT',
      `${label}: integration '${impl.definition.name}' ${impl.definition.version} has no event '${name}' (its events: ${list(Object.keys(impl.definition.events))})`,
    )
  }
  const rawPayload = (event as { [key: string]: unknown })['payload']
  const issues = validateValue(rawPayload, eventDef.schema, impl.definition.definitions, 'payload', context.valueLimits)
  if (issues.length > 0) throw new ValidationError('INVALID_EVENT', `invalid payload for ${label}`, issues)
  const payload = copyValue(rawPayload)

  const botType = `${alias}:${name}`
  await runBotEventHandlers(context, botType, payload)
  for (const [pluginAlias, instance] of Object.entries(context.definition.plugins)) {
    const pluginImpl = own(context.plugins, instance.name)
    if (!pluginImpl) continue
    for (const [local, dependency] of Object.entries(instance.dependencies)) {
      if (dependency.integrationAlias !== alias) continue
      const interfaceEvent = Object.keys(dependency.events).find((k) => dependency.events[k] === name)
      if (interfaceEvent === undefined) continue
      const pluginType = `${local}:${interfaceEvent}`
      const registrations = pluginImpl.eventHandlers.filter((r) => r.type === pluginType)
      if (registrations.length === 0) continue
      const failedEvent = () => ({
        owner: pluginAlias,
        registeredFor: pluginType,
        message: `emitEvent: the handler of plugin instance '${pluginAlias}' for event '${pluginType}' (${botType}) failed`,
      })
      const ctx = { configuration: context.dispatchConfiguration(pluginAlias, pluginImpl, failedEvent), botId: context.botId }
      for (const registration of registrations) {
        const args = { event: { type: pluginType, payload: copyValue(payload) }, client: context.pluginClient(pluginAlias), ctx }
        await context.runHandler(registration.handler as Handler, args, failedEvent)
      }
    }
  }
}
