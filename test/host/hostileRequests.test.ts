// The host against what the outside world may send or cause, through real HTTP to a started
// host (docs/deploying.md#errors, docs/security.md): a webhook whose turn fails answers its
// code alone, never the message of what a handler threw (a database URL, a provider's token);
// the JSON endpoints, behind the token, answer it (the operator's own). close() is held by no
// client that sends nothing, or part of a request: each is cut, and the request in flight finishes.
// The log is safe for a terminal whatever the path, and a handler's log call never fails it.
import { connect, type Socket } from 'node:net'
import { createRuntime } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { createHost, type Host } from '../../src/host/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { bearer, post, slackHandler, startHost, TOKEN } from './hostWorld.js'

const started: Host[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((host) => host.close()))
})

const DATABASE_URL = 'postgres://bot:hunter2-db-password@db.internal/bot'
const SLACK_TOKEN = 'xoxb-slack-token-0123456789'

/** slack's webhook on a bot whose handler fails on 'fail' with a database URL, and whose replies slack's channel fails to deliver with its token. */
async function failingHost() {
  const slack = new Slack({
    actions: {},
    handler: slackHandler,
    channels: {
      thread: {
        messages: {
          text: async () => {
            throw new Error(`slack answered invalid_auth for ${SLACK_TOKEN}`)
          },
        },
      },
    },
  })
  const bot = new Bot()
  bot.on.message('text', async ({ message, client, conversation }) => {
    if (message.userId === 'helpdesk') return
    if (message.payload.text === 'fail') throw new Error(`cannot reach ${DATABASE_URL}`)
    await client.createMessage({ conversationId: conversation.id, userId: 'helpdesk', type: 'text', payload: { text: 'echo' }, tags: {} })
  })
  const runtime = createRuntime({ bot, integrations: { slack }, plugins: { greeter: new Greeter({ actions: {} }) } })
  const lines: string[] = []
  const host = await createHost({ runtime, token: TOKEN, port: 0, logger: (line) => lines.push(line) })
  started.push(host)
  return { host, lines }
}

const slackEvent = { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2' }

describe('a webhook whose turn fails (docs/deploying.md#errors)', () => {
  it("answers HANDLER_FAILED without the message of what the bot's handler or the channel's threw; the log holds neither", async () => {
    const { host, lines } = await failingHost()
    const handlerFailed = await post(`${host.url}/webhooks/slack`, { ...slackEvent, text: 'fail' })
    const deliveryFailed = await post(`${host.url}/webhooks/slack`, { ...slackEvent, ts: '17.3', text: 'hello' })
    for (const answer of [handlerFailed, deliveryFailed]) {
      expect(answer.status).toBe(500)
      expect(await answer.json()).toEqual({ code: 'HANDLER_FAILED', message: 'the request failed: see the host log' })
    }
    const log = lines.join('\n')
    for (const secret of ['hunter2-db-password', SLACK_TOKEN]) expect(log).not.toContain(secret)
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(expect.objectContaining({ path: '/webhooks/slack', status: 500, code: 'HANDLER_FAILED' }))
  })

  it("still answers a 4xx with its message; the JSON endpoints, behind the token, answer a handler's wrapped throw without its message too", async () => {
    const { host, lines } = await failingHost()
    const refused = await post(`${host.url}/webhooks/slack`, { ...slackEvent, text: 5 })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'INVALID_MESSAGE', message: expect.stringContaining('text') })
    const { conversations } = (await (await post(`${host.url}/api/listConversations`, {}, bearer)).json()) as { conversations: { id: string }[] }
    const input = { conversationId: conversations[0]?.id, userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} }
    const failed = await post(`${host.url}/api/createMessage`, input, bearer)
    expect(failed.status).toBe(502)
    expect(await failed.json()).toEqual({ code: 'DELIVERY_FAILED', message: 'the request failed: see the host log' })
    // the log names what was not shown, by its error's name, never its message
    expect(lines.join('\n')).not.toContain(SLACK_TOKEN)
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ path: '/api/createMessage', status: 502, code: 'DELIVERY_FAILED', error: 'Error' }),
    )
  })
})

/** A raw connection to `url` that writes `text` and no more; `closed` resolves when the host ends it. */
function halfRequest(url: string, text: string): { socket: Socket; closed: Promise<void> } {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  socket.on('error', () => undefined)
  socket.write(text)
  return { socket, closed: new Promise((resolve) => socket.once('close', () => resolve())) }
}

describe('close() (docs/deploying.md#stopping-the-host)', () => {
  it('is not held by a client that sends nothing, part of its headers, or a body that never ends: each is cut, the request in flight is answered, nothing of the others stored', async () => {
    let release: () => void = () => undefined
    let entered: () => void = () => undefined
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve
    })
    const { host, runtime } = await startHost({
      webhooks: {
        slack: async ({ req, client }) => {
          const event = (await req.json()) as { thread: string; wait?: boolean }
          if (event.wait) {
            entered()
            await new Promise<void>((resolve) => {
              release = resolve
            })
          }
          await client.getOrCreateConversation({ channel: 'thread', tags: { channelId: 'C1', threadTs: event.thread } })
          return Response.json({ finished: event.thread })
        },
      },
    })
    const inFlight = post(`${host.url}/webhooks/slack`, { thread: 'whole', wait: true })
    await inHandler
    const halves = [
      halfRequest(host.url, ''),
      halfRequest(host.url, 'POST /webhooks/slack HTTP/1.1\r\nHost: bot\r\n'),
      halfRequest(host.url, 'POST /webhooks/slack HTTP/1.1\r\nHost: bot\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"thread":"cut",\r\n'),
      halfRequest(host.url, 'POST /webhooks/slack HTTP/1.1\r\nHost: bot\r\nContent-Length: 100\r\n\r\n{"thread":"cut",'),
    ]
    // every connection reached the host: it answers one made after them
    expect((await fetch(`${host.url}/health`)).status).toBe(200)
    const closing = host.close()
    release()
    const answer = await inFlight
    expect([answer.status, await answer.json()]).toEqual([200, { finished: 'whole' }])
    await closing
    await Promise.all(halves.map((half) => half.closed))
    const { conversations } = await runtime.client.listConversations({})
    expect(conversations.map((c) => c.tags)).toEqual([{ 'slack:channelId': 'C1', 'slack:threadTs': 'whole' }])
  })
})

