// Running hooks (docs/runtime.md#hooks): around incoming messages (receive), action calls
// and outgoing messages (createMessage). Each owner's hooks for the key run before its '*'
// hooks, in registration order; each hook sees what the one before it let through. Each runs
// under the handlers' time limit with its own `signal`, as handlers do (a call hook also
// stops when the call's caller cancels). The runtime calls in here only when an owner has
// hooks, so a bot without any pays nothing.

import { isRecord } from '../jsonSchema/own.js'
import { shown } from '../jsonSchema/quoting.js'
import type { AbortSignalLike } from './channelTypes.js'
import type { Clock } from './clock.js'
import { messageOf, ValidationError } from './errors.js'
import { HookError } from './hookError.js'
import type { HookKind, HookRegistrars, HookRegistration } from './hookTypes.js'
import { copyValue } from './jsonCopies.js'
import type { StoredMessage } from './messageStore.js'
import { MESSAGE_TYPES } from './messages.js'
import type { Messaging } from './messaging.js'
import { CancelledError, TimeLimitError } from './timeLimitErrors.js'
import { runBounded, withSignal } from './timeLimits.js'

/** A bot or plugin instance whose hooks run, with the `{ client, ctx }` they get. */
export interface HookOwner {
  /** `bot`, or the plugin instance alias */
  readonly name: string
  readonly hooks: readonly HookRegistration[]
  /** made when one of its hooks runs; throws when a plugin instance's configuration cannot be resolved */
  context(): { client: object; ctx: object }
}

/** One owner's view of an action call: its hooks see the call under its own key. */
export interface CallHookStep {
  readonly owner: HookOwner
  readonly type: string
}

/** How long a hook may run, and for call hooks the call it runs for: its caller's signal cancels the hook too. */
export interface HookBound {
  limitMs: number
  clock: Clock
  call?: { type: string; signal: AbortSignalLike | undefined }
}

/** The registrars `on` gets; HandlerRegistry types them from the generated maps. */
export function hookRegistrars(registrations: HookRegistration[]): HookRegistrars<Record<never, never>, never, never, never> {
  const registrar =
    (kind: HookKind) =>
    (type: string, hook: (args: never) => unknown): void => {
      const issues: string[] = []
      const messageKind = kind === 'beforeIncomingMessage' || kind === 'beforeOutgoingMessage'
      if (messageKind && type !== '*' && !(MESSAGE_TYPES as readonly unknown[]).includes(type))
        issues.push(`type: must be '*' or one of ${MESSAGE_TYPES.join(', ')}, not ${shown(type)}`)
      else if (typeof type !== 'string' || type === '') issues.push(`type: must be '*' or an action key, not ${shown(type)}`)
      if (typeof hook !== 'function') issues.push('hook: must be a function')
      if (issues.length > 0) throw new ValidationError('INVALID_ARGUMENT', `on.${kind}: invalid arguments`, issues)
      registrations.push({ kind, type, hook })
    }
  return {
    beforeIncomingMessage: registrar('beforeIncomingMessage'),
    beforeOutgoingMessage: registrar('beforeOutgoingMessage'),
    beforeCallAction: registrar('beforeCallAction'),
    afterCallAction: registrar('afterCallAction'),
  }
}

function hooksFor(owner: HookOwner, kind: HookKind, type: string): HookRegistration[] {
  return [...owner.hooks.filter((h) => h.kind === kind && h.type === type), ...owner.hooks.filter((h) => h.kind === kind && h.type === '*')]
}

function describe(owner: string, kind: HookKind, registeredFor: string): string {
  return owner === 'bot' ? `the bot's ${kind} hook for '${registeredFor}'` : `the ${kind} hook of plugin instance '${owner}' for '${registeredFor}'`
}

/**
 * Runs one hook with `args`, the owner's `{ client, ctx }` and a `signal`: what it throws
 * becomes a HookError that names it; past its time limit it is a TimeLimitError, cancelled
 * by the call's caller a CancelledError, each naming it too.
 */
async function runHook(owner: HookOwner, registration: HookRegistration, args: object, bound: HookBound): Promise<unknown> {
  const described = describe(owner.name, registration.kind, registration.type)
  const fail = (what: string, cause: unknown) =>
    new HookError({
      owner: owner.name,
      hook: registration.kind,
      registeredFor: registration.type,
      message: `${described} ${what}: ${messageOf(cause)}`,
      cause,
    })
  let context: { client: object; ctx: object }
  try {
    context = owner.context()
  } catch (error) {
    throw fail('could not run', error)
  }
  const { limitMs, call } = bound
  return runBounded((signal) => (registration.hook as (args: object) => unknown)(withSignal({ ...args, ...context }, signal)), {
    limitMs,
    clock: bound.clock,
    signal: call?.signal,
    timedOut: () =>
      new TimeLimitError({
        message: `${described} did not finish within its time limit of ${limitMs} ms`,
        limitMs,
        handlerOwner: owner.name,
        registeredFor: registration.type,
        hook: registration.kind,
      }),
    cancelled: (reason) =>
      new CancelledError(call?.type ?? '', `${described} was cancelled by its caller${reason === undefined ? '' : `: ${messageOf(reason)}`}`, reason),
    failed: (error) => fail('failed', error),
  })
}

