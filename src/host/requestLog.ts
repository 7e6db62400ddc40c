// The host's log (docs/deploying.md#logs): one JSON line per request with its timing, and the
// lines a webhook handler writes through its logger. What a line holds is named here and
// nowhere else, so that no header, query string or body (where a token or secret would be)
// ever reaches it.
import type { HostLogger, WebhookLogger } from './hostOptions.js'

export interface RequestLine {
  method: string
  /** the path alone: a query string may carry a provider's token */
  path: string
  status: number
  durationMs: number
  /** the runtime's code of a failed request */
  code?: string
  /** the codes of the runtime's errors it wraps, outermost first (why a HANDLER_FAILED failed) */
  causes?: string[]
  /** the kind of a failure that is no RuntimeError (its name), never its message */
  error?: string
}

/** Characters JSON.stringify writes as they are, though a terminal obeys them: DEL, C1 controls, bidi controls, U+2028 and U+2029. */
const RAW_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * One log line of `value`: its JSON, with the characters JSON.stringify leaves raw written as
 * `\u` escapes (the same string to a JSON reader), so that a path or a field from the outside
 * world cannot drive the terminal serve's log is shown on (as the compiler's
 * `escapeRawInJson`, src/diagnostics/render/terminalText.ts, which the host cannot import).
 */
export function logLine(value: object): string {
  return JSON.stringify(value).replace(RAW_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function writeRequestLine(logger: HostLogger | undefined, line: RequestLine): void {
  if (!logger) return
  logger(logLine({ time: new Date().toISOString(), level: line.status >= 500 ? 'error' : 'info', msg: 'request', ...line }))
}

/**
 * `botId`: the bot's, when the host serves several. Fields JSON cannot write (a cycle, a
 * bigint, a getter that throws) are left out of the line, which says so: logging never
 * fails the handler.
 */
export function webhookLogger(logger: HostLogger | undefined, alias: string, botId?: string): WebhookLogger {
  const write =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields: { readonly [key: string]: unknown } = {}): void => {
      if (!logger) return
      const line = { time: new Date().toISOString(), level, msg: String(message), webhook: alias, ...(botId === undefined ? {} : { bot: botId }) }
      let text: string
      try {
        text = logLine({ ...fields, ...line })
      } catch {
        text = logLine({ ...line, fields: 'left out: JSON cannot write them' })
      }
      logger(text)
    }
  return { info: write('info'), warn: write('warn'), error: write('error') }
}
