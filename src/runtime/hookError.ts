// The error of a hook that throws, or returns what its kind of hook cannot return
// (docs/runtime.md#hooks). Like HandlerError, it names the hook, so that a failure among
// many hooks is found without a debugger.

import { RuntimeError } from './errors.js'
import type { HookKind } from './hookTypes.js'

/** A hook threw (`cause`), or returned a value of the wrong shape. */
export class HookError extends RuntimeError {
  /** whose hook: `bot`, or the plugin instance alias */
  readonly hookOwner: string
  /** which kind of hook: `beforeIncomingMessage`, `beforeOutgoingMessage`, `beforeCallAction`, `afterCallAction` */
  readonly hook: HookKind
  /** the message type, action key or `'*'` the hook was registered for */
  readonly registeredFor: string

  constructor(options: { owner: string; hook: HookKind; registeredFor: string; message: string; cause?: unknown }) {
    super('HOOK_FAILED', options.message, options.cause === undefined ? undefined : { cause: options.cause })
    this.hookOwner = options.owner
    this.hook = options.hook
    this.registeredFor = options.registeredFor
  }
}
