// The helpdesk bot of the `conversations` fixture served by a host: slack's webhook turns a
// posted `{ channel, thread, user, ts, text }` into a user, a conversation and an incoming
// message; the bot answers each text with `echo: <text>`, which slack's `thread` channel
// "delivers" into `delivered`.
import { type Clock, createRuntime, type RuntimeStores } from '@botwire/runtime'
import { createHost, type SingleBotHostOptions, type WebhookArgs, type WebhookHandler } from '../../src/host/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'

export const TOKEN = 'test-token-0123456789abcdef'

export interface Delivered {
  text: unknown
  conversationTags: unknown
}

/** What slack's webhook does with a posted event: its user, conversation and incoming message. */
async function receiveSlackEvent({ req, client, logger }: Pick<WebhookArgs, 'req' | 'client' | 'logger'>) {
  const event = (await req.json()) as { channel: string; thread: string; user: string; ts: string; text: string }
  const { user } = await client.getOrCreateUser({ tags: { slackUserId: event.user } })
  const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: event.channel, threadTs: event.thread } })
  const { message } = await client.createMessage({
    conversationId: conversation.id,
    userId: user.id,
    type: 'text',
    payload: { text: event.text },
    tags: { ts: event.ts },
  })
  logger.info('message received', { messageId: message.id })
  return { ok: true, conversationId: conversation.id, messageId: message.id }
}

export const slackWebhook: WebhookHandler = async (args) => Response.json(await receiveSlackEvent(args))

/** What slack's implementation takes as its own webhook handler. */
export type SlackHandler = NonNullable<ConstructorParameters<typeof Slack>[0]['handler']>

/** slack's webhook as its implementation's handler: the same work as `slackWebhook`, with the integration's own client and context. */
export const slackHandler: SlackHandler = async ({ req, client, ctx, logger }) =>
  Response.json({ ...(await receiveSlackEvent({ req, client, logger })), botId: ctx.botId, alias: ctx.alias })

export interface BotRuntimeOptions {
  /** the stores the bot runs on (in memory when none) */
  stores?: RuntimeStores
  /** slack's implementation's own webhook handler */
  handler?: SlackHandler
  clock?: Clock
  handlerMs?: number
}

export function botRuntime(options: BotRuntimeOptions = {}) {
  const delivered: Delivered[] = []
  let counter = 0
  const slack = new Slack({
    actions: {},
    channels: {
      thread: {
        messages: {
          text: async ({ payload, conversation, ack }) => {
            delivered.push({ text: payload.text, conversationTags: conversation.tags })
            await ack({ tags: { ts: `1700000000.${++counter}` } })
          },
        },
      },
    },
    ...(options.handler && { handler: options.handler }),
  })
  const bot = new Bot()
  bot.on.message('text', async ({ message, client, conversation }) => {
    if (message.userId === 'helpdesk') return
    await client.createMessage({
      conversationId: conversation.id,
      userId: 'helpdesk',
      type: 'text',
      payload: { text: `echo: ${message.payload.text}` },
      tags: {},
    })
  })
  const runtime = createRuntime({
    bot,
    integrations: { slack },
    plugins: { greeter: new Greeter({ actions: {} }) },
    ...options.stores,
    ...(options.clock && { clock: options.clock }),
    ...(options.handlerMs !== undefined && { timeLimits: { handlerMs: options.handlerMs } }),
  })
  return { runtime, delivered }
}

/** A started host on a free port with slack's webhook and the token, the bot on `stores` (in memory when none); `lines` is its log. */
export async function startHost(options: Partial<SingleBotHostOptions> & { stores?: RuntimeStores } = {}) {
  const { stores, ...hostOptions } = options
  const world = botRuntime(stores ? { stores } : {})
  const lines: string[] = []
  const host = await createHost({
    runtime: world.runtime,
    webhooks: { slack: slackWebhook },
    token: TOKEN,
    port: 0,
    logger: (line) => lines.push(line),
    ...hostOptions,
  })
  return { ...world, host, lines }
}

export function post(url: string, body: unknown, headers: { [name: string]: string } = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
}

export const bearer = { Authorization: `Bearer ${TOKEN}` }
