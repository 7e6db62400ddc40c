// Alternative configurations, defaults and any JSON value
// (test/fixtures/valid/configurations-and-defaults): `ctx.configuration` narrows on
// `ctx.configurationType`; a handler reads a defaulted property with no fallback while a
// caller may leave it out; `JsonValue` for a node typed as every JSON type.
import type * as runtime from '@botwire/runtime'
import type { CallableActions } from '../fixtures/valid/configurations-and-defaults/expected/bots/desk-bot/v1.0.0.js'
import * as helpdesk from '../fixtures/valid/configurations-and-defaults/expected/integrations/helpdesk/v1.0.0.js'
import * as triage from '../fixtures/valid/configurations-and-defaults/expected/plugins/triage/v1.0.0.js'
import { type Equal, type Extends, expectTrue } from './support.js'

const ticket: helpdesk.Ticket = { id: 't1', subject: 'Refund', status: 'open' }

// ---------------------------------------------------------------- configurations

export const desk = new helpdesk.Integration({
  actions: {
    saveTicket: ({ input, ctx }) => {
      expectTrue<Equal<typeof ctx.configurationType, 'oauth' | null>>()
      // @ts-expect-error [TS2339 "clientId"] before narrowing, the default configuration has no clientId
      void ctx.configuration.clientId
      if (ctx.configurationType === 'oauth') {
        expectTrue<Equal<typeof ctx.configuration, helpdesk.OauthConfiguration>>()
        expectTrue<Equal<typeof ctx.configuration.scopes, string[]>>()
        // @ts-expect-error [TS2339 "apiToken"] the oauth configuration has no apiToken
        void ctx.configuration.apiToken
      } else {
        expectTrue<Equal<typeof ctx.configuration, helpdesk.Configuration>>()
        // defaulted: present, no fallback needed
        expectTrue<Equal<typeof ctx.configuration.pageSize, number>>()
        // nested defaults are present wherever their parent object is
        if (ctx.configuration.retry) expectTrue<Equal<typeof ctx.configuration.retry.attempts, number>>()
      }
      // @ts-expect-error [TS2367 "no overlap"] no configuration is named oath
      if (ctx.configurationType === 'oath') return { ticket }
      // the handler's view: defaults present, also inside the entity
      expectTrue<Equal<typeof input.notify, boolean>>()
      expectTrue<Equal<typeof input.ticket.status, 'open' | 'closed'>>()
      // @ts-expect-error [TS2322 "number"] a defaulted property keeps its type: notify is a boolean
      const wrong: number = input.notify
      void wrong
      return { ticket: input.ticket }
    },
    listTickets: ({ input }) => {
      // the handler reads the defaulted limit with no fallback
      expectTrue<Equal<typeof input.limit, number>>()
      const page: number = input.limit
      return { tickets: [ticket].slice(0, page) }
    },
  },
})

expectTrue<Equal<keyof helpdesk.Configurations, 'oauth'>>()
expectTrue<Equal<helpdesk.Configurations['oauth'], helpdesk.OauthConfiguration>>()

// ---------------------------------------------------------------- the caller's view

declare const client: runtime.BotClient<runtime.MessageTagMap, CallableActions>

export async function callers(): Promise<void> {
  // defaulted properties may be left out, in the input and in the entity it carries
  await client.callAction({ type: 'helpdesk:saveTicket', input: { ticket: { id: 't2', subject: 'Late' } } })
  await client.callAction({ type: 'helpdesk:listTickets', input: {} })
  await client.callAction({ type: 'legacyDesk:listTickets', input: { limit: 5 } })
  // @ts-expect-error [TS2322 "string"] a defaulted property given by a caller still has its type
  await client.callAction({ type: 'helpdesk:listTickets', input: { limit: 'ten' } })
  // @ts-expect-error [TS2322 "number"] status is 'open' or 'closed', default or not
  await client.callAction({ type: 'helpdesk:saveTicket', input: { ticket: { id: 't3', subject: 'x', status: 1 } } })
  await client.callAction({ type: 'triage#triage', input: {} })
}

expectTrue<Equal<helpdesk.TicketInput['status'], 'open' | 'closed' | undefined>>()
expectTrue<Equal<Extends<helpdesk.TicketInput, helpdesk.Ticket>, false>>()
expectTrue<Equal<Extends<helpdesk.Ticket, helpdesk.TicketInput>, true>>()

// ---------------------------------------------------------------- plugins

export const triager = new triage.Plugin({
  actions: {
    triage: ({ input, ctx }) => {
      expectTrue<Equal<typeof input.max, number>>()
      expectTrue<Equal<typeof ctx.configuration.threshold, number>>()
      return { triaged: Math.min(input.max, 3) }
    },
  },
})

// ---------------------------------------------------------------- any JSON value

expectTrue<Equal<helpdesk.TicketUpdatedEvent['changes'], runtime.JsonValue>>()
const changes: helpdesk.TicketUpdatedEvent['changes'] = { status: ['open', 'closed'], at: 3, by: null }
void changes
// @ts-expect-error [TS2322 "undefined"] a JSON value is never undefined
const notJson: helpdesk.TicketUpdatedEvent['changes'] = undefined
void notJson
