// Time limits and cancellation (docs/runtime.md#time-limits): every action call and every
// message, event and channel handler runs with an AbortSignal, and with a timer that fails
// it when its time limit is over. While the work is pending its timer keeps the process
// alive, as the I/O it waits on would: a script whose only pending work is a call that
// waits for its limit must see the limit fire, not exit first. The timer is cleared as
// soon as the work settles, so a runtime with nothing pending holds nothing.
import { own } from '../jsonSchema/own.js'
import { quoted, shown } from '../jsonSchema/quoting.js'
import type { AbortSignalLike } from './channelTypes.js'
import { type Clock, type ClockTimer, systemClock } from './clock.js'
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

// Work without a limit needs no timer of its own, only something that keeps the process
// alive while any of it is pending: one interval for all of it, so that turning limits off
// (`Infinity`) also takes their cost away.
const KEEP_ALIVE_INTERVAL_MS = 2_147_483_647
let unlimitedPending = 0
let keepAlive: unknown

/** Keeps the process alive until `releaseUnlimited` (once per hold). */
function holdUnlimited(): void {
  if (unlimitedPending++ === 0) keepAlive = platform.setInterval(() => undefined, KEEP_ALIVE_INTERVAL_MS)
}

function releaseUnlimited(): void {
  if (--unlimitedPending === 0) platform.clearInterval(keepAlive)
}

/** Where `withSignal` keeps an args object's signal function: a symbol, not enumerable. */
const SIGNAL_OF = Symbol('botwire.signal')

/**
 * The getter of every args object's `signal`: one function for all of them, so that objects
 * made at one place keep one shape (a getter of its own per object turns each into a slow
 * dictionary object, with garbage to match). It reads `this`, so a Proxy of the object,
 * or an object made with it as prototype, still finds its signal.
 */
function signalOfArgs(this: { readonly [SIGNAL_OF]: () => AbortSignalLike }): AbortSignalLike {
  return this[SIGNAL_OF]()
}
const SIGNAL_PROPERTY = { get: signalOfArgs, enumerable: true }

/**
 * Adds to `args` (a fresh object the caller made for this one run) a `signal` property that
 * reads `signal()`: a getter, since most handlers never look.
 */
export function withSignal(args: object, signal: () => AbortSignalLike): object {
  Object.defineProperty(args, SIGNAL_OF, { value: signal })
  return Object.defineProperty(args, 'signal', SIGNAL_PROPERTY)
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
  const run = new BoundedRun<T>(bound)
  const settled = new Promise<T>((resolve, reject) => run.start(resolve, reject))
  let pending: Promise<T>
  try {
    pending = Promise.resolve(work(() => run.signal()))
  } catch (error) {
    run.fail(error)
    return settled
  }
  pending.then(
    (value) => run.succeed(value),
    (error: unknown) => run.fail(error),
  )
  return settled
}

/**
 * The state of one bounded run, as one object with its steps as methods: a handler and a
 * delivery each run bounded, and closures per run (six of them before) were most of the
 * garbage of the run itself.
 */
class BoundedRun<T> {
  private readonly bound: Bound
  private controller: { readonly signal: AbortSignalLike; abort(reason?: unknown): void } | undefined = undefined
  /** the error that stopped the run (its limit, its caller's cancel): a signal made afterwards is aborted with it */
  private stoppedWith: Error | undefined = undefined
  /** set once the run has settled, however: what comes later is ignored */
  private done = false
  private timer: ClockTimer | undefined = undefined
  private holdsUnlimited = false
  private onAbort: (() => void) | undefined = undefined
  private resolve: ((value: T) => void) | undefined = undefined
  private reject: ((reason: unknown) => void) | undefined = undefined

  constructor(bound: Bound) {
    this.bound = bound
  }

  /** Starts the deadline and listens to the caller's signal (runs in the promise's executor). */
  start(resolve: (value: T) => void, reject: (reason: unknown) => void): void {
    this.resolve = resolve
    this.reject = reject
    const { clock, limitMs, signal: caller } = this.bound
    if (limitMs === Number.POSITIVE_INFINITY) {
      holdUnlimited()
      this.holdsUnlimited = true
    } else this.timer = clock.setTimer(() => this.stop(this.bound.timedOut()), limitMs, { keepAlive: true })
    if (caller) {
      this.onAbort = () => this.stop(this.bound.cancelled(caller.reason))
      caller.addEventListener('abort', this.onAbort, { once: true })
    }
  }

  signal(): AbortSignalLike {
    if (!this.controller) {
      this.controller = new platform.AbortController()
      if (this.stoppedWith) this.controller.abort(this.stoppedWith)
    }
    return this.controller.signal
  }

  succeed(value: T): void {
    if (this.finish()) this.resolve?.(value)
  }

  fail(error: unknown): void {
    if (this.finish()) this.reject?.(this.bound.failed(error))
  }

  /** Ends the run with `error` (the limit, the caller's cancel), aborting the work's signal. */
  private stop(error: Error): void {
    if (!this.finish()) return
    this.stoppedWith = error
    this.controller?.abort(error)
    this.reject?.(error)
  }

  /** Cancels the deadline and stops listening; false when the run had ended already. */
  private finish(): boolean {
    if (this.done) return false
    this.done = true
    this.timer?.cancel()
    if (this.holdsUnlimited) releaseUnlimited()
    if (this.onAbort) this.bound.signal?.removeEventListener('abort', this.onAbort)
    return true
  }
}
