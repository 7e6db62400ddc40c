// Defaults and alternative configurations at run time (test/fixtures/valid/configurations-and-defaults):
// the runtime fills defaults into configurations and action inputs before validating
// them, at any depth where the parent object is present, with a fresh copy each time;
// an integration's handlers see the configuration the bot chose and its name.
import { createRuntime } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/configurations-and-defaults/expected/bots/desk-bot/v1.0.0.js'
import { Integration as Helpdesk, type Ticket } from '../fixtures/valid/configurations-and-defaults/expected/integrations/helpdesk/v1.0.0.js'
import { Plugin as Triage } from '../fixtures/valid/configurations-and-defaults/expected/plugins/triage/v1.0.0.js'

const ENV = { HELPDESK_CLIENT_SECRET: 'client-secret', HELPDESK_API_TOKEN: 'api-token' }
const ticket: Ticket = { id: 't1', subject: 'Refund', status: 'open' }

function world(seen: unknown[]) {
  const helpdesk = new Helpdesk({
    actions: {
      saveTicket: ({ input, ctx }) => {
        // as the handler got them, before it changes them
        seen.push(structuredClone({ input, configurationType: ctx.configurationType, configuration: ctx.configuration }))
        if (ctx.configurationType === 'oauth') ctx.configuration.scopes.push('changed by a handler')
        input.ticket.custom = 'changed by a handler'
        return { ticket: input.ticket }
      },
      listTickets: ({ input, ctx }) => {
        seen.push(structuredClone({ input, configurationType: ctx.configurationType, configuration: ctx.configuration }))
        return { tickets: [ticket].slice(0, input.limit) }
      },
    },
  })
  const triage = new Triage({
    actions: {
      triage: ({ input, ctx }) => {
        seen.push({ input, configuration: ctx.configuration })
        return { triaged: input.max }
      },
    },
  })
  return { helpdesk, triage }
}

describe('defaults', () => {
  it('fills action inputs in before validation, nested ones where their parent is present', async () => {
    const seen: unknown[] = []
    const runtime = createRuntime({ bot: new Bot(), ...implementations(seen), env: ENV })
    const given = { ticket: { id: 't2', subject: 'Late' } }
    await runtime.client.callAction({ type: 'helpdesk:saveTicket', input: given })
    await runtime.client.callAction({ type: 'helpdesk:listTickets', input: {} })
    expect(seen.map((s) => (s as { input: unknown }).input)).toEqual([{ ticket: { id: 't2', subject: 'Late', status: 'open' }, notify: true }, { limit: 25 }])
    // the caller's object is left as it was
    expect(given).toEqual({ ticket: { id: 't2', subject: 'Late' } })
  })

  it('keeps what the caller gives and validates the filled value', async () => {
    const seen: unknown[] = []
    const runtime = createRuntime({ bot: new Bot(), ...implementations(seen), env: ENV })
    await runtime.client.callAction({ type: 'helpdesk:listTickets', input: { limit: 1 } })
    expect(seen).toMatchObject([{ input: { limit: 1 } }])
    const wrong = runtime.client.callAction({ type: 'helpdesk:listTickets', input: { limit: 0 } })
    await expect(wrong).rejects.toMatchObject({ code: 'INVALID_INPUT', issues: ['input.limit: must be at least 1, not 0'] })
  })

  it('fills integration configurations, default and chosen, and plugin configurations and inputs', async () => {
    const seen: unknown[] = []
    const runtime = createRuntime({ bot: new Bot(), ...implementations(seen), env: ENV })
    await runtime.client.callAction({ type: 'legacyDesk:listTickets', input: {} })
    await runtime.client.callAction({ type: 'helpdesk:listTickets', input: {} })
    await runtime.client.callAction({ type: 'triage#triage', input: {} })
    expect(seen).toEqual([
      {
        input: { limit: 25 },
        configurationType: null,
        // the bot gives retry.attempts; pageSize and retry.backoff are filled in
        configuration: { subdomain: 'acme-legacy', apiToken: 'api-token', retry: { attempts: 5, backoff: 'exponential' }, pageSize: 50 },
      },
      {
        input: { limit: 25 },
        configurationType: 'oauth',
        configuration: { subdomain: 'acme', clientId: 'desk-bot', clientSecret: 'client-secret', scopes: ['read'] },
      },
      { input: { max: 10 }, configuration: { threshold: 0.5 } },
    ])
  })

  it('never shares a default between calls', async () => {
    const seen: unknown[] = []
    const runtime = createRuntime({ bot: new Bot(), ...implementations(seen), env: ENV })
    // the handler adds to the defaulted scopes it got: the next call gets the default as declared
    await runtime.client.callAction({ type: 'helpdesk:saveTicket', input: { ticket: { id: 'a', subject: 'A' } } })
    await runtime.client.callAction({ type: 'helpdesk:saveTicket', input: { ticket: { id: 'b', subject: 'B' } } })
    const [first, second] = seen as { configuration: { scopes: string[] } }[]
    expect(first?.configuration.scopes).toEqual(['read'])
    expect(second?.configuration.scopes).toEqual(['read'])
    const { helpdesk } = world([])
    expect(helpdesk.definition.configurations?.oauth?.schema.properties?.scopes?.default).toEqual(['read'])
  })
})

describe('alternative configurations', () => {
  it('refuses a configurationType the integration does not have', async () => {
    const seen: unknown[] = []
    const bot = new Bot()
    const definition = structuredClone(bot.definition)
    const instance = definition.integrations.helpdesk
    if (instance) instance.configurationType = 'oath'
    const runtime = createRuntime({ bot: Object.assign(Object.create(Bot.prototype) as Bot, bot, { definition }), ...implementations(seen), env: ENV })
    await expect(runtime.client.callAction({ type: 'helpdesk:listTickets', input: {} })).rejects.toMatchObject({
      code: 'INVALID_CONFIGURATION',
      issues: ["configurationType: helpdesk 1.0.0 has no configuration 'oath' (its configurations: oauth)"],
    })
  })

  it('carries x- annotations into the definitions unchanged', () => {
    const { helpdesk } = world([])
    expect(helpdesk.definition['x-icon']).toBe('lifebuoy')
    expect(helpdesk.definition.configurations?.oauth?.['x-order']).toBe(2)
    expect(helpdesk.definition.actions.listTickets?.['x-paged']).toBe(true)
    expect(helpdesk.definition.actions.listTickets?.attributes).toEqual({ timeout: '60s' })
    expect(new Bot().definition.integrations.helpdesk?.['x-note']).toBe("signs in with the company's OAuth client")
  })
})

function implementations(seen: unknown[]) {
  const { helpdesk, triage } = world(seen)
  return { integrations: { helpdesk }, plugins: { triage } }
}
