// The host section of `npm run bench` (also alone: `npm run bench:host`): messages per second
// through the HTTP host, as the outside world sends them. Each message is a POST to the
// thread bot's Slack webhook (docs/deploying.md#without-a-program-botwire-serve): the
// webhook finds the user and the conversation by their tags and creates the incoming message,
// the bot answers it, and the answer is delivered through slack's channel handler before
// the webhook answers. Clients post at once, each in a thread of its own, one message after
// the other. The same bot and host on the in-memory stores, the embedded store (PGlite, a
// temporary folder) and the PostgreSQL store (the machine's server, a schema of its own
// dropped after); each as a ratio to the in-memory stores measured in the same run, the
// variants interleaved round by round. Wall time: the PostgreSQL store's work is in the
// server's process.
//
// usage: tsx --tsconfig tsconfig.test.json bench/host.ts [--quick] [--runs N]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { Bot } from '../generated/bots/thread-bot/v1.0.0.js'
import { Integration as Slack } from '../generated/integrations/slack/v1.0.0.js'
import { createHost, type WebhookHandler } from '../src/host/index.js'
import { createRuntime, type RuntimeStores } from '../src/runtime/index.js'
import { openEmbeddedStore } from '../src/stores/embedded/index.js'
import { openPostgresStore } from '../src/stores/postgres/index.js'
import { medianSample, ratio, type Sample } from './measure.js'

const { values: flags } = parseArgs({ options: { quick: { type: 'boolean', default: false }, runs: { type: 'string' } } })
const RUNS = Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3)))
const CLIENTS = 10
const PER_CLIENT = flags.quick ? 20 : 50
const DATABASE_URL = process.env.BOTWIRE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}
function progress(message: string): void {
  process.stderr.write(`[bench:host] ${message}\n`)
}

interface Event {
  channel: string
  thread: string
  user: string
  ts: string
  text: string
}

const slackWebhook: WebhookHandler = async ({ req, client }) => {
  const event = (await req.json()) as Event
  const { user } = await client.getOrCreateUser({ tags: { slackUserId: event.user } })
  const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: event.channel, threadTs: event.thread } })
  await client.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: event.text }, tags: { ts: event.ts } })
  return Response.json({ ok: true })
}

/** The thread bot on `stores`, served on a free port; `delivered` counts what slack's channel handler delivered. */
async function servedBot(stores: RuntimeStores) {
  let delivered = 0
  const slack = new Slack({
    actions: {},
    channels: {
      thread: {
        messages: {
          text: async ({ ack }) => {
            delivered++
            await ack({ tags: { ts: String(delivered) } })
          },
        },
      },
    },
  })
  const bot = new Bot()
  bot.on.message('text', async ({ message, conversation, client }) => {
    await client.createMessage({
      conversationId: conversation.id,
      userId: 'thread-bot',
      type: 'text',
      payload: { text: `echo: ${message.payload.text}` },
      tags: {},
    })
  })
  const runtime = createRuntime({ bot, integrations: { slack }, ...stores })
  // a logger that drops its lines: the host's logging is part of what a request costs
  const host = await createHost({ runtime, webhooks: { slack: slackWebhook }, port: 0, logger: () => undefined })
  return { host, runtime, delivered: () => delivered }
}

type Served = Awaited<ReturnType<typeof servedBot>>

/** CLIENTS clients at once, each posting PER_CLIENT messages in its own thread, one after the other. */
async function postAll(served: Served, round: number): Promise<void> {
  const before = served.delivered()
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < PER_CLIENT; i++) {
        const event: Event = { channel: 'C1', thread: `${round}.${client}`, user: `U${client}`, ts: `${round}.${client}.${i}`, text: `message ${i}` }
        const answer = await fetch(`${served.host.url}/webhooks/slack`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(event),
        })
        if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${await answer.text()}`)
        await answer.arrayBuffer()
      }
    }),
  )
  const delivered = served.delivered() - before
  if (delivered !== CLIENTS * PER_CLIENT) throw new Error(`${delivered} replies delivered for ${CLIENTS * PER_CLIENT} messages`)
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'botwire-bench-host-'))
  const schema = `bw_bench_host_${process.pid}`
  progress('opening the stores')
  const embedded = await openEmbeddedStore({ folder })
  let postgres: Awaited<ReturnType<typeof openPostgresStore>>
  try {
    postgres = await openPostgresStore({ connectionString: DATABASE_URL, schema })
  } catch (error) {
    await embedded.close()
    throw new Error(`bench/host.ts needs the PostgreSQL server at ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}: ${String(error)}`)
  }
  const variants: { kind: string; served: Served }[] = [
    { kind: 'in memory', served: await servedBot({}) },
    { kind: 'embedded (PGlite)', served: await servedBot({ store: embedded, conversationStore: embedded.conversationStore, stateStore: embedded.stateStore }) },
    { kind: 'PostgreSQL', served: await servedBot({ store: postgres, conversationStore: postgres.conversationStore, stateStore: postgres.stateStore }) },
  ]
  try {
    progress('posting')
    const samples: Sample[][] = variants.map(() => [])
    for (let round = 0; round <= RUNS; round++) {
      for (const [i, { served }] of variants.entries()) {
        const started = performance.now()
        await postAll(served, round)
        if (round > 0) samples[i]?.push({ wallMs: performance.now() - started, cpuMs: 0 })
      }
    }
    const perSecond = (i: number) => (CLIENTS * PER_CLIENT * 1000) / medianSample(samples[i] ?? []).wallMs
    const memory = perSecond(0)

    print('## 12. The host')
    print()
    print(
      `Command: \`npm run bench:host\`${process.argv.length > 2 ? ` (\`${process.argv.slice(2).join(' ')}\`)` : ''} (also a section of \`npm run bench\`). Node ${process.version}. ${CLIENTS} clients at once, ${PER_CLIENT} messages each in a thread of its own, POSTed to the thread bot's webhook in this process's host; each answered once the bot's reply is delivered. Every variant once per round, the median of ${RUNS} round${RUNS === 1 ? '' : 's'} after a warm-up round; wall time.`,
    )
    print()
    print('| stores | messages per second | ms per message | vs in memory |')
    print('|---|---:|---:|---:|')
    for (const [i, { kind }] of variants.entries()) {
      const rate = perSecond(i)
      print(`| ${kind} | ${rate.toFixed(0)} | ${(1000 / rate).toFixed(2)} | ${ratio(rate, memory)} |`)
    }
    print()
  } finally {
    for (const { served } of variants) {
      await served.host.close()
      served.runtime.close()
    }
    await embedded.close()
    await postgres.close()
    const client = new pg.Client({ connectionString: DATABASE_URL })
    await client.connect()
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await client.end()
    rmSync(folder, { recursive: true, force: true })
  }
}

await main()
