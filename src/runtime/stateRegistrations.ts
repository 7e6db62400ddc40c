// The createRuntime check that every `on.stateExpired` handler names a state its owner
// declares (a typo would be a handler that never runs). Any declared state may expire:
// setStateExpiry gives one without a declared expiry an expiry of its own.

import { own } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import type { BotDefinition } from './definition.js'
import type { RunnableBot, RunnablePlugin } from './runnables.js'

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

export function unknownStateRegistrations(bot: RunnableBot, plugins: { readonly [name: string]: RunnablePlugin }): string[] {
  const issues: string[] = []
  const definition: BotDefinition = bot.definition
  const botStates = definition.states ?? {}
  for (const { name } of bot.stateExpiredHandlers ?? []) {
    if (!own(botStates, name))
      issues.push(`bot.on.stateExpired(${quoted(name)}): bot '${definition.name}' has no state '${name}' (its states: ${list(Object.keys(botStates))})`)
  }
  const seen = new Set<string>()
  for (const instance of Object.values(definition.plugins)) {
    const impl = own(plugins, instance.name)
    if (impl?.definition?.kind !== 'plugin' || seen.has(instance.name)) continue
    seen.add(instance.name)
    const states = impl.definition.states ?? {}
    for (const { name } of impl.stateExpiredHandlers ?? []) {
      if (!own(states, name))
        issues.push(`plugin '${instance.name}' on.stateExpired(${quoted(name)}): the plugin has no state '${name}' (its states: ${list(Object.keys(states))})`)
    }
  }
  return issues
}
