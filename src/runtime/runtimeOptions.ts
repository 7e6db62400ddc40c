// The check of createRuntime's options, before anything runs: each implementation given is
// the generated one of an integration or plugin the bot adds, at the version it adds;
// every handler, hook and channel registration names something that exists; the time
// limits name real actions and handlers. All problems at once, in one ValidationError.

import { quoted } from '../jsonSchema/quoting.js'
import { unknownChannelRegistrations } from './channels.js'
import { clockOptionIssues } from './clock.js'
import { ValidationError } from './errors.js'
import { unknownEventRegistrations } from './eventRegistrations.js'
import { unknownHookRegistrations } from './hookRegistrations.js'
import type { RunnableBot, RunnableIntegration, RunnablePlugin } from './runnables.js'
import { unknownStateRegistrations } from './stateRegistrations.js'
import type { TimeLimits } from './timeLimits.js'
import { valueLimitOptionIssues } from './valueLimits.js'

export interface GivenOptions {
  bot: RunnableBot
  integrations: { readonly [name: string]: RunnableIntegration }
  plugins: { readonly [name: string]: RunnablePlugin }
  limits: TimeLimits
  /** `createRuntime({ valueLimits })` as given */
  valueLimits: unknown
  /** `createRuntime({ clock })` as given */
  clock: unknown
  botId: string
}

/** `a, b` or `none`. */
export function list(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : 'none'
}

export function checkRuntimeOptions(given: GivenOptions): void {
  const issues: string[] = []
  const def = given.bot.definition
  const check = (
    kind: 'integration' | 'plugin',
    given: { readonly [name: string]: RunnableIntegration | RunnablePlugin },
    added: { readonly [alias: string]: { name: string; version: string } },
  ): void => {
    const usedNames = [...new Set(Object.values(added).map((a) => a.name))].sort()
    for (const [name, impl] of Object.entries(given)) {
      const at = `${kind}s[${quoted(name)}]`
      const implDef = (impl as { definition?: { kind?: unknown; name?: unknown; version?: unknown } } | undefined)?.definition
      if (!implDef || implDef.kind !== kind) {
        issues.push(
          `${at}: expected a generated ${kind === 'integration' ? 'Integration' : 'Plugin'} (new ${kind === 'integration' ? 'Integration' : 'Plugin'}({ actions }))`,
        )
        continue
      }
      if (implDef.name !== name) {
        issues.push(`${at}: is ${kind} '${String(implDef.name)}'; key each ${kind} by its name`)
        continue
      }
      const versions = [
        ...new Set(
          Object.values(added)
            .filter((a) => a.name === name)
            .map((a) => a.version),
        ),
      ]
      if (versions.length === 0) {
        issues.push(`${at}: bot '${def.name}' adds no ${kind} '${name}' (it adds ${list(usedNames)})`)
      } else if (!versions.includes(String(implDef.version))) {
        issues.push(
          `${at}: is version ${String(implDef.version)}, but bot '${def.name}' uses ${name} ${versions.join(', ')} (pass the ${kind} generated for that version)`,
        )
      }
    }
  }
  check('integration', given.integrations, def.integrations)
  check('plugin', given.plugins, def.plugins)
  issues.push(...unknownEventRegistrations(given.bot, given.integrations, given.plugins))
  issues.push(...unknownHookRegistrations(given.bot, given.integrations, given.plugins))
  issues.push(...unknownStateRegistrations(given.bot, given.plugins))
  issues.push(...unknownChannelRegistrations(given.bot, given.integrations, given.plugins))
  issues.push(...given.limits.issues(def, given.integrations))
  issues.push(...valueLimitOptionIssues(given.valueLimits))
  issues.push(...clockOptionIssues(given.clock))
  if (typeof given.botId !== 'string' || given.botId === '') issues.push('botId: must be a non-empty string')
  if (issues.length > 0) throw new ValidationError('INVALID_RUNTIME_OPTIONS', 'createRuntime: invalid options', issues)
}
