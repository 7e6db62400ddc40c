// The createRuntime check that every call hook is keyed by a call that can happen (a typo
// would be a hook that never runs), as eventRegistrations.ts does for event handlers. Message
// hooks are checked when registered: their keys are the fixed message types.

import { own } from '../jsonSchema/own.js'
import { quoted } from '../jsonSchema/quoting.js'
import type { BotDefinition } from './definition.js'
import type { HookRegistration } from './hookTypes.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'

function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

function callHooks(hooks: readonly HookRegistration[] | undefined): HookRegistration[] {
  return (hooks ?? []).filter((h) => (h.kind === 'beforeCallAction' || h.kind === 'afterCallAction') && h.type !== '*')
}

/** Why the bot's call hook key names no call, or undefined. */
function botKeyIssue(definition: BotDefinition, integrations: { readonly [name: string]: RunnableIntegration }, type: string): string | undefined {
  const hash = type.indexOf('#')
  if (hash > 0) {
    const instance = own(definition.plugins, type.slice(0, hash))
    if (!instance) return `bot '${definition.name}' adds no plugin '${type.slice(0, hash)}' (its plugins: ${list(Object.keys(definition.plugins))})`
    const action = type.slice(hash + 1)
    return own(instance.actions, action)
      ? undefined
      : `plugin instance '${type.slice(0, hash)}' has no action '${action}' (its actions: ${list(Object.keys(instance.actions))})`
  }
  const colon = type.indexOf(':')
  const alias = type.slice(0, Math.max(colon, 0))
  const added = colon > 0 ? own(definition.integrations, alias) : undefined
  if (!added)
    return `is not '<integrationAlias>:<action>' of an integration the bot adds, nor '<pluginAlias>#<action>' (its integrations: ${list(Object.keys(definition.integrations))})`
  const impl = own(integrations, added.name)
  const actions = impl?.definition?.kind === 'integration' ? impl.definition.actions : undefined
  const action = type.slice(colon + 1)
  return actions && !own(actions, action)
    ? `integration '${alias}' (${added.name} ${added.version}) has no action '${action}' (its actions: ${list(Object.keys(actions))})`
    : undefined
}

/** Call hooks registered for calls that cannot happen, one line each. */
export function unknownHookRegistrations(
  bot: { readonly definition: BotDefinition; readonly hooks?: readonly HookRegistration[] },
  integrations: { readonly [name: string]: RunnableIntegration },
  plugins: { readonly [name: string]: RunnablePlugin },
): string[] {
  const issues: string[] = []
  for (const { kind, type } of callHooks(bot.hooks)) {
    const issue = botKeyIssue(bot.definition, integrations, type)
    if (issue !== undefined) issues.push(`bot.on.${kind}(${quoted(type)}): ${issue}`)
  }
  const seen = new Set<string>()
  for (const instance of Object.values(bot.definition.plugins)) {
    const impl = own(plugins, instance.name)
    if (impl?.definition?.kind !== 'plugin' || seen.has(instance.name)) continue
    seen.add(instance.name)
    for (const { kind, type } of callHooks(impl.hooks)) {
      const colon = type.indexOf(':')
      const local = type.slice(0, Math.max(colon, 0))
      const dependency = colon > 0 ? own(instance.dependencies, local) : undefined
      const at = `plugin '${instance.name}' on.${kind}(${quoted(type)})`
      if (!dependency)
        issues.push(`${at}: is not '<local>:<action>' of an interface of the plugin (its interfaces: ${list(Object.keys(instance.dependencies))})`)
      else if (!own(dependency.actions, type.slice(colon + 1))) {
        issues.push(
          `${at}: interface '${local}' (${dependency.interfaceName} ${dependency.interfaceVersion}) has no action '${type.slice(colon + 1)}' (its actions: ${list(Object.keys(dependency.actions))})`,
        )
      }
    }
  }
  return issues
}
