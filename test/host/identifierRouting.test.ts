// Routing by an integration's identifier (docs/deploying.md#identifier-routing), through real
// HTTP to a started host, on the `webhook-routing` fixture: relay declares `identifier:
// { configuration: workspace }`; bot front-desk adds it as north (W-NORTH), south (W-SOUTH)
// and closed (disabled), bot night-desk as relay (W-NIGHT). One URL,
// `/webhooks/integration/relay`, reaches each alias of either bot by the workspace a request names;
// an identify that never settles ends at the handlers' time limit.
import { createRuntime, ManualClock } from '@botwire/runtime'
import { afterEach, describe, expect, it } from 'vitest'
import { createHost, type Host } from '../../src/host/index.js'
import { Bot as FrontDesk } from '../fixtures/valid/webhook-routing/expected/bots/front-desk/v1.0.0.js'
import { Bot as NightDesk } from '../fixtures/valid/webhook-routing/expected/bots/night-desk/v1.0.0.js'
import { Integration as Relay } from '../fixtures/valid/webhook-routing/expected/integrations/relay/v1.0.0.js'
import { post } from './hostWorld.js'

const started: Host[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((host) => host.close()))
})

interface RelayEvent {
  workspace?: string
  user: string
  thread: string
  text: string
}

/** What each handler saw, in order. */
function world() {
  const seen: { botId: string; alias: string; configuration: unknown; secret: string; text: string }[] = []
  const delivered: { botId: string; text: unknown }[] = []
  let identified = 0
  const relay = new Relay({
    actions: {},
    identify: async ({ req }) => {
      identified++
      return ((await req.json()) as RelayEvent).workspace
    },
    // the body is still readable: identify read a clone
    handler: async ({ req, client, ctx }) => {
      const event = (await req.json()) as RelayEvent
      seen.push({ botId: ctx.botId, alias: ctx.alias, configuration: ctx.configuration, secret: ctx.secrets.RELAY_SIGNING_SECRET, text: event.text })
      const { user } = await client.getOrCreateUser({ tags: { relayUserId: event.user } })
      const { conversation } = await client.getOrCreateConversation({ channel: 'thread', tags: { threadId: event.thread } })
      await client.createMessage({ conversationId: conversation.id, userId: user.id, type: 'text', payload: { text: event.text }, tags: {} })
      return Response.json({ botId: ctx.botId, alias: ctx.alias, conversationId: conversation.id })
    },
    channels: {
      thread: {
        messages: {
          text: ({ payload, ctx }) => {
            delivered.push({ botId: ctx.botId, text: payload.text })
          },
        },
      },
    },
  })
  const env = { RELAY_SIGNING_SECRET: 'sig-secret-1' }
  const frontBot = new FrontDesk()
  frontBot.on.message('text', async ({ message, client, conversation }) => {
    if (message.userId === 'bot') return
    await client.createMessage({ conversationId: conversation.id, userId: 'bot', type: 'text', payload: { text: `front: ${message.payload.text}` }, tags: {} })
  })
  const front = createRuntime({ bot: frontBot, integrations: { relay }, env })
  const night = createRuntime({ bot: new NightDesk(), integrations: { relay }, env })
  return { front, night, relay, seen, delivered, identifiedCount: () => identified }
}

async function serve(options: Parameters<typeof createHost>[0]): Promise<Host> {
  const host = await createHost(options)
  started.push(host)
  return host
}

const event = (workspace: string | undefined, text: string): RelayEvent => ({
  ...(workspace === undefined ? {} : { workspace }),
  user: 'U1',
  thread: 'T1',
  text,
})

