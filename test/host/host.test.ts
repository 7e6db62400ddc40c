// The host through real HTTP requests to a started host (docs/deploying.md): a webhook that
// makes a user, a conversation and a message, the bot's reply delivered through the
// integration's channel handler; the JSON endpoints with and without the token, validated
// as the runtime validates; health and readiness; the body limit; the log.
import { createRuntime, ManualClock } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'
import type { Host } from '../../src/host/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { rejection } from '../support/rejection.js'
import { bearer, post, startHost, TOKEN } from './hostWorld.js'

const started: Host[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((host) => host.close()))
})

async function host(options: Parameters<typeof startHost>[0] = {}) {
  const world = await startHost(options)
  started.push(world.host)
  return world
}

const slackEvent = { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2', text: 'hello' }

describe('webhooks (docs/deploying.md#webhooks)', () => {
  it("a webhook post makes a user, a conversation and a message; the bot's reply is delivered through slack's channel handler", async () => {
    const { host: served, delivered, runtime, lines } = await host()
    const answer = await post(`${served.url}/webhooks/slack`, slackEvent)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { conversationId: string; messageId: string }
    expect(delivered).toEqual([{ text: 'echo: hello', conversationTags: { channelId: 'C1', threadTs: '17.1' } }])
    const { messages } = await runtime.client.listMessages({ conversationId: body.conversationId })
    // newest first: the reply, with the tag slack's ack gave it, then the incoming message
    expect(messages.map((m) => [m.payload, m.tags])).toEqual([
      [{ text: 'echo: hello' }, { 'slack:ts': '1700000000.1' }],
      [{ text: 'hello' }, { 'slack:ts': '17.2' }],
    ])
    const { conversation } = await runtime.client.getConversation({ id: body.conversationId })
    expect(conversation.tags).toEqual({ 'slack:channelId': 'C1', 'slack:threadTs': '17.1' })
    // the same thread again: the same conversation and user
    const again = (await (await post(`${served.url}/webhooks/slack`, { ...slackEvent, ts: '17.3', text: 'again' })).json()) as { conversationId: string }
    expect(again.conversationId).toBe(body.conversationId)
    expect(delivered.map((d) => d.text)).toEqual(['echo: hello', 'echo: again'])
    // the handler's own log line, with its alias
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(expect.objectContaining({ msg: 'message received', webhook: 'slack', level: 'info' }))
  })

  it('a path of no served alias is 404; a handler that throws a RuntimeError answers with its code; another throw is 500 without its message', async () => {
    const { host: served } = await host({
      webhooks: {
        slack: async ({ client }) => {
          await client.getOrCreateConversation({ channel: 'email', tags: {} })
          return undefined
        },
      },
    })
    const unknown = await post(`${served.url}/webhooks/teams`, {})
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' })
    const refused = await post(`${served.url}/webhooks/slack`, {})
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining("must be a channel of integration 'slack'") })
    const { host: throwing, lines } = await host({ webhooks: { slack: () => Promise.reject(new Error('secret sk-live-123 leaked')) } })
    const failed = await post(`${throwing.url}/webhooks/slack`, {})
    expect(failed.status).toBe(500)
    const text = await failed.text()
    expect(text).not.toContain('sk-live-123')
    expect(JSON.parse(text)).toEqual({ code: 'HANDLER_FAILED', message: 'the request failed: see the host log' })
    expect(lines.join('\n')).not.toContain('sk-live-123')
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ status: 500, error: 'Error', level: 'error' })
  })

  it("a bot handler's own throw behind a webhook answers its code without its message; the log names the error", async () => {
    const bot = new Bot()
    bot.on.message('text', () => {
      throw new Error('connect postgres://admin:sk-live-456@db failed')
    })
    const runtime = createRuntime({ bot, integrations: { slack: new Slack({ actions: {} }) } })
    const { host: served, lines } = await host({ runtime })
    const failed = await post(`${served.url}/webhooks/slack`, slackEvent)
    expect(failed.status).toBe(500)
    const text = await failed.text()
    expect(text).not.toContain('sk-live-456')
    expect(JSON.parse(text)).toEqual({ code: 'HANDLER_FAILED', message: 'the request failed: see the host log' })
    expect(lines.join('\n')).not.toContain('sk-live-456')
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ status: 500, code: 'HANDLER_FAILED', error: 'Error', level: 'error' })
  })

  it("a bot handler's failure the runtime refused logs the codes of what it wraps, so the host log says why", async () => {
    const bot = new Bot()
    bot.on.message('text', async ({ client, conversation }) => {
      const loose = client.createMessage as (message: unknown) => Promise<unknown>
      await loose({ conversationId: conversation.id, userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: { nope: 'x' } })
    })
    const runtime = createRuntime({ bot, integrations: { slack: new Slack({ actions: {} }) } })
    const { host: served, lines } = await host({ runtime })
    const failed = await post(`${served.url}/webhooks/slack`, slackEvent)
    expect([failed.status, ((await failed.json()) as { code: string }).code]).toEqual([500, 'HANDLER_FAILED'])
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ status: 500, code: 'HANDLER_FAILED', causes: ['INVALID_MESSAGE'], level: 'error' })
  })

  it("a handler written beside the bot runs under the handlers' time limit: past it, 504 TIME_LIMIT_EXCEEDED, and its signal fires", async () => {
    const clock = new ManualClock()
    const runtime = createRuntime({ bot: new Bot(), integrations: { slack: new Slack({ actions: {} }) }, clock, timeLimits: { handlerMs: 1_000 } })
    let signalled: unknown
    let running: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      running = resolve
    })
    const { host: served, lines } = await host({
      runtime,
      webhooks: {
        slack: ({ signal, ctx }) =>
          new Promise(() => {
            expect(ctx).toEqual({ botId: 'helpdesk', alias: 'slack' })
            signal.addEventListener('abort', () => {
              signalled = signal.reason
            })
            running()
          }),
      },
    })
    const answer = post(`${served.url}/webhooks/slack`, slackEvent)
    await started
    await clock.advance(1_000)
    const response = await answer
    expect(response.status).toBe(504)
    expect(await response.json()).toEqual({ code: 'TIME_LIMIT_EXCEEDED', message: 'the request failed: see the host log' })
    expect(signalled).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', message: "the webhook of 'slack' did not finish within its time limit of 1000 ms" })
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ status: 504, code: 'TIME_LIMIT_EXCEEDED', path: '/webhooks/slack' })
  })

  it('a handler that returns nothing answers 200; a webhook of an alias the bot does not add is refused at createHost', async () => {
    const { host: served } = await host({ webhooks: { slack: () => undefined } })
    const answer = await fetch(`${served.url}/webhooks/slack`, { method: 'PUT', body: 'x' })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe('')
    await expect(host({ webhooks: { teams: () => undefined } })).rejects.toMatchObject({
      code: 'INVALID_HOST_OPTIONS',
      message: expect.stringContaining("adds no integration 'teams'"),
    })
  })
})

