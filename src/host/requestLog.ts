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

export function writeRequestLine(logger: HostLogger | undefined, line: RequestLine): void {
  if (!logger) return
  logger(JSON.stringify({ time: new Date().toISOString(), level: line.status >= 500 ? 'error' : 'info', msg: 'request', ...line }))
}

/** `botId`: the bot's, when the host serves several. */
export function webhookLogger(logger: HostLogger | undefined, alias: string, botId?: string): WebhookLogger {
  const write =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields: { readonly [key: string]: unknown } = {}): void => {
      if (!logger) return
      logger(JSON.stringify({ ...fields, time: new Date().toISOString(), level, msg: message, webhook: alias, ...(botId === undefined ? {} : { bot: botId }) }))
    }
  return { info: write('info'), warn: write('warn'), error: write('error') }
}
