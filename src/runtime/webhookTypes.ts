// The types of an integration's webhook (docs/deploying.md#webhooks): the handler its
// implementation declares (`new Integration({ handler })`), what it gets, and `identify`,
// which an integration that declares an `identifier` gives so that one webhook URL serves
// every bot that adds it. The runtime's types compile without DOM or Node types, so the
// request and the response are the platform's where its types are loaded, else the little
// the runtime needs of them.
import type { HandlerSignal } from './channelTypes.js'

/** What the runtime needs of a web-standard Request. */
export interface RequestLike {
  readonly method: string
  readonly url: string
  text(): Promise<string>
  clone(): RequestLike
}

/** What the runtime needs of a web-standard Response. */
export interface ResponseLike {
  readonly status: number
  readonly headers: unknown
}

/** The platform's `Request` where its types are loaded, else `RequestLike`. */
export type WebRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : RequestLike
/** The platform's `Response` where its types are loaded, else `ResponseLike`. */
export type WebResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : ResponseLike

/** Fields beside a log line's message; never a secret. */
export type LogFields = { readonly [key: string]: unknown }

/** The logger a webhook handler gets: the host writes each call as one JSON line with its alias. */
export interface WebhookLogger {
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

/** What an implementation's webhook handler gets. Ctx: the integration's context and its alias; Client: its client. */
export interface IntegrationWebhookArgs<Ctx, Client> {
  /** the outside world's request, as it came (its body still unread) */
  req: WebRequest
  /** the integration's client outside any call: its conversations, users, incoming messages, events, channel messages and states */
  client: Client
  /** the bot's id, the alias it adds the integration as, its configuration and the integration's own secrets, as its actions get them */
  ctx: Ctx & { alias: string }
  logger: WebhookLogger
  /** fires when the handlers' time limit is over */
  signal: HandlerSignal
}

/** What a webhook handler written beside the bot gets (the host's `webhooks` option); Client: the integration's client, as `runtime.integration(alias)` gives it. */
export interface WebhookArgsBesideBot<Client> {
  /** the outside world's request, as it came (its body still unread) */
  req: WebRequest
  client: Client
  ctx: { botId: string; alias: string }
  logger: WebhookLogger
  /** fires when the handlers' time limit is over */
  signal: HandlerSignal
}

/** Answers the request with the Response it returns; with 200 and no body when it returns nothing. */
export type IntegrationWebhookHandler<Ctx, Client> = (args: IntegrationWebhookArgs<Ctx, Client>) => WebResponse | undefined | Promise<WebResponse | undefined>

/** Reads from a request the identifier of the bot it is for (docs/deploying.md#identifier-routing); undefined when it names none. */
export type IdentifyHandler = (args: { req: WebRequest }) => string | undefined | Promise<string | undefined>

/** An alias whose integration's implementation has a webhook handler, as `runtime.webhooks()` lists it. */
export interface WebhookRoute {
  alias: string
  /** the integration's name */
  integration: string
  /** the value of the integration's identifier in this bot's configuration of the alias; absent when the integration declares no identifier */
  identifier?: string
}
