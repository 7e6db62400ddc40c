// Fail fast on wiring (docs/runtime.md#fail-fast-on-wiring): every implementation and action
// handler the bot needs but was not given, found at start-up rather than at the first call.

import { own } from '../jsonSchema/own.js'
import type { BotDefinition } from './definition.js'
import { MissingImplementationError } from './errors.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'

function quoted(names: readonly string[]): string {
  return names.map((n) => `'${n}'`).join(', ')
}

/** Per integration or plugin NAME the bot adds, the aliases that add it, in the bot's order. */
function byName(added: { readonly [alias: string]: { name: string } }): Map<string, string[]> {
  const names = new Map<string, string[]>()
  for (const [alias, { name }] of Object.entries(added)) names.set(name, [...(names.get(name) ?? []), alias])
  return names
}

/** The handlers a given implementation lacks, for the actions its definition declares. */
function missingHandlers(kind: 'integration' | 'plugin', name: string, impl: RunnableIntegration | RunnablePlugin): string[] {
  const handlers = impl.actions as { readonly [action: string]: unknown }
  return Object.keys(impl.definition.actions)
    .filter((action) => typeof own(handlers, action) !== 'function')
    .map((action) => `${kind} '${name}': no handler for action '${action}'`)
}

/**
 * One line per implementation the bot adds but was not given, and per action handler a given
 * implementation lacks. What is given but wrong (another name, version) is createRuntime's
 * INVALID_RUNTIME_OPTIONS, reported before this runs.
 */
export function missingImplementations(
  definition: BotDefinition,
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
): string[] {
  const missing: string[] = []
  // a disabled integration needs no implementation: nothing of it runs
  const enabled = Object.fromEntries(Object.entries(definition.integrations).filter(([, wiring]) => wiring.enabled !== false))
  for (const [name, aliases] of byName(enabled)) {
    const impl = own(integrations, name)
    if (impl) missing.push(...missingHandlers('integration', name, impl))
    else missing.push(`integration '${name}' (alias ${quoted(aliases)}): not given (integrations: { '${name}': new Integration({ actions }) })`)
  }
  for (const [name, aliases] of byName(definition.plugins)) {
    const impl = own(plugins, name)
    if (impl) missing.push(...missingHandlers('plugin', name, impl))
    else missing.push(`plugin '${name}' (instance ${quoted(aliases)}): not given (plugins: { '${name}': new Plugin({ actions }) })`)
  }
  return missing
}

/** Throws one MissingImplementationError that lists everything missing, if anything is. */
export function verifyWiring(
  definition: BotDefinition,
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
): void {
  const missing = missingImplementations(definition, integrations, plugins)
  if (missing.length > 0) {
    throw new MissingImplementationError(`bot '${definition.name}' needs implementations that were not given: ${missing.join('; ')}`, missing)
  }
}
