// The errors the runtime throws. Every one is a `RuntimeError` (an Error subclass) with a
// stable `code`, so callers can tell them apart without parsing messages.

export type RuntimeErrorCode =
  /** createMessage / receive got an invalid message (payload, tags, ids, type) */
  | 'INVALID_MESSAGE'
  /** a client call got an invalid argument (limit, id, update tags) */
  | 'INVALID_ARGUMENT'
  /** listMessages got a nextToken it did not issue, or one of another conversation */
  | 'INVALID_NEXT_TOKEN'
  /** no message, conversation or user has that id (or not one the client may see) */
  | 'NOT_FOUND'
  /** an action's input does not match its schema */
  | 'INVALID_INPUT'
  /** an action's handler returned an output that does not match its schema */
  | 'INVALID_OUTPUT'
  /** an event payload does not match its schema */
  | 'INVALID_EVENT'
  /** an integration's or plugin's configuration (secrets resolved) does not match its schema */
  | 'INVALID_CONFIGURATION'
  /** a `{ $secret: NAME }` configuration value has no value in the environment */
  | 'MISSING_SECRET'
  /** an integration or plugin implementation, or an action handler, was not given */
  | 'MISSING_IMPLEMENTATION'
  /** callAction got a type that names no action */
  | 'UNKNOWN_ACTION'
  /** emitEvent got a type that names no event */
  | 'UNKNOWN_EVENT'
  /** an action handler threw; the original error is the `cause` */
  | 'ACTION_FAILED'
  /** a message or event handler threw; the original error is the `cause` */
  | 'HANDLER_FAILED'
  /** createRuntime was given options that do not fit the bot */
  | 'INVALID_RUNTIME_OPTIONS'
  /** a hook threw or returned what its kind of hook cannot return (HookError) */
  | 'HOOK_FAILED'
  /** sendChannelMessage or streamAction named no channel or message of the integration */
  | 'UNKNOWN_CHANNEL'
  /** a channel message's payload does not match its schema, or a call sent it after its message marked complete */
  | 'INVALID_CHANNEL_MESSAGE'
  /** an action or handler did not finish within its time limit (TimeLimitError) */
  | 'TIME_LIMIT_EXCEEDED'
  /** the caller cancelled the call with its AbortSignal (CancelledError) */
  | 'CANCELLED'
  /** an action, channel message or event of an integration the bot disables (`enabled: false`) */
  | 'INTEGRATION_DISABLED'
  /** a store was given options it cannot work with (a schema name that is no plain identifier, say) */
  | 'INVALID_STORE_OPTIONS'
  /** a store cannot reach its database, finds it in use by another process, or finds its schema newer than it knows */
  | 'STORE_UNAVAILABLE'
  /** an integration's channel did not deliver a message: its handler threw, was missing or ran out of time (DeliveryError) */
  | 'DELIVERY_FAILED'
  /** a state call named a state its owner does not declare (docs/runtime.md#states) */
  | 'UNKNOWN_STATE'
  /** a state's payload does not match its schema: nothing was stored, the old value is kept */
  | 'INVALID_STATE'
  /** a background schedule could not start: a recurring event's cron expression that does not parse */
  | 'INVALID_RECURRENCE'
  /** the host (@botwire/host) was given options it cannot work with: a hostname other than localhost without a token, say (docs/deploying.md) */
  | 'INVALID_HOST_OPTIONS'
  /** an HTTP request to the host without the bearer token, or with another one (docs/deploying.md#the-json-endpoints) */
  | 'UNAUTHORIZED'
  /** an HTTP request whose body is larger than the host's `bodyLimitBytes` (docs/deploying.md#limits) */
  | 'PAYLOAD_TOO_LARGE'
  /** an HTTP request the host cannot read: a body that is no JSON, a path or method it does not serve (docs/deploying.md#the-json-endpoints) */
  | 'INVALID_REQUEST'

/**
 * `ErrorOptions`, spelled out: lib's own is ES2022, and a public declaration that names it
 * would not compile for a consumer whose `lib` is older (with `skipLibCheck` off).
 */
export interface RuntimeErrorOptions {
  cause?: unknown
}

/** Base class of every error the runtime throws. */
export class RuntimeError extends Error {
  readonly code: RuntimeErrorCode

  constructor(code: RuntimeErrorCode, message: string, options?: RuntimeErrorOptions) {
    super(message, options)
    this.code = code
    this.name = new.target.name
  }
}

/** How many problems a ValidationError lists; the others are counted in `omittedIssues`. */
export const MAX_LISTED_ISSUES = 20
/** How long one listed problem may be (a path through hostile keys can be long); longer ones are cut, with `…`. */
export const MAX_ISSUE_LENGTH = 500

