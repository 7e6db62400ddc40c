// The runtime's side of hooks (hooks.ts runs them): whose hooks see an incoming message, an
// outgoing message or an action call, following the bot's wiring (docs/runtime.md#hooks), and
// the output schema an answer a hook gives is validated against. Every function here returns
// at once when no owner has hooks, so a bot without any pays nothing.

import { own } from '../jsonSchema/own.js'
import type { AbortSignalLike } from './channelTypes.js'
import type { Clock } from './clock.js'
import type { BotDefinition, JsonSchema, JsonValue } from './definition.js'
import { ValidationError } from './errors.js'
import { type CallHookStep, callThroughHooks, type HookOwner, messageThroughHooks } from './hooks.js'
import type { HookRegistration } from './hookTypes.js'
import type { Messaging } from './messaging.js'
import type { RunnableIntegration, RunnablePlugin } from './runnables.js'
import { type SchemaDefinitions, validateValue } from './validation.js'
import type { ValueLimits } from './valueLimits.js'

/** What hooks need of the runtime: the wiring, and the clients and configurations hooks get. */
export interface HookWiring {
  readonly definition: BotDefinition
  readonly bot: { readonly hooks?: readonly HookRegistration[] }
  readonly integrations: { readonly [name: string]: RunnableIntegration }
  readonly plugins: { readonly [name: string]: RunnablePlugin }
  readonly botId: string
  readonly messaging: Messaging
  /** each hook's time limit: the handlers' (docs/runtime.md#time-limits) */
  readonly handlerLimitMs: number
  /** where time limits are measured */
  readonly clock: Clock
  /** the limits on values from outside: an output a hook gives is held to them too */
  readonly valueLimits: ValueLimits
  botClient(): object
  pluginClient(alias: string): object
  /** throws when it cannot be resolved: the hook then "could not run" */
  pluginConfiguration(alias: string, impl: RunnablePlugin): JsonValue
}

/** The owners whose hooks see what `plugin` (or the bot, when undefined) does: the plugin instance's, then the bot's. */
export function hookOwners(wiring: HookWiring, plugin: string | undefined): HookOwner[] {
  const owners: HookOwner[] = []
  if (plugin !== undefined) {
    const impl = own(wiring.plugins, own(wiring.definition.plugins, plugin)?.name ?? '')
    if (impl?.hooks && impl.hooks.length > 0) {
      owners.push({
        name: plugin,
        hooks: impl.hooks,
        context: () => ({ client: wiring.pluginClient(plugin), ctx: { configuration: wiring.pluginConfiguration(plugin, impl), botId: wiring.botId } }),
      })
    }
  }
  const botHooks = wiring.bot.hooks
  if (botHooks && botHooks.length > 0) {
    owners.push({ name: 'bot', hooks: botHooks, context: () => ({ client: wiring.botClient(), ctx: { botId: wiring.botId } }) })
  }
  return owners
}

/** Incoming messages pass the bot's hooks, then each plugin instance's in the order the bot adds them. */
export function incomingHookOwners(wiring: HookWiring): HookOwner[] {
  const owners = hookOwners(wiring, undefined)
  for (const alias of Object.keys(wiring.definition.plugins)) owners.push(...hookOwners(wiring, alias).filter((o) => o.name !== 'bot'))
  return owners
}

/** `createMessage` through the beforeOutgoingMessage hooks of the plugin instance (if any) and the bot. */
export function hookedCreateMessage<F>(wiring: HookWiring, createMessage: F, plugin: string | undefined): F {
  const hooked = async (input: unknown): Promise<unknown> => {
    const owners = hookOwners(wiring, plugin)
    if (owners.length === 0) return (createMessage as (input: unknown) => Promise<unknown>)(input)
    const { message, stopped } = await messageThroughHooks('beforeOutgoingMessage', owners, input, wiring.messaging, 'createMessage', false, {
      limitMs: wiring.handlerLimitMs,
      clock: wiring.clock,
    })
    return stopped ? { message, stopped } : { message }
  }
  return hooked as F
}

/** The action a call runs: an integration's under its final name, or a plugin instance's. */
export interface CallTarget {
  kind: 'integration' | 'plugin'
  alias: string
  action: string
  /** the call as its caller names it in errors (`action 'openai:generateText'`) */
  label: string
  /** the call's type as its caller wrote it, and its caller's signal: cancelling it stops a running call hook too */
  callType: string
  signal: AbortSignalLike | undefined
}

/** The output schema of the action, or undefined when the call names none or it is not given (it then fails as without hooks). */
function outputOf(wiring: HookWiring, target: CallTarget): { schema: JsonSchema; definitions: SchemaDefinitions } | undefined {
  if (target.kind === 'plugin') {
    const instance = own(wiring.definition.plugins, target.alias)
    const action = instance && own(instance.actions, target.action)
    return instance && action ? { schema: action.output, definitions: instance.definitions } : undefined
  }
  const impl = own(wiring.integrations, own(wiring.definition.integrations, target.alias)?.name ?? '')
  const action = impl && own(impl.definition.actions, target.action)
  return impl && action ? { schema: action.output, definitions: impl.definition.definitions } : undefined
}

/**
 * `run(input)`, the call without hooks, through the call hooks of `steps` when there are
 * any. An output a hook gives is validated against the action's output schema (INVALID_OUTPUT).
 */
export function callWithHooks(
  wiring: HookWiring,
  steps: readonly CallHookStep[],
  target: CallTarget,
  input: unknown,
  run: (input: unknown) => Promise<unknown>,
): Promise<unknown> {
  const output = steps.length > 0 ? outputOf(wiring, target) : undefined
  if (!output) return run(input)
  const checkOutput = (value: unknown, by: string): void => {
    const issues = validateValue(value, output.schema, output.definitions, 'output', wiring.valueLimits)
    if (issues.length > 0) throw new ValidationError('INVALID_OUTPUT', `${by} gave an invalid output for ${target.label}`, issues)
  }
  return callThroughHooks(steps, input, run, checkOutput, {
    limitMs: wiring.handlerLimitMs,
    clock: wiring.clock,
    call: { type: target.callType, signal: target.signal },
  })
}
