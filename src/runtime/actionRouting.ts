// Where a `callAction` goes: the bot's calls are '<integrationAlias>:<action>' or
// '<pluginAlias>#<action>', a plugin instance's are '<interface local name>:<action>' and
// run the integration action its wiring names. Each call is checked, passes its owners'
// hooks (hookWiring.ts), and is run by actionRuns.ts.

import { isRecord, own } from '../jsonSchema/own.js'
import { type CallRequest, checkInputLimits, runIntegrationAction, runPluginAction } from './actionRuns.js'
import type { StreamRequest } from './channels.js'
import type { AbortSignalLike } from './channelTypes.js'
import { UnknownTargetError, ValidationError } from './errors.js'
import { callWithHooks, hookOwners } from './hookWiring.js'
import type { RuntimeContext } from './runtimeContext.js'
import { list } from './runtimeOptions.js'
import { limitIssue } from './timeLimits.js'
import { refusedIfUnreadable } from './unreadableArguments.js'

interface ActionCall {
  type: string
  input: unknown
  signal: AbortSignalLike | undefined
  timeLimitMs: number | undefined
}

function checkCall(context: RuntimeContext, given: unknown, from: string): ActionCall {
  let call: unknown
  try {
    call = isRecord(given) ? { type: given['type'], input: given['input'], signal: given['signal'], timeLimitMs: given['timeLimitMs'] } : given
  } catch (error) {
    throw refusedIfUnreadable(error, given, 'callAction', ['type', 'input', 'signal', 'timeLimitMs'])
  }
  if (!isRecord(call) || typeof call['type'] !== 'string') {
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `callAction (${from}): expected { type, input }, where type is ${from === 'bot' ? "'<integrationAlias>:<action>' or '<pluginAlias>#<action>'" : "'<interface local name>:<action>'"}`,
    )
  }
  const { signal, timeLimitMs } = call
  const issues = limitIssue('timeLimitMs', timeLimitMs)
  if (signal !== undefined && !(isRecord(signal) && typeof signal['aborted'] === 'boolean' && typeof signal['addEventListener'] === 'function'))
    issues.push('signal: must be an AbortSignal')
  if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', `callAction '${call['type']}': invalid arguments`, issues)
  // within the value limits before a hook copies it or defaults are filled in
  checkInputLimits(context, call['input'], `action '${call['type']}'`)
  return { type: call['type'], input: call['input'], signal: signal as AbortSignalLike | undefined, timeLimitMs: timeLimitMs as number | undefined }
}

/** `callAction` (and `streamAction`, with `stream`) of the bot's client. */
export async function botCallAction(context: RuntimeContext, rawCall: unknown, stream?: StreamRequest): Promise<unknown> {
  const call = checkCall(context, rawCall, 'bot')
  const steps = hookOwners(context.hooks, undefined).map((owner) => ({ owner, type: call.type }))
  const request: CallRequest = { signal: call.signal, timeLimitMs: call.timeLimitMs, stream }
  const hash = call.type.indexOf('#')
  if (hash > 0 && stream) {
    throw new UnknownTargetError('UNKNOWN_CHANNEL', `streamAction '${call.type}': a plugin action sends on no channel; stream the integration actions it calls`)
  }
  if (hash > 0) {
    const [alias, action, label] = [call.type.slice(0, hash), call.type.slice(hash + 1), `action '${call.type}'`]
    const target = { kind: 'plugin', alias, action, label, callType: call.type, signal: call.signal } as const
    return callWithHooks(context.hooks, steps, target, call.input, (input) => runPluginAction(context, alias, action, input, call.type, request))
  }
  const colon = call.type.indexOf(':')
  if (colon > 0) {
    const [alias, action, label] = [call.type.slice(0, colon), call.type.slice(colon + 1), `action '${call.type}'`]
    const target = { kind: 'integration', alias, action, label, callType: call.type, signal: call.signal } as const
    return callWithHooks(context.hooks, steps, target, call.input, (input) => runIntegrationAction(context, alias, action, input, call.type, label, request))
  }
  throw new UnknownTargetError('UNKNOWN_ACTION', `callAction: '${call.type}' is not '<integrationAlias>:<action>' nor '<pluginAlias>#<action>'`)
}

/** `callAction` (and `streamAction`, with `stream`) of plugin instance `pluginAlias`'s client. */
export async function pluginCallAction(context: RuntimeContext, pluginAlias: string, rawCall: unknown, stream?: StreamRequest): Promise<unknown> {
  const call = checkCall(context, rawCall, `plugin instance '${pluginAlias}'`)
  const wiring = own(context.definition.plugins, pluginAlias)
  const colon = call.type.indexOf(':')
  if (!wiring || colon <= 0) {
    throw new UnknownTargetError('UNKNOWN_ACTION', `callAction from plugin instance '${pluginAlias}': '${call.type}' is not '<interface local name>:<action>'`)
  }
  const local = call.type.slice(0, colon)
  const action = call.type.slice(colon + 1)
  const dependency = own(wiring.dependencies, local)
  if (!dependency) {
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `callAction from plugin instance '${pluginAlias}': it has no interface '${local}' (its interfaces: ${list(Object.keys(wiring.dependencies))})`,
    )
  }
  const finalName = own(dependency.actions, action)
  if (finalName === undefined) {
    throw new UnknownTargetError(
      'UNKNOWN_ACTION',
      `callAction from plugin instance '${pluginAlias}': interface '${local}' (${dependency.interfaceName} ${dependency.interfaceVersion}) has no action '${action}' (its actions: ${list(Object.keys(dependency.actions))})`,
    )
  }
  const target = `${dependency.integrationAlias}:${finalName}`
  // the instance's hooks see the call as it wrote it, the bot's as the integration action it runs
  const steps = hookOwners(context.hooks, pluginAlias).map((owner) => ({ owner, type: owner.name === 'bot' ? target : call.type }))
  const label = `action '${call.type}' of plugin instance '${pluginAlias}' (runs ${target})`
  // a plugin streams the interface's channel names: the integration's final names are looked up when the call starts
  const request: CallRequest = {
    signal: call.signal,
    timeLimitMs: call.timeLimitMs,
    stream: stream && { ...stream, interfaceAlias: dependency.integrationInterfaceAlias },
  }
  const hookTarget = { kind: 'integration', alias: dependency.integrationAlias, action: finalName, label, callType: call.type, signal: call.signal } as const
  return callWithHooks(context.hooks, steps, hookTarget, call.input, (input) =>
    runIntegrationAction(context, dependency.integrationAlias, finalName, input, call.type, label, request),
  )
}
