// Time limits and cancellation (docs/runtime.md#time-limits): every action call and every
// message, event and channel handler runs with an AbortSignal, and with a timer that fails
// it when its time limit is over. While the work is pending its timer keeps the process
// alive, as the I/O it waits on would: a script whose only pending work is a call that
// waits for its limit must see the limit fire, not exit first. The timer is cleared as
// soon as the work settles, so a runtime with nothing pending holds nothing.
import { own } from '../jsonSchema/own.js'
import { quoted, shown } from '../jsonSchema/quoting.js'
import type { AbortSignalLike } from './channelTypes.js'
import { type Clock, systemClock } from './clock.js'
import type { BotDefinition } from './definition.js'
import type { RunnableIntegration } from './runnables.js'

/** An action's time limit when neither the call nor `timeLimits.actions` sets one. */
export const DEFAULT_ACTION_TIME_LIMIT_MS = 60_000
/** A handler's time limit: handlers call actions, so it is longer than an action's. */
export const DEFAULT_HANDLER_TIME_LIMIT_MS = 300_000

/** `createRuntime({ timeLimits })`; every value in milliseconds, `Infinity` for none. */
export interface TimeLimitOptions<CallKey extends PropertyKey = string> {
  /** every action call's, unless the action or the call sets its own; default 60,000 */
  actionMs?: number | undefined
  /** every message, event and channel handler's; default 300,000 */
  handlerMs?: number | undefined
  /** per action, by the key the bot calls it with: `'openai:generateText'`, `'assistantOpenai#summarize'` */
  actions?: { [K in CallKey]?: number | undefined } | undefined
}

// typed here rather than with @types/node or the DOM: the runtime compiles without platform types
interface Platform {
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
  AbortController: new () => { readonly signal: AbortSignalLike; abort(reason?: unknown): void }
}
const platform = globalThis as unknown as Platform

/** A time limit: a positive number of milliseconds, or Infinity for none. */
export function isTimeLimit(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && !Number.isNaN(value)
}

/** What is wrong with a time limit given at `path` (none when it is absent or valid). */
export function limitIssue(path: string, value: unknown): string[] {
  if (value === undefined || isTimeLimit(value)) return []
  return [`${path}: must be a positive number of milliseconds (Infinity for none), not ${typeof value === 'number' ? String(value) : shown(value)}`]
}

/** The time limits of one runtime, resolved once from its options. */
export class TimeLimits {
  readonly actionMs: number
  readonly handlerMs: number
  /** where limits are measured: `createRuntime({ clock })`, the real clock by default */
  readonly clock: Clock
  private readonly actions: { readonly [key: string]: number | undefined }
  private readonly options: TimeLimitOptions | undefined

  constructor(options: TimeLimitOptions | undefined, clock: Clock = systemClock) {
    this.options = options
    this.clock = clock
    this.actionMs = isTimeLimit(options?.actionMs) ? options.actionMs : DEFAULT_ACTION_TIME_LIMIT_MS
    this.handlerMs = isTimeLimit(options?.handlerMs) ? options.handlerMs : DEFAULT_HANDLER_TIME_LIMIT_MS
    this.actions = options?.actions ?? {}
  }

  /** The limit of a call of `key` (`'<alias>:<final action>'` or `'<pluginAlias>#<action>'`). */
  forAction(key: string, perCall: number | undefined): number {
    return perCall ?? own(this.actions, key) ?? this.actionMs
  }

  /** What is wrong with the options: values that are not limits, actions the bot cannot call. */
  issues(bot: BotDefinition, integrations: { readonly [name: string]: RunnableIntegration }): string[] {
    const options = this.options
    if (options === undefined) return []
    if (options === null || typeof options !== 'object') return ['timeLimits: must be an object']
    const issues = [...limitIssue('timeLimits.actionMs', options.actionMs), ...limitIssue('timeLimits.handlerMs', options.handlerMs)]
    for (const [key, value] of Object.entries(options.actions ?? {})) {
      const at = `timeLimits.actions[${quoted(key)}]`
      issues.push(...limitIssue(at, value))
      const hash = key.indexOf('#')
      const colon = key.indexOf(':')
      if (hash > 0) {
        const instance = own(bot.plugins, key.slice(0, hash))
        if (!instance || !own(instance.actions, key.slice(hash + 1))) issues.push(`${at}: bot '${bot.name}' has no action '${key}'`)
      } else if (colon > 0) {
        const added = own(bot.integrations, key.slice(0, colon))
        const impl = added && own(integrations, added.name)
        const known = impl?.definition?.kind === 'integration' ? own(impl.definition.actions, key.slice(colon + 1)) !== undefined : added !== undefined
        if (!known) issues.push(`${at}: bot '${bot.name}' has no action '${key}'`)
      } else issues.push(`${at}: is not '<integrationAlias>:<action>' nor '<pluginAlias>#<action>'`)
    }
    return issues
  }
}

