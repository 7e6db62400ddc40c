// The host against what the outside world may send or cause, through real HTTP to a started
// host (docs/deploying.md#errors, docs/security.md): a webhook whose turn fails answers its
// code alone, never the message of what a handler threw (a database URL, a provider's token);
// the JSON endpoints, behind the token, answer it (the operator's own).
import { createRuntime } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { createHost, type Host } from '../../src/host/index.js'
import { Bot } from '../fixtures/valid/conversations/expected/bots/helpdesk/v1.0.0.js'
import { Integration as Slack } from '../fixtures/valid/conversations/expected/integrations/slack/v1.0.0.js'
import { Plugin as Greeter } from '../fixtures/valid/conversations/expected/plugins/greeter/v1.0.0.js'
import { bearer, post, slackHandler, TOKEN } from './hostWorld.js'

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

  it('still answers a 4xx with its message, and the JSON endpoints, behind the token, a 5xx with its message', async () => {
    const { host } = await failingHost()
    const refused = await post(`${host.url}/webhooks/slack`, { ...slackEvent, text: 5 })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'INVALID_MESSAGE', message: expect.stringContaining('text') })
    const { conversations } = (await (await post(`${host.url}/api/listConversations`, {}, bearer)).json()) as { conversations: { id: string }[] }
    const input = { conversationId: conversations[0]?.id, userId: 'helpdesk', type: 'text', payload: { text: 'hi' }, tags: {} }
    const failed = await post(`${host.url}/api/createMessage`, input, bearer)
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ code: 'DELIVERY_FAILED', message: expect.stringContaining(SLACK_TOKEN) })
  })
})
