// What createHost takes (docs/deploying.md#createhost): the running bot it serves and how to
// serve it. Resolved once into `ResolvedHostOptions`, refusing options that would expose the
// bot (a hostname other than localhost without a token).
import type { IncomingMessages, IntegrationConversationClient } from '@botwire/runtime'
import { RuntimeError } from '@botwire/runtime'

/** What the host needs of a runtime (a `Runtime` from createRuntime is one). */
export interface HostedRuntime {
  readonly botId: string
  /** the bot's client: its messaging operations and callAction are the JSON endpoints */
  readonly client: object
  integration(alias: string): IntegrationConversationClient & IncomingMessages
}

/** Where the host writes: one line of JSON each call, never a secret or the token. */
export type HostLogger = (line: string) => void

/** The logger a webhook handler gets: each call writes one JSON line with its alias. */
export interface WebhookLogger {
  info(message: string, fields?: { readonly [key: string]: unknown }): void
  warn(message: string, fields?: { readonly [key: string]: unknown }): void
  error(message: string, fields?: { readonly [key: string]: unknown }): void
}

/** What a webhook handler gets (docs/deploying.md#webhooks). */
export interface WebhookArgs {
  /** the outside world's request, as it came */
  req: Request
  /** the integration's client, as `runtime.integration(alias)` gives it */
  client: IntegrationConversationClient & IncomingMessages
  ctx: { botId: string; alias: string }
  logger: WebhookLogger
}

/** Answers the request with the Response it returns; with 200 and no body when it returns nothing. */
export type WebhookHandler = (args: WebhookArgs) => Response | undefined | Promise<Response | undefined>

export interface HostOptions {
  runtime: HostedRuntime
  /** integration alias -> its webhook handler, served at `/webhooks/<alias>` */
  webhooks?: { readonly [alias: string]: WebhookHandler }
  /** the bearer token of the JSON endpoints; without one, they answer 401 to every request */
  token?: string | undefined
  /** default 127.0.0.1; any other than localhost needs a token */
  hostname?: string | undefined
  /** default 3000; 0 picks a free port */
  port?: number
  /** the largest request body, in bytes; default 1 MiB */
  bodyLimitBytes?: number
  /** default none: nothing is logged */
  logger?: HostLogger
}

export interface ResolvedHostOptions {
  runtime: HostedRuntime
  webhooks: ReadonlyMap<string, WebhookHandler>
  token: string | undefined
  hostname: string
  port: number
  bodyLimitBytes: number
  logger: HostLogger | undefined
}

export const DEFAULT_HOST_PORT = 3000
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024
const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1'])

export function resolveHostOptions(options: HostOptions): ResolvedHostOptions {
  const hostname = options.hostname ?? '127.0.0.1'
  const token = options.token
  if (token !== undefined && token.length < 16) throw new RuntimeError('INVALID_HOST_OPTIONS', 'createHost: token must be at least 16 characters long')
  if (!LOCAL_HOSTNAMES.has(hostname) && token === undefined)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: hostname '${hostname}' is reachable from other machines: give a token, or bind to 127.0.0.1`)
  const port = options.port ?? DEFAULT_HOST_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: port must be an integer from 0 to 65535, got ${String(port)}`)
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  if (!Number.isInteger(bodyLimitBytes) || bodyLimitBytes < 1)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: bodyLimitBytes must be a positive integer, got ${String(bodyLimitBytes)}`)
  const webhooks = new Map<string, WebhookHandler>()
  for (const [alias, handler] of Object.entries(options.webhooks ?? {})) {
    if (typeof handler !== 'function') throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: webhooks['${alias}'] must be a function`)
    // the runtime refuses an alias the bot does not add: a typo fails here, not at the first request
    try {
      options.runtime.integration(alias)
    } catch (error) {
      throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: webhooks['${alias}']: ${error instanceof Error ? error.message : String(error)}`)
    }
    webhooks.set(alias, handler)
  }
  return { runtime: options.runtime, webhooks, token, hostname, port, bodyLimitBytes, logger: options.logger }
}