function cut(issue: string): string {
  return issue.length > MAX_ISSUE_LENGTH ? `${issue.slice(0, MAX_ISSUE_LENGTH - 1)}…` : issue
}

/**
 * A value did not match what was expected; `issues` lists each problem as `path: what`:
 * the first 20 found, each cut at 500 characters, so that a message with thousands of
 * problems gives a short error (`omittedIssues` says how many more there were).
 */
export class ValidationError extends RuntimeError {
  readonly issues: readonly string[]
  /** how many problems were found beyond the ones `issues` lists */
  readonly omittedIssues: number

  constructor(code: RuntimeErrorCode, summary: string, issues: readonly string[]) {
    const listed = issues.slice(0, MAX_LISTED_ISSUES).map(cut)
    const omitted = issues.length - listed.length
    const more = omitted > 0 ? `; and ${omitted} more problem${omitted === 1 ? '' : 's'}` : ''
    super(code, listed.length > 0 ? `${summary}: ${listed.join('; ')}${more}` : summary)
    this.issues = listed
    this.omittedIssues = omitted
  }
}

/** No message (or conversation, or user) has the given id. */
export class NotFoundError extends RuntimeError {
  readonly id: string

  constructor(id: string, operation: string, what: 'message' | 'conversation' | 'user' = 'message') {
    super('NOT_FOUND', `${operation}: no ${what} has id '${id}'`)
    this.id = id
  }
}

/**
 * An integration's channel did not deliver a message the bot or a plugin created: the
 * message stays stored, its `delivery` says `failed`, and `cause` is what went wrong.
 */
export class DeliveryError extends RuntimeError {
  readonly messageId: string
  /** the alias of the integration and the channel that were to deliver it */
  readonly integration: string
  readonly channel: string

  constructor(options: { messageId: string; integration: string; channel: string; message: string; cause: unknown }) {
    super('DELIVERY_FAILED', options.message, { cause: options.cause })
    this.messageId = options.messageId
    this.integration = options.integration
    this.channel = options.channel
  }
}

/** A `{ $secret: NAME }` value, or a required secret an integration declares, has no value in the runtime's environment. */
export class MissingSecretError extends RuntimeError {
  readonly secret: string

  constructor(secret: string, owner: string) {
    super(
      'MISSING_SECRET',
      `${owner} needs the secret ${secret}, which is not set: set the environment variable ${secret} (or pass it in createRuntime({ env }))`,
    )
    this.secret = secret
  }
}

/** An integration or plugin implementation, or one of its action handlers, is missing. */
export class MissingImplementationError extends RuntimeError {
  /** from `runtime.verify()` (or `verify: true`): every one missing, a line each; else empty */
  readonly missing: readonly string[]

  constructor(message: string, missing: readonly string[] = []) {
    super('MISSING_IMPLEMENTATION', message)
    this.missing = missing
  }
}

/** callAction or emitEvent named something that does not exist. */
export class UnknownTargetError extends RuntimeError {
  constructor(code: 'UNKNOWN_ACTION' | 'UNKNOWN_EVENT' | 'UNKNOWN_CHANNEL', message: string) {
    super(code, message)
  }
}

/** An action handler threw. `action` is the type the caller used; `cause` is what was thrown. */
export class ActionError extends RuntimeError {
  readonly action: string

  constructor(action: string, message: string, cause: unknown) {
    super('ACTION_FAILED', message, { cause })
    this.action = action
  }
}

/** A message or event handler threw. `cause` is what was thrown. */
export class HandlerError extends RuntimeError {
  /** which handler: `bot`, or the plugin instance alias */
  readonly handlerOwner: string
  /** the message type, `'*'`, or the event type the handler was registered for */
  readonly registeredFor: string
  /** the incoming message (receive) it failed on; it stays stored */
  readonly messageId: string | undefined

  constructor(options: { owner: string; registeredFor: string; messageId?: string; message: string; cause: unknown }) {
    super('HANDLER_FAILED', options.message, { cause: options.cause })
    this.handlerOwner = options.owner
    this.registeredFor = options.registeredFor
    this.messageId = options.messageId
  }
}

/**
 * The message of any thrown value: an Error's message, a string as it is, an object's
 * `message` or its JSON. Never throws itself, whatever was thrown (an object without a
 * prototype cannot be converted to a string).
 */
export function messageOf(error: unknown): string {
  try {
    if (error instanceof Error) return error.message
    if (typeof error === 'string') return error
    if (typeof error === 'object' && error !== null) {
      const message = (error as { message?: unknown }).message
      if (typeof message === 'string') return message
      const json = JSON.stringify(error)
      if (json !== undefined) return json
    }
    return String(error)
  } catch {
    return `a thrown ${error === null ? 'null' : typeof error} that cannot be shown as text`
  }
}
