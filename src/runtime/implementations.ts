// The implementations a running bot was given, looked up through its wiring: an alias the
// bot does not add is UNKNOWN_ACTION, an integration the bot disables (`enabled: false`) is
// INTEGRATION_DISABLED, an implementation not given is MISSING_IMPLEMENTATION.

import { own } from '../jsonSchema/own.js'
import { MissingImplementationError, RuntimeError, UnknownTargetError } from './errors.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'
import type { RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'

function described(forWhat: string | (() => string)): string {
  return typeof forWhat === 'string' ? forWhat : forWhat()
}

/** The hint for an alias written with the other separator: `'<plugin>:…'` for `'<plugin>#…'`, `'<integration>#…'` for `'<integration>:…'`. */
function otherSeparator(context: RuntimeContext, is: 'plugin' | 'integration', alias: string): string {
  if (is === 'plugin') return own(context.definition.plugins, alias) ? `; '${alias}' is a plugin instance of it, written '${alias}#<name>'` : ''
  return own(context.definition.integrations, alias) ? `; '${alias}' is an integration of it, written '${alias}:<name>'` : ''
}

/** How the bot adds the integration at `alias`: UNKNOWN_ACTION when it adds none there, INTEGRATION_DISABLED when it disables it. */
export function enabledIntegrationWiring(context: RuntimeContext, alias: string, forWhat: string | (() => string)): { name: string } {
  const wiring = own(context.definition.integrations, alias)
  if (!wiring)
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `${described(forWhat)}: bot '${context.definition.name}' adds no integration '${alias}' (its integrations: ${list(Object.keys(context.definition.integrations))})${otherSeparator(context, 'plugin', alias)}`,
    )
  // its actions, channel messages, events and webhook: nothing of a disabled integration runs (docs/runtime.md#disabled-integrations)
  if (wiring.enabled === false) {
    throw new RuntimeError(
      'INTEGRATION_DISABLED',
      `${described(forWhat)}: integration '${alias}' (${wiring.name}) is disabled in bot '${context.definition.name}' (enabled: false); enable it in the bot's definition to use it`,
    )
  }
  return wiring
}

/**
 * The implementation of the integration the bot adds as `alias`; `forWhat` starts the error
 * message (a function when making it costs: it is called only for an error).
 */
export function integrationImplementation(context: RuntimeContext, alias: string, forWhat: string | (() => string)): RunnableIntegration {
  const wiring = enabledIntegrationWiring(context, alias, forWhat)
  const impl = own(context.integrations, wiring.name)
  if (!impl) {
    throw new MissingImplementationError(
      `${described(forWhat)}: no implementation of integration '${wiring.name}' (alias '${alias}') was given: pass createRuntime({ integrations: { '${wiring.name}': new Integration({ actions }) } })`,
    )
  }
  return impl
}

/** The implementation of the plugin the bot adds as instance `alias`; `forWhat` starts the error message. */
export function pluginImplementation(context: RuntimeContext, alias: string, forWhat: string): RunnablePlugin {
  const wiring = own(context.definition.plugins, alias)
  if (!wiring)
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `${forWhat}: bot '${context.definition.name}' adds no plugin '${alias}' (its plugins: ${list(Object.keys(context.definition.plugins))})${otherSeparator(context, 'integration', alias)}`,
    )
  const impl = own(context.plugins, wiring.name)
  if (!impl) {
    throw new MissingImplementationError(
      `${forWhat}: no implementation of plugin '${wiring.name}' (instance '${alias}') was given: pass createRuntime({ plugins: { '${wiring.name}': new Plugin({ actions }) } })`,
    )
  }
  return impl
}
