// Whose states a client's state calls reach (docs/runtime.md#states): the bot's own, a
// plugin instance's (kept apart per instance, each with the plugin's states as that
// instance's definition carries them), an integration's (per alias). Each owner also runs
// its `on.stateExpired` handlers when one of its states expires.

import { own } from '../jsonSchema/own.js'
import { copyJson } from './jsonCopies.js'
import { NO_DEFINITIONS, ownDefinitions } from './ownEvents.js'
import type { RunnableIntegration } from './runnables.js'
import type { Handler, RuntimeContext } from './runtimeContext.js'
import type { StateOwner } from './states.js'
import type { StateExpiredRegistration, StateRecord } from './stateTypes.js'

/** Runs the handlers registered for the expired state's name, one after the other. */
async function runExpiredHandlers(
  context: RuntimeContext,
  registrations: readonly StateExpiredRegistration[] | undefined,
  state: StateRecord<unknown>,
  owner: string,
  args: () => { client: object; ctx: object },
): Promise<void> {
  for (const registration of registrations ?? []) {
    if (registration.name !== state.name) continue
    await context.runHandler(registration.handler as Handler, { state: copyJson(state), ...args() }, () => ({
      owner,
      registeredFor: `stateExpired:${state.name}`,
      message: `the ${owner === 'bot' ? "bot's" : `plugin instance '${owner}'`} handler for the expiry of state '${state.name}' failed`,
    }))
  }
}

export function botStateOwner(context: RuntimeContext): StateOwner {
  return {
    owner: 'bot',
    label: `bot '${context.definition.name}'`,
    states: context.definition.states ?? {},
    definitionsFor: ownDefinitions,
    expired: (state) =>
      runExpiredHandlers(context, context.bot.stateExpiredHandlers, state, 'bot', () => ({ client: context.botClient, ctx: { botId: context.botId } })),
  }
}

export function pluginStateOwner(context: RuntimeContext, alias: string): StateOwner {
  const instance = own(context.definition.plugins, alias)
  return {
    owner: `#${alias}`,
    label: `plugin instance '${alias}'`,
    states: instance?.states ?? {},
    definitionsFor: () => instance?.definitions ?? NO_DEFINITIONS,
    expired: async (state) => {
      const impl = instance && own(context.plugins, instance.name)
      if (!impl) return
      const describe = () => ({
        owner: alias,
        registeredFor: `stateExpired:${state.name}`,
        message: `the expiry of state '${state.name}' of plugin instance '${alias}'`,
      })
      const args = () => ({
        client: context.pluginClient(alias),
        ctx: { configuration: context.dispatchConfiguration(alias, impl, describe), botId: context.botId },
      })
      await runExpiredHandlers(context, impl.stateExpiredHandlers, state, alias, args)
    },
  }
}

/** An integration's states have no expiry (docs/definitions.md#states), so no handlers either. */
export function integrationStateOwner(alias: string, impl: RunnableIntegration): StateOwner {
  return {
    owner: `:${alias}`,
    label: `integration '${alias}' (${impl.definition.name} ${impl.definition.version})`,
    states: impl.definition.states ?? {},
    definitionsFor: () => impl.definition.definitions,
  }
}
