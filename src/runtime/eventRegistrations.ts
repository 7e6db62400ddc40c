// The createRuntime check that every event handler is registered for an event that can
// happen (docs/runtime.md dispatches by exact names: a typo would be a handler that never runs).

import { own } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import type { BotDefinition } from './definition.js'
import { pluginEventRegistrationIssue } from './pluginEvents.js'
import type { HandlerRegistrationLike, RunnableIntegration, RunnablePlugin } from './runnables.js'

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

/**
 * Event handlers registered for events that cannot happen: they would never run. The
 * bot's `'<alias>:<event>'` against the integration's final event names (when its
 * implementation is given: the bot's definition does not list them); a plugin's
 * `'<local>:<event>'` against the interface events its instances are wired to.
 */
export function unknownEventRegistrations(
  bot: { readonly definition: BotDefinition; readonly eventHandlers: readonly HandlerRegistrationLike[] },
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
): string[] {
  const issues: string[] = []
  for (const { type } of bot.eventHandlers) {
    if (type.includes('#')) {
      const issue = pluginEventRegistrationIssue(bot.definition, type)
      if (issue !== undefined) issues.push(issue)
      continue
    }
    const colon = type.indexOf(':')
    if (colon < 0) {
      // one of the bot's own events
      const ownEvents = bot.definition.events ?? {}
      if (!own(ownEvents, type))
        issues.push(`bot.on.event(${quoted(type)}): bot '${bot.definition.name}' has no event '${type}' (its own events: ${list(Object.keys(ownEvents))})`)
      continue
    }
    const alias = type.slice(0, colon)
    const event = type.slice(colon + 1)
    const added = own(bot.definition.integrations, alias)
    if (!added) {
      issues.push(
        `bot.on.event(${quoted(type)}): bot '${bot.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(bot.definition.integrations))})`,
      )
      continue
    }
    const impl = own(integrations, added.name)
    const events = impl?.definition?.kind === 'integration' ? impl.definition.events : undefined
    if (events && !own(events, event)) {
      issues.push(
        `bot.on.event(${quoted(type)}): integration '${alias}' (${added.name} ${added.version}) has no event '${event}' (its events: ${list(Object.keys(events))})`,
      )
    }
  }
  const seen = new Set<string>()
  for (const instance of Object.values(bot.definition.plugins)) {
    const impl = own(plugins, instance.name)
    // what is not a generated Plugin is reported by checkOptions already
    if (impl?.definition?.kind !== 'plugin' || !Array.isArray(impl.eventHandlers) || seen.has(instance.name)) continue
    seen.add(instance.name)
    for (const { type } of impl.eventHandlers) {
      const colon = type.indexOf(':')
      const local = type.slice(0, colon)
      const dependency = own(instance.dependencies, local)
      if (!dependency) {
        issues.push(
          `plugin '${instance.name}' on.event(${quoted(type)}): the plugin has no interface '${local}' (its interfaces: ${list(Object.keys(instance.dependencies))})`,
        )
      } else if (!own(dependency.events, type.slice(colon + 1))) {
        issues.push(
          `plugin '${instance.name}' on.event(${quoted(type)}): interface '${local}' (${dependency.interfaceName} ${dependency.interfaceVersion}) has no event '${type.slice(colon + 1)}' (its events: ${list(Object.keys(dependency.events))})`,
        )
      }
    }
  }
  return issues
}
