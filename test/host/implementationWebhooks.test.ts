// Webhook handlers on the integration's implementation (docs/deploying.md#webhooks), through
// real HTTP to a started host: served at `/webhooks/<alias>` with no option, run by the
// runtime with the integration's client and context under the handlers' time limit; a
// handler beside the bot for the same alias is refused.
import { ManualClock } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { createHost, type Host } from '../../src/host/index.js'
import { type BotRuntimeOptions, botRuntime, post, slackHandler } from './hostWorld.js'

const started: Host[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((host) => host.close()))
})

async function serve(options: BotRuntimeOptions) {
  const world = botRuntime(options)
  const lines: string[] = []
  const host = await createHost({ runtime: world.runtime, port: 0, logger: (line) => lines.push(line) })
  started.push(host)
  return { ...world, host, lines }
}

const slackEvent = { channel: 'C1', thread: '17.1', user: 'U1', ts: '17.2', text: 'hello' }

describe("an integration implementation's webhook handler", () => {
  it("is served at /webhooks/<alias> with no option: it makes a user, a conversation and a message, and the bot's reply is delivered through the channel handler", async () => {
    const { host, runtime, delivered, lines } = await serve({ handler: slackHandler })
    const answer = await post(`${host.url}/webhooks/slack`, slackEvent)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { conversationId: string; botId: string; alias: string }
    expect(body).toMatchObject({ ok: true, botId: 'helpdesk', alias: 'slack' })
    expect(delivered).toEqual([{ text: 'echo: hello', conversationTags: { channelId: 'C1', threadTs: '17.1' } }])
    const { messages } = await runtime.client.listMessages({ conversationId: body.conversationId })
    expect(messages.map((m) => m.payload)).toEqual([{ text: 'echo: hello' }, { text: 'hello' }])
    expect(lines.map((line) => JSON.parse(line))).toContainEqual(expect.objectContaining({ msg: 'message received', webhook: 'slack', level: 'info' }))
    expect(runtime.webhooks()).toEqual([{ alias: 'slack', integration: 'slack' }])
  })

  it('an implementation without a handler serves no webhook: 404', async () => {
    const { host } = await serve({})
    const answer = await post(`${host.url}/webhooks/slack`, slackEvent)
    expect(answer.status).toBe(404)
    expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it("a handler past the handlers' time limit answers 504 TIME_LIMIT_EXCEEDED, and its signal fires", async () => {
    const clock = new ManualClock()
    let signalled: unknown
    let running: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      running = resolve
    })
    const { host } = await serve({
      clock,
      handlerMs: 1_000,
      handler: ({ signal }) =>
        new Promise(() => {
          signal.addEventListener('abort', () => {
            signalled = signal.reason
          })
          running()
        }),
    })
    const answer = post(`${host.url}/webhooks/slack`, slackEvent)
    await started
    await clock.advance(1_000)
    const response = await answer
    expect(response.status).toBe(504)
    // the outside world gets the code alone (docs/deploying.md#errors); the signal's reason says whose limit it was
    expect(await response.json()).toEqual({ code: 'TIME_LIMIT_EXCEEDED', message: 'the request failed: see the host log' })
    expect(signalled).toMatchObject({ code: 'TIME_LIMIT_EXCEEDED', message: expect.stringContaining("the webhook of 'slack'") })
  })

  it('a RuntimeError thrown answers with its code; any other throw is 500 without its message; a wrong return is 500', async () => {
    const { host: refusing } = await serve({
      handler: async ({ client }) => {
        await client.getOrCreateConversation({ channel: 'email' as 'thread', tags: {} })
        return undefined
      },
    })
    const refused = await post(`${refusing.url}/webhooks/slack`, {})
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'INVALID_ARGUMENT' })
    const { host: throwing, lines } = await serve({ handler: () => Promise.reject(new Error('secret sk-live-123 leaked')) })
    const failed = await post(`${throwing.url}/webhooks/slack`, {})
    expect(failed.status).toBe(500)
    const text = await failed.text()
    expect(text).not.toContain('sk-live-123')
    expect(lines.join('\n')).not.toContain('sk-live-123')
    const { host: wrong } = await serve({ handler: (() => 'ok') as never })
    expect((await post(`${wrong.url}/webhooks/slack`, {})).status).toBe(500)
  })

  it('a handler beside the bot for an alias whose implementation has one is INVALID_HOST_OPTIONS', async () => {
    const { runtime } = botRuntime({ handler: slackHandler })
    await expect(createHost({ runtime, port: 0, webhooks: { slack: () => undefined } })).rejects.toMatchObject({
      code: 'INVALID_HOST_OPTIONS',
      message: expect.stringContaining('has a webhook handler already'),
    })
  })
})
