// How the host answers a failure (docs/deploying.md#errors): JSON `{ code, message, issues? }`
// with the runtime's code and the HTTP status that fits it. An error that is no RuntimeError
// (a bug, a handler's own throw) answers 500 without its message, which may hold anything;
// so does any 5xx answer to a webhook (the outside world's request), RuntimeError or not: a
// HANDLER_FAILED or DELIVERY_FAILED repeats the message of what a handler threw.
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
 * The status and body a failure answers with. `toOutside`: the request is a webhook's, from
 * anyone; a failure of the bot's own (5xx) answers its code alone, never its message.
 */
export function errorAnswer(error: unknown, toOutside = false): { status: number; body: ErrorBody } {
  if (error instanceof RuntimeError) {
    const status = statusOfCode(error.code)
    if (toOutside && status >= 500) return { status, body: { code: error.code, message: HIDDEN_MESSAGE } }
    const body: ErrorBody = { code: error.code, message: error.message }
    if (error instanceof ValidationError && error.issues.length > 0) body.issues = error.issues
    return { status, body }
  }
  return { status: 500, body: { code: 'HANDLER_FAILED', message: HIDDEN_MESSAGE } }
}
