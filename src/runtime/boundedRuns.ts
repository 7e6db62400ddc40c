// How the runtime runs a handler (docs/runtime.md#time-limits): an action's with its call's
// time limit and the caller's signal, a message, event or channel handler's with the
// handlers' limit; each gets its `signal`, and every way it can end is a runtime error
// that names it.
import type { AbortSignalLike } from './channelTypes.js'
import type { Clock } from './clock.js'
import { ActionError, HandlerError, messageOf } from './errors.js'
import { CancelledError, TimeLimitError } from './timeLimitErrors.js'
import { type Bound, runBounded, withSignal } from './timeLimits.js'

type Handler = (args: never) => unknown

/** Which action runs, as the caller wrote it (`callType`) and as errors describe it (`label`). */
export interface ActionRun {
  callType: string
  label: string
  limitMs: number
  clock: Clock
  signal: AbortSignalLike | undefined
}

/** The handler's result; ActionError when it throws, TimeLimitError or CancelledError when it does not finish first. */
export function runActionHandler(handler: Handler, args: object, run: ActionRun): Promise<unknown> {
  return runBounded((signal) => (handler as (args: object) => unknown)(withSignal(args, signal)), new ActionBound(run))
}

/** How an action's run ends when it does not finish by itself (an object with methods: one per call, no closures). */
class ActionBound implements Bound {
  readonly limitMs: number
  readonly clock: Clock
  readonly signal: AbortSignalLike | undefined
  private readonly run: ActionRun

  constructor(run: ActionRun) {
    this.run = run
    this.limitMs = run.limitMs
    this.clock = run.clock
    this.signal = run.signal
  }

  timedOut(): Error {
    const { label, limitMs, callType } = this.run
    return new TimeLimitError({ message: `${label} did not finish within its time limit of ${limitMs} ms`, limitMs, action: callType })
  }

  cancelled(reason: unknown): Error {
    const { label, callType } = this.run
    return new CancelledError(callType, `${label} was cancelled by its caller${reason === undefined ? '' : `: ${messageOf(reason)}`}`, reason)
  }

  failed(error: unknown): unknown {
    const { label, callType } = this.run
    return new ActionError(callType, `${label} failed: ${messageOf(error)}`, error)
  }
}

/** What a dispatch says of the handler it runs; `message` ends in ' failed' (and ' on message <id>' for receive). */
export interface HandlerDescription {
  owner: string
  registeredFor: string
  messageId?: string
  message: string
}

/** Resolves when the handler has finished; HandlerError when it throws, TimeLimitError past `limitMs`. */
export async function runDispatchHandler(handler: Handler, args: object, limitMs: number, clock: Clock, describe: () => HandlerDescription): Promise<void> {
  await runBounded((signal) => (handler as (args: object) => unknown)(withSignal(args, signal)), new DispatchBound(limitMs, clock, describe))
}

/** How a dispatched handler's run ends when it does not finish by itself; dispatch has no caller signal. */
class DispatchBound implements Bound {
  readonly limitMs: number
  readonly clock: Clock
  readonly signal = undefined
  private readonly describe: () => HandlerDescription

  constructor(limitMs: number, clock: Clock, describe: () => HandlerDescription) {
    this.limitMs = limitMs
    this.clock = clock
    this.describe = describe
  }

  timedOut(): Error {
    const d = this.describe()
    const limitMs = this.limitMs
    return new TimeLimitError({
      message: d.message.replace(/ failed( on message [^ ]+)?$/, ` did not finish within its time limit of ${limitMs} ms$1`),
      limitMs,
      handlerOwner: d.owner,
      registeredFor: d.registeredFor,
      ...(d.messageId !== undefined && { messageId: d.messageId }),
    })
  }

  cancelled(reason: unknown): Error {
    return new Error(messageOf(reason))
  }

  failed(error: unknown): unknown {
    const d = this.describe()
    return new HandlerError({ ...d, message: `${d.message}: ${messageOf(error)}`, cause: error })
  }
}
