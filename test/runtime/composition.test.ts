// allOf at run time (test/fixtures/valid/composition): inputs that are an entity extended
// by an object are validated against every branch, and what fails is told once, in the
// `path: what` style, whichever branch it fails in.
import { createRuntime, ValidationError } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../fixtures/valid/composition/expected/bots/helpdesk/v1.0.0.js'
import { type MergeTicketsInput, Integration as Zendesk } from '../fixtures/valid/composition/expected/integrations/zendesk/v1.0.0.js'
import { rejection } from '../support/rejection.js'

const ticket = { id: 't-1', url: 'https://acme.zendesk.com/t/1', subject: 'Refund', status: 'open' as const }

function world() {
  const seen: unknown[] = []
  const zendesk = new Zendesk({
    actions: {
      mergeTickets: ({ input }) => {
        seen.push(input)
        // every branch's properties are there, typed
        expectTypeOf(input.into).toEqualTypeOf<string>()
        expectTypeOf(input.subject).toEqualTypeOf<string>()
        return { merged: { ...input, id: input.into } }
      },
      createTicket: ({ input }) => ({ ticket: { ...ticket, subject: input.subject } }),
    },
  })
  return { runtime: createRuntime({ bot: new Bot(), integrations: { zendesk } }), seen }
}

describe('allOf at run time', () => {
  it('accepts a value that fits every branch', async () => {
    const { runtime, seen } = world()
    const input: MergeTicketsInput = { ...ticket, into: 't-2' }
    const out = await runtime.client.callAction({ type: 'zendesk:mergeTickets', input })
    expect(out).toEqual({ merged: { ...ticket, into: 't-2', id: 't-2' } })
    expect(seen).toEqual([input])
  })

  it('rejects a value that fails one branch, naming the path', async () => {
    const { runtime, seen } = world()
    const loose = runtime.client.callAction as (call: unknown) => Promise<unknown>
    // the entity branch (base: id, url) and the object branch (into) each miss one
    const error = await rejection(loose({ type: 'zendesk:mergeTickets', input: { id: 't-1', subject: 'Refund', status: 'open' } }))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(['input.url: is required', 'input.into: is required'])
    expect(seen).toEqual([])
  })

  it('words a failure inside a branch of a branch like any other', async () => {
    const { runtime } = world()
    const loose = runtime.client.callAction as (call: unknown) => Promise<unknown>
    // (strings are never shown at run time: they may be a user's data)
    const error = await rejection(loose({ type: 'zendesk:mergeTickets', input: { ...ticket, id: '', status: 'archived', into: 2 } }))
    expect(error.issues).toEqual([
      'input.id: must have at least 1 character',
      "input.status: must be one of 'open', 'closed'",
      'input.into: must be a string, not 2',
    ])
  })

  it('validates an allOf of bounds (the interface action, with the entity the integration maps it to)', async () => {
    const { runtime } = world()
    await runtime.client.callAction({ type: 'zendesk:createTicket', input: { subject: 'x', priority: 3 } })
    const loose = runtime.client.callAction as (call: unknown) => Promise<unknown>
    const error = await rejection(loose({ type: 'zendesk:createTicket', input: { subject: 'x', priority: 5 } }))
    expect(error.issues).toEqual(['input.priority: must be at most 4, not 5'])
  })
})
