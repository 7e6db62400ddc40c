// How the host answers a failure (docs/deploying.md#errors): JSON `{ code, message, issues? }`
// with the runtime's code and the HTTP status that fits it. An error that is no RuntimeError
// (a bug, a handler's own throw) answers 500 without its message, which may hold anything,
// and so does a RuntimeError that wraps one (a bot handler's throw), and any 5xx answer to a
// webhook (the outside world's request), RuntimeError or not.
import { RuntimeError, type RuntimeErrorCode, ValidationError } from '@botwire/runtime'

export interface ErrorBody {
  code: RuntimeErrorCode
  message: string
  issues?: readonly string[]
}

const STATUS_OF_CODE: { readonly [code in RuntimeErrorCode]: number } = {
  INVALID_MESSAGE: 400,
  INVALID_ARGUMENT: 400,
  INVALID_NEXT_TOKEN: 400,
  INVALID_INPUT: 400,
  INVALID_EVENT: 400,
  INVALID_CHANNEL_MESSAGE: 400,
  INVALID_STATE: 400,
  INVALID_REQUEST: 400,
  UNKNOWN_ACTION: 400,
  UNKNOWN_EVENT: 400,
  UNKNOWN_CHANNEL: 400,
  UNKNOWN_STATE: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  INTEGRATION_DISABLED: 409,
  PAYLOAD_TOO_LARGE: 413,
  CANCELLED: 503,
  STORE_UNAVAILABLE: 503,
  TIME_LIMIT_EXCEEDED: 504,
  // the bot's own failures and its deployment's: the caller did nothing wrong
  INVALID_OUTPUT: 500,
  ACTION_FAILED: 500,
  HANDLER_FAILED: 500,
  HOOK_FAILED: 500,
  DELIVERY_FAILED: 502,
  INVALID_CONFIGURATION: 500,
  MISSING_SECRET: 500,
  MISSING_IMPLEMENTATION: 500,
  INVALID_RUNTIME_OPTIONS: 500,
  INVALID_STORE_OPTIONS: 500,
  INVALID_RECURRENCE: 500,
  INVALID_HOST_OPTIONS: 500,
}

export function statusOfCode(code: RuntimeErrorCode): number {
  return STATUS_OF_CODE[code]
}

const HIDDEN_MESSAGE = 'the request failed: see the host log'

/**
 * The first of a RuntimeError's causes that is no RuntimeError (a handler's own throw, which
 * `HANDLER_FAILED`, `ACTION_FAILED`, `HOOK_FAILED` and `DELIVERY_FAILED` wrap, their message
 * ending in its message), or undefined when every cause is the runtime's own.
 */
export function foreignCause(error: RuntimeError): unknown {
  let cause: unknown = error.cause
  for (let depth = 0; cause instanceof RuntimeError && depth < 64; depth++) cause = cause.cause
  return cause instanceof RuntimeError ? undefined : cause
}

/**
 * The status and body a failure answers with: its code, and its message unless that may hold
 * what a handler threw (a wrapped throw), or unless `toOutside` (a webhook's request, from
 * anyone) and the failure is the bot's own (5xx).
 */
export function errorAnswer(error: unknown, toOutside = false): { status: number; body: ErrorBody } {
  if (error instanceof RuntimeError) {
    const status = statusOfCode(error.code)
    if ((toOutside && status >= 500) || foreignCause(error) !== undefined) return { status, body: { code: error.code, message: HIDDEN_MESSAGE } }
    const body: ErrorBody = { code: error.code, message: error.message }
    if (error instanceof ValidationError && error.issues.length > 0) body.issues = error.issues
    return { status, body }
  }
  return { status: 500, body: { code: 'HANDLER_FAILED', message: HIDDEN_MESSAGE } }
}

/** The codes of the RuntimeErrors a RuntimeError wraps, outermost first: `['ACTION_FAILED', 'MISSING_SECRET']` under a `HANDLER_FAILED`. */
function causeCodes(error: RuntimeError): string[] {
  const codes: string[] = []
  for (let cause = error.cause; cause instanceof RuntimeError && codes.length < 64; cause = cause.cause) codes.push(cause.code)
  return codes
}

/**
 * What the request's log line says of a failure, never a message: its code, the codes of the
 * runtime's errors it wraps (`causes`), and for a handler's own throw, wrapped or not, the error's name.
 */
export function failureFields(error: unknown, code: RuntimeErrorCode): { code: string; causes?: string[]; error?: string } {
  const causes = error instanceof RuntimeError ? causeCodes(error) : []
  const thrown = error instanceof RuntimeError ? foreignCause(error) : error
  return {
    code,
    ...(causes.length === 0 ? {} : { causes }),
    ...(thrown === undefined ? {} : { error: thrown instanceof Error ? thrown.name : typeof thrown }),
  }
}
