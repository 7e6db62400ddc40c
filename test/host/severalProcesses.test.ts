// Several processes, one bot (docs/deploying.md#several-processes): three hosts, each a child
// process (test/host/severalProcessesBot.ts) on one PostgreSQL schema. 100 webhook posts to
// 10 conversations at once, spread over the three, and 10 of them posted again (the outside
// world retrying): each conversation's turns one at a time (stored as message, reply,
// message, reply...), one reply per message, none lost or doubled. Then one host is killed
// with SIGKILL while its handler runs a turn: the conversation goes on on another host
// within the lease.
import { afterAll, expect, it } from 'vitest'
import { openPostgresStore, type PostgresStore } from '../../src/stores/postgres/index.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from '../stores/postgresServer.js'
import { botFolder, freePort, repoRoot, type ServedProcess, serveInChild } from './servedProcess.js'

const LEASE_MS = 1500
const bot = botFolder('several-processes')
const schema = uniqueSchemaName()
const hosts: { served: ServedProcess; url: string }[] = []
let store: PostgresStore | undefined

afterAll(async () => {
  for (const { served } of hosts) served.child.kill('SIGKILL')
  await Promise.all(hosts.map(({ served }) => served.exited))
  await store?.close()
  await dropSchema(schema)
  bot.remove()
})

async function startHost(): Promise<{ served: ServedProcess; url: string }> {
  const port = await freePort()
  const program = `${repoRoot}/test/host/severalProcessesBot.ts`
  // tsx through --import: one process (the tsx CLI would run the program in a child of its own, which SIGKILL would leave running)
  const served = serveInChild(['--import', 'tsx', program], bot.folder, {
    DATABASE_URL: TEST_DATABASE_URL,
    SCHEMA: schema,
    PORT: String(port),
    TURN_LEASE_MS: String(LEASE_MS),
    // three hosts beside the other test files on one server: fewer connections than the store's default 10 each
    MAX_CONNECTIONS: '5',
    HANDLER_PAUSE_MS: '2',
  })
  await served.printed('serving on')
  return { served, url: `http://127.0.0.1:${port}` }
}

interface Posted {
  conversationId: string
  messageId: string
  duplicate: boolean
}

async function post(url: string, event: { thread: string; ts: string; text: string }): Promise<Posted> {
  const answer = await fetch(`${url}/webhooks/slack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: 'U1', ...event }),
  })
  const body = (await answer.json()) as Posted
  expect(answer.status, `${JSON.stringify(body)}; the hosts said:\n${hosts.map(({ served }) => served.stdout()).join('')}`).toBe(200)
  return body
}

/** A conversation's texts as stored, oldest first. */
async function storedTexts(conversationId: string): Promise<string[]> {
  const records = await (store as PostgresStore).list({ conversationId, limit: 101 })
  return records.reverse().map((record) => (record.message.payload as { text: string }).text)
}

it('runs 100 messages to 10 conversations on 3 processes one turn at a time each, none lost or doubled, retries included; a killed process holds its conversation up for at most the lease', async () => {
  await withTestDatabase(async () => {}) // a clear failure when there is no server
  // the first opens the schema (made once however many open it at once, but one after the other is quicker)
  hosts.push(await startHost())
  hosts.push(...(await Promise.all([startHost(), startHost()])))
  store = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema, maxConnections: 2 })

  const events = Array.from({ length: 100 }, (_, i) => ({ thread: `t${i % 10}`, ts: `ts-${i}`, text: `m${i}` }))
  const retried = events.slice(0, 10)
  const answers = await Promise.all([...events, ...retried].map((event, i) => post((hosts[i % 3] as { url: string }).url, event)))
  expect(answers.filter((a) => a.duplicate)).toHaveLength(10)
  // a retry answers with the message its first post made
  const byTs = new Map<string, string>()
  for (const [i, answer] of answers.entries()) {
    const ts = ([...events, ...retried][i] as { ts: string }).ts
    expect(byTs.get(ts) ?? answer.messageId, ts).toBe(answer.messageId)
    byTs.set(ts, answer.messageId)
  }

  const conversations = new Map<string, string>()
  for (const [i, answer] of answers.slice(0, 100).entries()) conversations.set(`t${i % 10}`, answer.conversationId)
  expect(conversations.size).toBe(10)
  for (const [thread, conversationId] of conversations) {
    const texts = await storedTexts(conversationId)
    const sent = events.filter((e) => e.thread === thread).map((e) => e.text)
    // each message right before its reply: no turn started before the one before it ended
    expect(texts.filter((_, i) => i % 2 === 0).sort()).toEqual([...sent].sort())
    expect(texts.filter((_, i) => i % 2 === 1)).toEqual(texts.filter((_, i) => i % 2 === 0).map((text) => `echo: ${text}`))
  }

  // a turn that never ends on the first host; the next message of its conversation, on the second, waits, then runs when the first is killed
  const [first, second, third] = hosts as [(typeof hosts)[0], (typeof hosts)[0], (typeof hosts)[0]]
  const blocked = post(first.url, { thread: 't0', ts: 'ts-block', text: 'block' }).catch(() => undefined)
  await first.served.printed('blocked')
  const next = post(second.url, { thread: 't0', ts: 'ts-after', text: 'after' })
  first.served.child.kill('SIGKILL')
  await first.served.exited
  await blocked
  expect((await next).duplicate).toBe(false)
  const texts = await storedTexts(conversations.get('t0') as string)
  expect(texts.slice(-3)).toEqual(['block', 'after', 'echo: after'])
  // the outside world retries the post the dead host never answered: its message is stored, so it is a duplicate
  expect((await post(third.url, { thread: 't0', ts: 'ts-block', text: 'block' })).duplicate).toBe(true)
})
