// One of several processes serving one bot on one PostgreSQL schema (docs/deploying.md#several-processes),
// as the several-processes test and the benchmark start it: the helpdesk bot of the
// `conversations` fixture on @botwire/store-postgres (its messages, conversations, users,
// states and turns), served by the host; run from a folder whose tsconfig maps nothing
// (test/host/servedProcess.ts), so that @botwire/runtime is the built package. slack's webhook takes
// `{ thread, user, ts, text }` and gives `ts` as the message's idempotency key; the bot
// answers each text with `echo: <text>` after HANDLER_PAUSE_MS, except 'block', on which
// its handler prints `blocked` and never returns (the test kills the process then).
//
// env: DATABASE_URL, SCHEMA, PORT, MAX_CONNECTIONS and TURN_LEASE_MS (default the store's), HANDLER_PAUSE_MS (default 0)
import { createRuntime } from '@botwire/runtime'
import { createHost, type WebhookHandler } from '../../src/host/index.js'
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'

const env = process.env
const pauseMs = Number(env['HANDLER_PAUSE_MS'] ?? '0')
const store = await openPostgresStore({
  connectionString: env['DATABASE_URL'] ?? '',
  schema: env['SCHEMA'] ?? 'botwire',
  ...(env['MAX_CONNECTIONS'] !== undefined && { maxConnections: Number(env['MAX_CONNECTIONS']) }),
  ...(env['TURN_LEASE_MS'] !== undefined && { turnLeaseMs: Number(env['TURN_LEASE_MS']) }),
})

const slack = new Slack({
  actions: {},
  channels: { thread: { messages: { text: async ({ payload, ack }) => ack({ tags: { ts: `reply-${payload.text}` } }) } } },
})
const bot = new Bot()
bot.on.message('text', async ({ message, client, conversation }) => {
  if (message.userId === 'helpdesk') return
  if (message.payload.text === 'block') {
    process.stdout.write(`blocked ${conversation.id}\n`)
    await new Promise(() => {})
  }
  if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
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
  store,
  conversationStore: store.conversationStore,
  stateStore: store.stateStore,
  turnStore: store.turnStore,
})

const webhook: WebhookHandler = async (args) => {
  try {
    return await handle(args)
  } catch (error) {
    process.stdout.write(`webhook failed: ${error instanceof Error ? error.stack : String(error)}\n`)
    throw error
  }
}

const handle: WebhookHandler = async ({ req, client }) => {
  const event = (await req.json()) as { thread: string; user: string; ts: string; text: string }
  const { user } = await client.getOrCreateUser({ tags: { slackUserId: event.user } })
  const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: event.thread } })
  const { message, duplicate } = await client.createMessage({
    conversationId: conversation.id,
    userId: user.id,
    type: 'text',
    payload: { text: event.text },
    tags: { ts: event.ts },
    idempotencyKey: event.ts,
  })
  return Response.json({ conversationId: conversation.id, messageId: message.id, duplicate })
}

// failures only: a line per request would be most of the process's output
const host = await createHost({
  runtime,
  webhooks: { slack: webhook },
  port: Number(env['PORT'] ?? '0'),
  logger: (line) => {
    if (!line.includes('"status":200')) process.stdout.write(`${line}\n`)
  },
})
process.stdout.write(`serving on ${host.url}\n`)
process.once('SIGTERM', () => {
  void host.close().then(async () => {
    await runtime.close()
    await store.close()
    process.exit(0)
  })
})