describe('the log (docs/deploying.md#logs)', () => {
  it('writes the characters a terminal obeys (C1 controls, DEL, bidi controls) of a path as escapes, the same path to a JSON reader', async () => {
    const { host, lines } = await startHost()
    const answer = await post(`${host.url}/webhooks/%C2%9B2J%E2%80%AEslack%7F`, {})
    expect(answer.status).toBe(404)
    const line = lines.at(-1) ?? ''
    expect(line).not.toMatch(/[\x7f-\x9f\u202e]/)
    expect(line).toContain('\\u009b2J\\u202eslack\\u007f')
    expect(JSON.parse(line)).toMatchObject({ path: '/webhooks/\u009b2J\u202eslack\u007f', status: 404 })
  })

  it("a handler's log call with fields JSON cannot write (a cycle, a bigint) writes its line without them, and the handler goes on", async () => {
    const cycle: { [key: string]: unknown } = {}
    cycle['self'] = cycle
    const { host, lines } = await startHost({
      webhooks: {
        slack: ({ logger }) => {
          logger.info('cyclic', { cycle })
          logger.warn('big', { count: 10n })
          return Response.json({ logged: true })
        },
      },
    })
    const answer = await post(`${host.url}/webhooks/slack`, {})
    expect([answer.status, await answer.json()]).toEqual([200, { logged: true }])
    const logged = lines.map((line) => JSON.parse(line) as { [key: string]: unknown }).filter((line) => line['msg'] !== 'request')
    expect(logged).toEqual([
      expect.objectContaining({ msg: 'cyclic', level: 'info', webhook: 'slack', fields: 'left out: JSON cannot write them' }),
      expect.objectContaining({ msg: 'big', level: 'warn', webhook: 'slack', fields: 'left out: JSON cannot write them' }),
    ])
  })
})

describe('a client that goes away mid-body', () => {
  it('is logged as its request at fault (400 INVALID_REQUEST, level info), not as a failure of the bot (500)', async () => {
    const requestLines: { [key: string]: unknown }[] = []
    let seen: () => void = () => undefined
    const both = new Promise<void>((resolve) => {
      seen = resolve
    })
    const { host } = await startHost({
      logger: (line) => {
        const parsed = JSON.parse(line) as { [key: string]: unknown }
        if (parsed['msg'] === 'request' && parsed['path'] !== '/health') requestLines.push(parsed)
        if (requestLines.length === 2) seen()
      },
    })
    started.push(host)
    for (const text of [
      `POST /api/listConversations HTTP/1.1\r\nHost: bot\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 100\r\n\r\n{"limit":`,
      'POST /webhooks/slack HTTP/1.1\r\nHost: bot\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{"thread":"cut",\r\n',
    ]) {
      const half = halfRequest(host.url, text)
      // the host has the request's headers once it answers a request made after them
      expect((await fetch(`${host.url}/health`)).status).toBe(200)
      half.socket.destroy()
      await half.closed
    }
    await both
    // in the order the host saw each go away
    expect(
      requestLines.map(({ path, status, level, code }) => ({ path, status, level, code })).sort((a, b) => String(a.path).localeCompare(String(b.path))),
    ).toEqual([
      { path: '/api/listConversations', status: 400, level: 'info', code: 'INVALID_REQUEST' },
      { path: '/webhooks/slack', status: 400, level: 'info', code: 'INVALID_REQUEST' },
    ])
  })
})

describe('the token is checked before a body is read (docs/security.md)', () => {
  it('answers a chunked body that never ends, without the token or with another, 401 at once and closes its connection; the token still opens the endpoints', async () => {
    const { host, lines } = await startHost()
    started.push(host)
    for (const authorization of ['', 'Authorization: Bearer not-the-token-0123456789\r\n']) {
      const half = halfRequest(
        host.url,
        `POST /api/listConversations HTTP/1.1\r\nHost: bot\r\n${authorization}Transfer-Encoding: chunked\r\n\r\n10\r\n{"limit":1234567\r\n`,
      )
      let answer = ''
      half.socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1')
      })
      // the body never ends: only the host ends this connection, once it has answered
      await half.closed
      expect(answer).toMatch(/^HTTP\/1\.1 401 /)
      expect(answer).toContain('"code":"UNAUTHORIZED"')
    }
    const requests = lines.map((line) => JSON.parse(line) as { [key: string]: unknown }).filter((line) => line['msg'] === 'request')
    expect(requests.map(({ path, status, code }) => ({ path, status, code }))).toEqual([
      { path: '/api/listConversations', status: 401, code: 'UNAUTHORIZED' },
      { path: '/api/listConversations', status: 401, code: 'UNAUTHORIZED' },
    ])
    const opened = await post(`${host.url}/api/listConversations`, {}, bearer)
    expect([opened.status, await opened.json()]).toEqual([200, { conversations: [], meta: {} }])
  })
})
