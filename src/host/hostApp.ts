// The host's routes (docs/deploying.md), on Hono: health and readiness, the integrations'
// webhooks (`/webhooks/<alias>`, each reaching only its own alias's client), and the bot's
// messaging operations and callAction as JSON endpoints (`POST /api/<operation>`) behind the
// bearer token, checked before a body is read. Every request body is size-limited; every
// request writes one log line.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { RuntimeError } from '@botwire/runtime'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { errorAnswer, failureFields } from './errorAnswers.js'
import type { ResolvedHostOptions } from './hostOptions.js'
import { webhookLogger, writeRequestLine } from './requestLog.js'
import type { ServedBot, ServedBots } from './servedBots.js'

/** The bot client's operations the host serves at `POST /api/<operation>`, each given the request's JSON body. */
export const HOSTED_OPERATIONS: readonly string[] = [
  'createMessage',
  'getMessage',
  'listMessages',
  'updateMessage',
  'deleteMessage',
  'getConversation',
  'listConversations',
  'updateConversation',
  'getUser',
  'updateUser',
  'callAction',
]

/** `incoming`: @hono/node-server's request, which says whether the client sent it whole. */
type HostEnv = { Bindings: { incoming?: IncomingMessage }; Variables: { failure: { code?: string; causes?: string[]; error?: string } } }

/** What the app reads of the host's life: whether it is closing (not ready, connections closed after their answer). */
export interface HostState {
  closing: boolean
  /** called after each answer while closing, so that kept-alive connections do not hold the close */
  answered(): void
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** `toOutside`: a webhook's request, answered without the message of a 5xx failure (errorAnswers.ts). */
function fail(c: Context<HostEnv>, thrown: unknown, toOutside = false): Response {
  const incoming = c.env?.incoming
  // a body read that failed because the client went away mid-body is its request's fault, not the bot's
  const error =
    !(thrown instanceof RuntimeError) && incoming !== undefined && !incoming.complete && incoming.destroyed
      ? new RuntimeError('INVALID_REQUEST', 'the request body did not arrive whole: the client closed the connection')
      : thrown
  const { status, body } = errorAnswer(error, toOutside)
  c.set('failure', failureFields(error, body.code))
  return c.json(body, status as 400)
}

async function jsonBody(c: Context<HostEnv>, operation: string): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') throw new RuntimeError('INVALID_REQUEST', `${operation}: expected a JSON body`)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new RuntimeError('INVALID_REQUEST', `${operation}: the body is not JSON`)
  }
}

export function hostApp(options: ResolvedHostOptions, served: ServedBots, state: HostState): Hono<HostEnv> {
  const app = new Hono<HostEnv>()
  const token = options.token === undefined ? undefined : digest(options.token)

  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    if (state.closing) c.header('Connection', 'close')
    const failure = c.get('failure')
    writeRequestLine(options.logger, {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      ...failure,
    })
    if (state.closing) state.answered()
  })
  // the token is checked before the body limit reads a body: a request without the right token
  // is answered 401 with its body unread, and its connection closed rather than drained
  const apiPath = served.manyBots ? '/bots/:botId/api/*' : '/api/*'
  app.use(apiPath, async (c, next) => {
    const presented = /^Bearer (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (token !== undefined && presented !== undefined && timingSafeEqual(digest(presented), token)) return next()
    c.header('Connection', 'close')
    return fail(c, new RuntimeError('UNAUTHORIZED', 'the JSON endpoints need the header Authorization: Bearer <token>'))
  })
  app.use(
    bodyLimit({
      maxSize: options.bodyLimitBytes,
      onError: (c) => fail(c as Context<HostEnv>, new RuntimeError('PAYLOAD_TOO_LARGE', `the request body is larger than ${options.bodyLimitBytes} bytes`)),
    }),
  )

  app.get('/health', (c) => c.json({ status: 'ok' }))
  app.get('/ready', (c) => (state.closing ? c.json({ status: 'closing' }, 503) : c.json({ status: 'ready' })))

  /** The bot of a request: the one, or the one its `/bots/<botId>` names. */
  const botOf = (c: Context<HostEnv>): ServedBot => {
    const id = c.req.param('botId')
    const bot = id === undefined ? served.bots.values().next().value : served.bots.get(id)
    if (bot === undefined) throw new RuntimeError('NOT_FOUND', `no bot '${id}' is served here`)
    return bot
  }

  const answerWebhook = async (c: Context<HostEnv>, bot: ServedBot, alias: string): Promise<Response> => {
    const webhook = bot.webhooks.get(alias)
    if (webhook === undefined) throw new RuntimeError('NOT_FOUND', `no webhook is served for alias '${alias}'`)
    const runtime = bot.runtime
    const logger = webhookLogger(options.logger, alias, served.manyBots ? runtime.botId : undefined)
    // either handler runs in the runtime, under its handlers' time limit
    const answer = await runtime.handleWebhook(alias, c.req.raw, logger, webhook.kind === 'implementation' ? undefined : webhook.handler)
    if (answer === undefined) return c.body(null, 200)
    if (!(answer instanceof Response)) throw new TypeError(`the webhook handler of '${alias}' returned neither a Response nor nothing`)
    return answer
  }

  // one URL for every bot that adds the integration: its implementation's identify reads the
  // request's identifier, which routes to the alias configured with it (docs/deploying.md#identifier-routing)
  app.all('/webhooks/integration/:name', async (c) => {
    const name = c.req.param('name')
    try {
      const byIdentifier = served.identified.get(name)
      const first = byIdentifier?.values().next().value
      if (byIdentifier === undefined || first === undefined) throw new RuntimeError('NOT_FOUND', `no webhook is served for integration '${name}' by identifier`)
      const identifier = await first.bot.runtime.identifyWebhook(first.alias, c.req.raw)
      const target = identifier === undefined ? undefined : byIdentifier.get(identifier)
      // the identifier is the outside world's: not repeated in the answer or the log
      if (target === undefined)
        throw new RuntimeError('NOT_FOUND', `no bot served here is configured with the identifier this request names for integration '${name}'`)
      return await answerWebhook(c, target.bot, target.alias)
    } catch (error) {
      return fail(c, error, true)
    }
  })

  const webhookPath = served.manyBots ? '/bots/:botId/webhooks/:alias' : '/webhooks/:alias'
  app.all(webhookPath, async (c) => {
    try {
      return await answerWebhook(c, botOf(c), c.req.param('alias') ?? '')
    } catch (error) {
      return fail(c, error, true)
    }
  })

  app.post(served.manyBots ? '/bots/:botId/api/:operation' : '/api/:operation', async (c) => {
    const operation = c.req.param('operation') ?? ''
    try {
      // the token was checked before the body was read (above)
      const { client } = botOf(c).runtime
      if (!HOSTED_OPERATIONS.includes(operation))
        throw new RuntimeError('NOT_FOUND', `no operation '${operation}' (the operations: ${HOSTED_OPERATIONS.join(', ')})`)
      const input = await jsonBody(c, operation)
      const method = (client as { readonly [name: string]: unknown })[operation]
      if (typeof method !== 'function') throw new RuntimeError('NOT_FOUND', `the runtime's client has no operation '${operation}'`)
      const result: unknown = await (method as (input: unknown) => unknown).call(client, input)
      return c.json(result ?? {})
    } catch (error) {
      return fail(c, error)
    }
  })

  app.notFound((c) => fail(c, new RuntimeError('NOT_FOUND', `no route ${c.req.method} ${c.req.path}`)))
  app.onError((error, c) => fail(c, error))
  return app
}
