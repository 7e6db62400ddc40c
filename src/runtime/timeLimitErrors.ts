// The errors of calls that end before their handler does: past a time limit, or cancelled
// by the caller (docs/runtime.md#time-limits).
import { RuntimeError } from './errors.js'

/**
 * An action or a message, event or channel handler did not finish within its time limit.
 * For an action, `action` is the type as the caller wrote it; for a handler, `handlerOwner`
 * and `registeredFor` say which (as HandlerError does), and `messageId` the message `receive` got;
 * for a hook, `hook` is its kind (`beforeCallAction`) besides `handlerOwner` and `registeredFor`.
 */
export class TimeLimitError extends RuntimeError {
  readonly limitMs: number
  readonly action: string | undefined
  readonly handlerOwner: string | undefined
  readonly registeredFor: string | undefined
  readonly messageId: string | undefined
  readonly hook: string | undefined

  constructor(options: {
    message: string
    limitMs: number
    action?: string
    handlerOwner?: string
    registeredFor?: string
    messageId?: string
    hook?: string
  }) {
    super('TIME_LIMIT_EXCEEDED', options.message)
    this.limitMs = options.limitMs
    this.action = options.action
    this.handlerOwner = options.handlerOwner
    this.registeredFor = options.registeredFor
    this.messageId = options.messageId
    this.hook = options.hook
  }
}

/** The caller aborted the call's signal. `cause` is the signal's `reason`. */
export class CancelledError extends RuntimeError {
  readonly action: string

  constructor(action: string, message: string, reason: unknown) {
    super('CANCELLED', message, { cause: reason })
    this.action = action
  }
}
