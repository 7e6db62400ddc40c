// What createHost takes (docs/deploying.md#createhost): the running bot, or bots, it serves
// and how to serve them. Resolved once into `ResolvedHostOptions`, refusing options that
// would expose a bot (a hostname other than localhost without a token) and webhooks that
// could not be routed (two for one alias, one identifier for two aliases).
import type { IncomingMessages, IntegrationConversationClient, RequestLike, WebhookArgsBesideBot, WebhookLogger, WebhookRoute } from '@botwire/runtime'
import { RuntimeError } from '@botwire/runtime'

/** What the host needs of a runtime (a `Runtime` from createRuntime is one). */
export interface HostedRuntime {
  readonly botId: string
  /** the bot's client: its messaging operations and callAction are the JSON endpoints */
  readonly client: object
  integration(alias: string): IntegrationConversationClient & IncomingMessages
  /** the aliases whose implementation has a webhook handler, with their configured identifiers */
  webhooks(): WebhookRoute[]
  /** runs the webhook handler of `alias` on `req` under the handlers' time limit: the implementation's, or `besideBot` */
  handleWebhook(alias: string, req: RequestLike, logger: WebhookLogger, besideBot?: WebhookHandler): Promise<unknown>
  /** what the implementation of the integration at `alias` reads of `req` as its identifier */
  identifyWebhook(alias: string, req: RequestLike): Promise<string | undefined>
}

/** Where the host writes: one line of JSON each call, never a secret or the token. */
export type HostLogger = (line: string) => void

export type { WebhookLogger }

/** What a webhook handler written beside the bot gets (docs/deploying.md#webhooks): `req`, `client` (as `runtime.integration(alias)` gives it), `ctx`, `logger` and `signal`. */
export type WebhookArgs = WebhookArgsBesideBot<IntegrationConversationClient & IncomingMessages>

/** Answers the request with the Response it returns; with 200 and no body when it returns nothing. */
export type WebhookHandler = (args: WebhookArgs) => Response | undefined | Promise<Response | undefined>

interface ServingOptions {
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

/** One bot, at `/webhooks/<alias>` and `/api/<operation>`. */
export interface SingleBotHostOptions extends ServingOptions {
  runtime: HostedRuntime
  runtimes?: undefined
  /** integration alias -> a webhook handler written beside the bot, served at `/webhooks/<alias>` (for an integration whose implementation has none) */
  webhooks?: { readonly [alias: string]: WebhookHandler }
}

/** Several bots, each at `/bots/<botId>/webhooks/<alias>` and `/bots/<botId>/api/<operation>`. */
export interface ManyBotsHostOptions extends ServingOptions {
  runtimes: readonly HostedRuntime[]
  runtime?: undefined
  webhooks?: undefined
}

export type HostOptions = SingleBotHostOptions | ManyBotsHostOptions

/** How the bots are served (their routes are servedBots.ts's). */
export interface ResolvedHostOptions {
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
  // a header value loses its spaces at either end, and its bytes beyond ASCII are read as Latin-1: such a token could never be presented
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
    throw new RuntimeError(
      'INVALID_HOST_OPTIONS',
      'createHost: token must be printable ASCII without spaces (letters, digits, punctuation): no client could send another in its Authorization header',
    )
  if (!LOCAL_HOSTNAMES.has(hostname) && token === undefined)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: hostname '${hostname}' is reachable from other machines: give a token, or bind to 127.0.0.1`)
  const port = options.port ?? DEFAULT_HOST_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: port must be an integer from 0 to 65535, got ${String(port)}`)
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  if (!Number.isInteger(bodyLimitBytes) || bodyLimitBytes < 1)
    throw new RuntimeError('INVALID_HOST_OPTIONS', `createHost: bodyLimitBytes must be a positive integer, got ${String(bodyLimitBytes)}`)
  return { token, hostname, port, bodyLimitBytes, logger: options.logger }
}