describe('routing by identifier', () => {
  it("one URL reaches the alias configured with the request's identifier, with its configuration and the integration's secrets; the bot's reply is delivered", async () => {
    const { front, seen, delivered } = world()
    const host = await serve({ runtime: front, port: 0 })
    expect(front.webhooks()).toEqual([
      { alias: 'north', integration: 'relay', identifier: 'W-NORTH' },
      { alias: 'south', integration: 'relay', identifier: 'W-SOUTH' },
      { alias: 'closed', integration: 'relay' },
    ])
    const south = await post(`${host.url}/webhooks/integration/relay`, event('W-SOUTH', 'to south'))
    expect(south.status).toBe(200)
    expect(await south.json()).toMatchObject({ botId: 'front-desk', alias: 'south' })
    const north = await post(`${host.url}/webhooks/integration/relay`, event('W-NORTH', 'to north'))
    expect(await north.json()).toMatchObject({ alias: 'north' })
    expect(seen).toEqual([
      { botId: 'front-desk', alias: 'south', configuration: { workspace: 'W-SOUTH', greeting: 'hi' }, secret: 'sig-secret-1', text: 'to south' },
      { botId: 'front-desk', alias: 'north', configuration: { workspace: 'W-NORTH', greeting: 'hello' }, secret: 'sig-secret-1', text: 'to north' },
    ])
    expect(delivered).toEqual([
      { botId: 'front-desk', text: 'front: to south' },
      { botId: 'front-desk', text: 'front: to north' },
    ])
    // the alias's own path still serves it, and a disabled alias answers its code
    expect(await (await post(`${host.url}/webhooks/north`, event(undefined, 'direct'))).json()).toMatchObject({ alias: 'north' })
    const closed = await post(`${host.url}/webhooks/closed`, event(undefined, 'x'))
    expect(closed.status).toBe(409)
    expect(await closed.json()).toMatchObject({ code: 'INTEGRATION_DISABLED' })
  })

  it('an identifier no served alias is configured with, or none, is 404 and runs no handler; an integration without identifier routing is 404', async () => {
    const { front, seen, identifiedCount } = world()
    const host = await serve({ runtime: front, port: 0 })
    for (const body of [event('W-ELSEWHERE', 'lost'), event(undefined, 'lost')]) {
      const answer = await post(`${host.url}/webhooks/integration/relay`, body)
      expect(answer.status).toBe(404)
      const text = await answer.text()
      expect(JSON.parse(text)).toMatchObject({ code: 'NOT_FOUND' })
      expect(text).not.toContain('W-ELSEWHERE')
    }
    expect(identifiedCount()).toBe(2)
    expect(seen).toEqual([])
    expect((await post(`${host.url}/webhooks/integration/slack`, {})).status).toBe(404)
  })

  it('one host serves several bots: the shared URL reaches either bot; each bot has its own paths under /bots/<botId>', async () => {
    const { front, night, seen } = world()
    const host = await serve({ runtimes: [front, night], port: 0, token: 'a-token-of-16-chars-or-more' })
    expect(await (await post(`${host.url}/webhooks/integration/relay`, event('W-NIGHT', 'late'))).json()).toMatchObject({ botId: 'night-desk', alias: 'relay' })
    expect(await (await post(`${host.url}/webhooks/integration/relay`, event('W-NORTH', 'early'))).json()).toMatchObject({
      botId: 'front-desk',
      alias: 'north',
    })
    expect(await (await post(`${host.url}/bots/night-desk/webhooks/relay`, event(undefined, 'direct'))).json()).toMatchObject({ botId: 'night-desk' })
    expect((await post(`${host.url}/webhooks/relay`, event(undefined, 'x'))).status).toBe(404)
    expect((await post(`${host.url}/bots/day-desk/webhooks/relay`, event(undefined, 'x'))).status).toBe(404)
    expect(seen.map((s) => [s.botId, s.alias, s.text])).toEqual([
      ['night-desk', 'relay', 'late'],
      ['front-desk', 'north', 'early'],
      ['night-desk', 'relay', 'direct'],
    ])
    const listed = await post(`${host.url}/bots/night-desk/api/listConversations`, {}, { Authorization: 'Bearer a-token-of-16-chars-or-more' })
    expect(((await listed.json()) as { conversations: unknown[] }).conversations).toHaveLength(1)
  })

  it("an identify that never settles answers 504 TIME_LIMIT_EXCEEDED at the handlers' time limit, runs no handler, and holds no close", async () => {
    const clock = new ManualClock()
    let identifying: () => void = () => undefined
    const started = new Promise<void>((resolve) => {
      identifying = resolve
    })
    let handled = 0
    const relay = new Relay({
      actions: {},
      identify: () =>
        new Promise<string>(() => {
          identifying()
        }),
      handler: () => {
        handled++
        return undefined
      },
    })
    const front = createRuntime({ bot: new FrontDesk(), integrations: { relay }, env: { RELAY_SIGNING_SECRET: 's' }, clock, timeLimits: { handlerMs: 1_000 } })
    const host = await serve({ runtime: front, port: 0 })
    const answer = post(`${host.url}/webhooks/integration/relay`, event('W-NORTH', 'never routed'))
    await started
    await clock.advance(1_000)
    const response = await answer
    expect([response.status, await response.json()]).toEqual([504, { code: 'TIME_LIMIT_EXCEEDED', message: 'the request failed: see the host log' }])
    expect(handled).toBe(0)
  })

  it('two served aliases with one identifier, two runtimes with one bot id, runtime and runtimes together: INVALID_HOST_OPTIONS', async () => {
    const { front, relay } = world()
    const twin = createRuntime({ bot: new FrontDesk(), integrations: { relay }, botId: 'front-twin', env: { RELAY_SIGNING_SECRET: 's' } })
    await expect(serve({ runtimes: [front, twin], port: 0 })).rejects.toMatchObject({
      code: 'INVALID_HOST_OPTIONS',
      message: expect.stringMatching(
        /bot 'front-desk' \(alias 'north'\) and bot 'front-twin' \(alias 'north'\) configure integration 'relay' with the same identifier/,
      ),
    })
    await expect(serve({ runtimes: [front, front], port: 0 })).rejects.toMatchObject({
      code: 'INVALID_HOST_OPTIONS',
      message: expect.stringContaining("bot id 'front-desk'"),
    })
    await expect(serve({ runtime: front, runtimes: [front], port: 0 } as never)).rejects.toMatchObject({ code: 'INVALID_HOST_OPTIONS' })
  })
})