function wrongShape(owner: HookOwner, registration: HookRegistration, result: unknown, expected: string, cause?: unknown): HookError {
  const what = isRecord(result) ? `{ ${Object.keys(result).join(', ')} }` : shown(result)
  return new HookError({
    owner: owner.name,
    hook: registration.kind,
    registeredFor: registration.type,
    message: `${describe(owner.name, registration.kind, registration.type)} returned ${what}: ${expected}`,
    cause,
  })
}

/** `{ key: value }` with exactly that one key. */
function only(result: unknown, key: string): result is { [k: string]: unknown } {
  return isRecord(result) && Object.keys(result).length === 1 && Object.hasOwn(result, key)
}

/** A stored message as the input that makes it: what message hooks see and return. */
function inputOf(message: StoredMessage): object {
  const { conversationId, userId, type, payload, tags } = message
  return { conversationId, userId, type, payload, tags }
}

/**
 * Runs the message hooks of `kind` of each owner, in order, on a message `messaging.build`
 * accepts (it throws INVALID_MESSAGE otherwise), then stores it unless a hook stopped it and
 * `storeStopped` is false (outgoing messages: a stopped one is not sent).
 */
export async function messageThroughHooks(
  kind: 'beforeIncomingMessage' | 'beforeOutgoingMessage',
  owners: readonly HookOwner[],
  input: unknown,
  messaging: Messaging,
  operation: string,
  storeStopped: boolean,
  limit: { limitMs: number; clock: Clock },
  idempotencyKey?: string,
): Promise<{ message: StoredMessage; stopped: boolean }> {
  let message = messaging.build(input, operation)
  let stopped = false
  run: for (const owner of owners) {
    for (const registration of hooksFor(owner, kind, message.type)) {
      const result = await runHook(owner, registration, { message: copyValue(inputOf(message)) }, limit)
      if (result === undefined) continue
      if (only(result, 'stop') && result['stop'] === true) {
        stopped = true
        break run
      }
      const expected = 'a message hook returns nothing, { message } or { stop: true }'
      if (!only(result, 'message') || !isRecord(result['message'])) throw wrongShape(owner, registration, result, expected)
      const changed = result['message']
      if (changed['type'] !== message.type) {
        throw wrongShape(owner, registration, result, `a hook cannot change the message's type (from '${message.type}' to ${shown(changed['type'])})`)
      }
      try {
        message = messaging.build(changed, operation)
      } catch (error) {
        throw wrongShape(owner, registration, result, `the message is invalid: ${messageOf(error)}`, error)
      }
    }
  }
  if (stopped && !storeStopped) return { message, stopped }
  return { message: await messaging.insert(message, operation, idempotencyKey), stopped }
}

/**
 * Runs an action call through the before hooks of each step in order, the action
 * (`run`, unless a before hook answered in its place), then the after hooks of the steps
 * that saw the call, innermost first. `checkOutput` validates an output a hook gives
 * (INVALID_OUTPUT, naming the hook). A streamed call's chunks flow while the action runs;
 * when a before hook answers in its place, its stream ends with none.
 */
export async function callThroughHooks(
  steps: readonly CallHookStep[],
  givenInput: unknown,
  run: (input: unknown) => Promise<unknown>,
  checkOutput: (output: unknown, by: string) => void,
  bound: HookBound,
): Promise<unknown> {
  let input = givenInput
  let answered: { output: unknown } | undefined
  let reached = steps.length - 1
  before: for (const [index, { owner, type }] of steps.entries()) {
    for (const registration of hooksFor(owner, 'beforeCallAction', type)) {
      const result = await runHook(owner, registration, { call: { type, input: copyValue(input) } }, bound)
      if (result === undefined) continue
      if (only(result, 'input')) {
        input = result['input']
      } else if (only(result, 'output')) {
        checkOutput(result['output'], describe(owner.name, registration.kind, registration.type))
        answered = { output: copyValue(result['output']) }
        reached = index
        break before
      } else {
        throw wrongShape(owner, registration, result, 'a beforeCallAction hook returns nothing, { input } or { output }')
      }
    }
  }
  let output = answered ? answered.output : await run(input)
  for (const { owner, type } of steps.slice(0, reached + 1).reverse()) {
    for (const registration of hooksFor(owner, 'afterCallAction', type)) {
      const result = await runHook(owner, registration, { call: { type, input: copyValue(input) }, output: copyValue(output) }, bound)
      if (result === undefined) continue
      if (!only(result, 'output')) throw wrongShape(owner, registration, result, 'an afterCallAction hook returns nothing or { output }')
      checkOutput(result['output'], describe(owner.name, registration.kind, registration.type))
      output = copyValue(result['output'])
    }
  }
  return output
}