describe('the JSON endpoints (docs/deploying.md#the-json-endpoints)', () => {
  it('answer 401 without the token or with another, and serve the operations with it', async () => {
    const { host: served } = await host()
    const input = { conversationId: 'c1', userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} }
    for (const headers of [{}, { Authorization: 'Bearer wrong-token-0123456789' }, { Authorization: TOKEN }]) {
      const refused = await post(`${served.url}/api/createMessage`, input, headers)
      expect(refused.status).toBe(401)
      expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    }
    const created = await post(`${served.url}/api/createMessage`, input, bearer)
    expect(created.status).toBe(200)
    const { message } = (await created.json()) as { message: { id: string } }
    const listed = await post(`${served.url}/api/listMessages`, { conversationId: 'c1' }, bearer)
    expect(((await listed.json()) as { messages: { id: string }[] }).messages.map((m) => m.id)).toEqual([message.id])
    const deleted = await post(`${served.url}/api/deleteMessage`, { id: message.id }, bearer)
    expect([deleted.status, await deleted.json()]).toEqual([200, {}])
    const gone = await post(`${served.url}/api/getMessage`, { id: message.id }, bearer)
    expect([gone.status, await gone.json()]).toEqual([404, { code: 'NOT_FOUND', message: `getMessage: no message has id '${message.id}'` }])
  })

  it('validate as the runtime does: its codes, its issues, fitting statuses', async () => {
    const { host: served } = await host()
    const invalid = await post(
      `${served.url}/api/createMessage`,
      { conversationId: 'c1', userId: 'helpdesk', type: 'text', payload: { text: 5 }, tags: {} },
      bearer,
    )
    expect(invalid.status).toBe(400)
    const body = (await invalid.json()) as { code: string; issues: string[] }
    expect(body.code).toBe('INVALID_MESSAGE')
    expect(body.issues.length).toBeGreaterThan(0)
    const unknownAction = await post(`${served.url}/api/callAction`, { type: 'slack:nothing', input: {} }, bearer)
    expect(unknownAction.status).toBe(400)
    expect(await unknownAction.json()).toMatchObject({ code: 'UNKNOWN_ACTION' })
    const notJson = await fetch(`${served.url}/api/getMessage`, { method: 'POST', headers: bearer, body: '{oops' })
    expect([notJson.status, await notJson.json()]).toEqual([400, { code: 'INVALID_REQUEST', message: 'getMessage: the body is not JSON' }])
    const noOperation = await post(`${served.url}/api/close`, {}, bearer)
    expect(noOperation.status).toBe(404)
    expect(await noOperation.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('without a token configured, every endpoint answers 401', async () => {
    const { host: served } = await host({ token: undefined })
    const refused = await post(`${served.url}/api/listConversations`, {}, bearer)
    expect(refused.status).toBe(401)
  })
})

describe('health, limits and logs (docs/deploying.md#limits)', () => {
  it('health and readiness answer without the token', async () => {
    const { host: served } = await host()
    expect(await (await fetch(`${served.url}/health`)).json()).toEqual({ status: 'ok' })
    expect(await (await fetch(`${served.url}/ready`)).json()).toEqual({ status: 'ready' })
  })

  it('a body over the limit is 413 and reaches no handler, declared or streamed', async () => {
    const { host: served, delivered } = await host({ bodyLimitBytes: 1000 })
    const big = { ...slackEvent, text: 'x'.repeat(2000) }
    const declared = await post(`${served.url}/webhooks/slack`, big)
    expect(declared.status).toBe(413)
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const bytes = new TextEncoder().encode(JSON.stringify(big))
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes)
        controller.close()
      },
    })
    const streamed = await fetch(`${served.url}/api/createMessage`, { method: 'POST', headers: bearer, body: stream, duplex: 'half' } as RequestInit)
    expect(streamed.status).toBe(413)
    expect(delivered).toEqual([])
    const fits = await post(`${served.url}/webhooks/slack`, slackEvent)
    expect(fits.status).toBe(200)
  })

  it('writes one JSON line per request with its timing, and never the token or a query string', async () => {
    const { host: served, lines } = await host()
    await post(`${served.url}/api/listMessages?key=sk-query-secret`, { conversationId: 'c1' }, bearer)
    await fetch(`${served.url}/health`)
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request')
    expect(requests).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/listMessages', status: 200, level: 'info', durationMs: expect.any(Number) }),
      expect.objectContaining({ method: 'GET', path: '/health', status: 200 }),
    ])
    expect(lines.join('\n')).not.toContain(TOKEN)
    expect(lines.join('\n')).not.toContain('sk-query-secret')
  })

  it('refuses to bind beyond localhost without a token, and a short token, or one no header can carry (spaces at an end, beyond ASCII)', async () => {
    await expect(host({ hostname: '0.0.0.0', token: undefined })).rejects.toMatchObject({ code: 'INVALID_HOST_OPTIONS' })
    await expect(host({ token: 'short' })).rejects.toMatchObject({ code: 'INVALID_HOST_OPTIONS' })
    for (const token of [`${TOKEN} `, `${TOKEN}\n`, `${TOKEN}ü`, `two ${TOKEN}`]) {
      const refused = await rejection(host({ token }))
      expect([refused.code, refused.message]).toEqual(['INVALID_HOST_OPTIONS', expect.stringContaining('printable ASCII')])
      expect(refused.message).not.toContain(TOKEN)
    }
    const { host: served } = await host({ hostname: '0.0.0.0' })
    expect(served.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
  })
})
