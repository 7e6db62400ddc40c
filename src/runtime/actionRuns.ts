// Running one action once its call is routed (actionRouting.ts): the handler looked up,
// the input within the value limits, defaults filled in and validated, the configuration
// resolved, the handler run under its time limit, and its output validated and copied.

import { fillDefaults } from '../jsonSchema/defaults.js'
import { own } from '../jsonSchema/own.js'
import { runActionHandler } from './boundedRuns.js'
import type { StreamRequest } from './channels.js'
import type { AbortSignalLike } from './channelTypes.js'
import { integrationConfiguration, pluginConfiguration } from './configurationValues.js'
import type { JsonSchema } from './definition.js'
import { MissingImplementationError, UnknownTargetError, ValidationError } from './errors.js'
import { integrationImplementation, pluginImplementation } from './implementations.js'
import { integrationClient } from './integrationClient.js'
import { integrationSecrets } from './integrationSecrets.js'
import { copyValue } from './jsonCopies.js'
import type { Handler, RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'
import { type SchemaDefinitions, validateValue } from './validation.js'
import { valueLimitIssue } from './valueLimits.js'

/** How one call runs: the caller's signal and time limit, and the stream it consumes. */
export interface CallRequest {
  signal: AbortSignalLike | undefined
  timeLimitMs: number | undefined
  stream: StreamRequest | undefined
}

/** INVALID_INPUT when an action's input is over a value limit (valueLimits.ts). */
export function checkInputLimits(context: RuntimeContext, input: unknown, label: string): void {
  const overLimit = valueLimitIssue(input, 'input', context.valueLimits)
  if (overLimit !== undefined) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, [overLimit])
}

/** Action `action` of the integration the bot adds as `alias`. */
export async function runIntegrationAction(
  context: RuntimeContext,
  alias: string,
  action: string,
  input: unknown,
  callType: string,
  label: string,
  request: CallRequest,
): Promise<unknown> {
  const impl = integrationImplementation(context, alias, label)
  const actionDef = own(impl.definition.actions, action)
  if (!actionDef) {
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `${label}: integration '${impl.definition.name}' ${impl.definition.version} has no action '${action}' (its actions: ${list(Object.keys(impl.definition.actions))})`,
    )
  }
  const handler = own(impl.actions as { readonly [name: string]: unknown }, action)
  if (typeof handler !== 'function') {
    throw new MissingImplementationError(`${label}: the implementation of integration '${impl.definition.name}' has no handler for action '${action}'`)
  }
  const definitions = impl.definition.definitions
  // again: a beforeCallAction hook may have given another input
  checkInputLimits(context, input, label)
  const filled = fillDefaults(input, actionDef.input, definitions)
  const inputIssues = validateValue(filled, actionDef.input, definitions, 'input', context.valueLimits)
  if (inputIssues.length > 0) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, inputIssues)
  const { configurationType, configuration } = integrationConfiguration(context.definition, alias, impl, context.secrets(), context.valueLimits)
  const secrets = integrationSecrets(alias, impl, context.secrets())
  const call = context.channels.startCall(alias, impl, request.stream, label)
  const args = {
    input: copyValue(filled),
    ctx: { configurationType, configuration, botId: context.botId, secrets },
    client: integrationClient(context, alias, impl, call),
  }
  const limitMs = context.limits.forAction(`${alias}:${action}`, request.timeLimitMs)
  try {
    return await invokeAction(context, handler as Handler, args, actionDef.output, definitions, callType, label, { ...request, limitMs })
  } finally {
    call.ended = true
  }
}

/** Action `action` of plugin instance `alias`. */
export async function runPluginAction(
  context: RuntimeContext,
  alias: string,
  action: string,
  input: unknown,
  callType: string,
  request: CallRequest,
): Promise<unknown> {
  const label = `action '${callType}'`
  const impl = pluginImplementation(context, alias, label)
  const instance = own(context.definition.plugins, alias)
  const actionDef = instance && own(instance.actions, action)
  if (!instance || !actionDef) {
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `${label}: plugin instance '${alias}' (${impl.definition.name}) has no action '${action}' (its actions: ${list(Object.keys(instance?.actions ?? {}))})`,
    )
  }
  const handler = own(impl.actions as { readonly [name: string]: unknown }, action)
  if (typeof handler !== 'function') {
    throw new MissingImplementationError(`${label}: the implementation of plugin '${impl.definition.name}' has no handler for action '${action}'`)
  }
  // the instance's schemas: dereferenced with the entities of the integrations it is wired to
  const definitions = instance.definitions
  // again: a beforeCallAction hook may have given another input
  checkInputLimits(context, input, label)
  const filled = fillDefaults(input, actionDef.input, definitions)
  const inputIssues = validateValue(filled, actionDef.input, definitions, 'input', context.valueLimits)
  if (inputIssues.length > 0) throw new ValidationError('INVALID_INPUT', `invalid input for ${label}`, inputIssues)
  const configuration = pluginConfiguration(context.definition, alias, impl, context.secrets(), context.valueLimits)
  const args = { input: copyValue(filled), ctx: { configuration, botId: context.botId }, client: context.pluginClient(alias) }
  const limitMs = context.limits.forAction(`${alias}#${action}`, request.timeLimitMs)
  return invokeAction(context, handler as Handler, args, actionDef.output, definitions, callType, label, { ...request, limitMs })
}

async function invokeAction(
  context: RuntimeContext,
  handler: Handler,
  args: object,
  output: JsonSchema,
  definitions: SchemaDefinitions,
  callType: string,
  label: string,
  bound: { signal: AbortSignalLike | undefined; limitMs: number },
): Promise<unknown> {
  // the handler gets a signal that fires when the caller cancels or the time limit is over
  const result = await runActionHandler(handler, args, { callType, label, clock: context.limits.clock, ...bound })
  const outputIssues = validateValue(result, output, definitions, 'output', context.valueLimits)
  if (outputIssues.length > 0) throw new ValidationError('INVALID_OUTPUT', `${label} returned an invalid output`, outputIssues)
  // the caller gets a copy, as handlers get a copy of the input: neither side can change the other's objects
  return copyValue(result)
}