/** How bounded work ends when it does not finish by itself. */
export interface Bound {
  limitMs: number
  /** the clock the limit is measured on */
  clock: Clock
  /** the caller's signal, for calls */
  signal?: AbortSignalLike | undefined
  timedOut(): Error
  cancelled(reason: unknown): Error
  /** what a rejection of the work itself becomes (an ActionError, a HandlerError) */
  failed(error: unknown): unknown
}

/**
 * Calls `expire` once `limitMs` has passed on `clock`, never for Infinity, and returns what
 * cancels it. Until then the process is kept alive: pending work is what the process is
 * there for.
 */
function startDeadline(clock: Clock, limitMs: number, expire: () => void): () => void {
  if (limitMs === Number.POSITIVE_INFINITY) return holdUnlimited()
  const timer = clock.setTimer(expire, limitMs, { keepAlive: true })
  return () => timer.cancel()
}

// Work without a limit needs no timer of its own, only something that keeps the process
// alive while any of it is pending: one interval for all of it, so that turning limits off
// (`Infinity`) also takes their cost away.
const KEEP_ALIVE_INTERVAL_MS = 2_147_483_647
let unlimitedPending = 0
let keepAlive: unknown

/** Keeps the process alive until the returned function is called (once). */
function holdUnlimited(): () => void {
  if (unlimitedPending++ === 0) keepAlive = platform.setInterval(() => undefined, KEEP_ALIVE_INTERVAL_MS)
  let held = true
  return () => {
    if (!held) return
    held = false
    if (--unlimitedPending === 0) platform.clearInterval(keepAlive)
  }
}

/**
 * Adds to `args` (a fresh object the caller made for this one run) a `signal` property that
 * reads `signal()`: a getter, since most handlers never look.
 */
export function withSignal(args: object, signal: () => AbortSignalLike): object {
  return Object.defineProperty(args, 'signal', { get: signal, enumerable: true })
}

/**
 * Runs `work` with an AbortSignal, made when the work first asks for it (an AbortController
 * costs more than the rest of a handler's dispatch). Settles with the work, or, first, with
 * `timedOut()` when the limit is over or `cancelled(reason)` when the caller's signal
 * aborts; either aborts the work's signal with that error as its reason. What the work
 * does after that is ignored (a late rejection is handled, never unhandled).
 */
export function runBounded<T>(work: (signal: () => AbortSignalLike) => T | Promise<T>, bound: Bound): Promise<T> {
  const caller = bound.signal
  if (caller?.aborted) return Promise.reject(bound.cancelled(caller.reason))
  let controller: { readonly signal: AbortSignalLike; abort(reason?: unknown): void } | undefined
  let stoppedWith: Error | undefined
  const signal = (): AbortSignalLike => {
    if (!controller) {
      controller = new platform.AbortController()
      if (stoppedWith) controller.abort(stoppedWith)
    }
    return controller.signal
  }
  return new Promise<T>((resolve, reject) => {
    const finish = (): void => {
      cancelDeadline()
      caller?.removeEventListener('abort', onAbort)
    }
    const stop = (error: Error): void => {
      finish()
      stoppedWith = error
      controller?.abort(error)
      reject(error)
    }
    const onAbort = (): void => stop(bound.cancelled(caller?.reason))
    const cancelDeadline = startDeadline(bound.clock, bound.limitMs, () => stop(bound.timedOut()))
    caller?.addEventListener('abort', onAbort, { once: true })
    let pending: Promise<T>
    try {
      pending = Promise.resolve(work(signal))
    } catch (error) {
      finish()
      reject(bound.failed(error))
      return
    }
    pending.then(
      (value) => {
        finish()
        resolve(value)
      },
      (error: unknown) => {
        finish()
        reject(bound.failed(error))
      },
    )
  })
}
