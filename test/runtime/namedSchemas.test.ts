// Named schemas and standard messages at run time (test/fixtures/valid/named-schemas): a
// `$ref` is validated like the schema it names, recursion included, in an integration's
// own action, in an interface action it takes over (which keeps the interface's `$defs`),
// in a plugin's action and in a configuration; a `$message` like a bot's message of that
// type (closed); the defaults of a named schema are filled in through every `$ref` to it
// (an action input that is one, its items, a configuration that is one).
import { createRuntime } from '@botwire/runtime'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/named-schemas/expected/bots/support-bot/v1.0.0.js'
import { Integration as Zendesk } from '../fixtures/valid/named-schemas/expected/integrations/zendesk/v1.0.0.js'
import { Plugin as Notes } from '../fixtures/valid/named-schemas/expected/plugins/notes/v1.0.0.js'
import { rejection } from '../support/rejection.js'

function world(env: Record<string, string> = { ZENDESK_TOKEN: 'zd' }, seen: unknown[] = []) {
  const zendesk = new Zendesk({
    actions: {
      search: ({ input, ctx }) => {
        seen.push({ input, region: ctx.configuration.region })
        // the handler's view: the defaults are there, with no fallback
        const applied = input.filters?.[0] ?? { status: 'open', limit: 25 }
        return { applied, tickets: [{ id: `${applied.status}-${applied.limit}` }] }
      },
      listComments: () => ({ comments: [{ text: 'first' }] }),
      addComment: ({ input, ctx }) => ({ author: `${ctx.configuration.subdomain}-bot`, body: 'ok', replies: [input.comment] }),
      preview: ({ input }) =>
        input.ticket.id === 'broken'
          ? { card: { title: 'Ticket', actions: [{ action: 'url', label: '', value: 'https://example.com' }] } }
          : {
              card: { title: `Ticket ${input.ticket.id}`, actions: [{ action: 'url', label: 'Open', value: 'https://example.com' }] },
              picture: { imageUrl: 'https://example.com/t.png' },
            },
    },
  })
  const notes = new Notes({
    actions: {
      takeNote: ({ input }) => {
        seen.push({ input })
        return { saved: input }
      },
      share: ({ input }) => ({ chosen: input.options[0]?.value ?? '' }),
    },
  })
  return createRuntime({ bot: new Bot(), integrations: { zendesk }, plugins: { notes }, env })
}

describe('a $ref at run time', () => {
  it("validates a taken-over interface action's input against the interface's recursive named schema", async () => {
    const runtime = world()
    const comment = { author: 'ann', body: 'hi', replies: [{ author: 'bob', body: 'yes', replies: [] }] }
    const out = await runtime.client.callAction({ type: 'zendesk:addComment', input: { ticket: { id: '1' }, comment } })
    expect(out).toEqual({ author: 'acme-bot', body: 'ok', replies: [comment] })

    const deep = { author: 'ann', body: 'hi', replies: [{ author: 'bob', body: '' }] }
    const error = await rejection(runtime.client.callAction({ type: 'zendesk:addComment', input: { ticket: { id: '1' }, comment: deep } }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(['input.comment.replies[0].body: must have at least 1 character'])
  })

  it("validates an own action's output against the integration's own named schema of the same name", async () => {
    const out = await world().client.callAction({ type: 'zendesk:listComments', input: { id: '1' } })
    expect(out).toEqual({ comments: [{ text: 'first' }] })
  })

  it("validates a plugin action's input that is a $ref at the top", async () => {
    const runtime = world()
    expect(await runtime.client.callAction({ type: 'notes#takeNote', input: { text: 'call back' } })).toEqual({ saved: { text: 'call back', pinned: false } })
    // @ts-expect-error text is required by the named schema
    const error = await rejection(runtime.client.callAction({ type: 'notes#takeNote', input: { ticket: '1' } }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(['input.text: is required'])
  })

  it('validates a configuration that is a $ref, with its secret', async () => {
    const error = await rejection(world({ ZENDESK_TOKEN: '' }).client.callAction({ type: 'zendesk:listComments', input: { id: '1' } }))
    expect(error.code).toBe('INVALID_CONFIGURATION')
    expect(error.issues).toEqual(['configuration.token: must have at least 1 character'])
  })
})

describe("a named schema's defaults at run time", () => {
  it('fills them in through a $ref at the top of an input and through items, nested entries and the configuration', async () => {
    const seen: unknown[] = []
    const runtime = world(undefined, seen)
    const given = { text: 'late', filters: [{}, { status: 'closed' as const, limit: 3 }] }
    const out = await runtime.client.callAction({ type: 'zendesk:search', input: given })
    expect(seen).toEqual([
      {
        input: {
          text: 'late',
          filters: [
            { status: 'open', limit: 25 },
            { status: 'closed', limit: 3 },
          ],
        },
        // the bot gives no region: filled into the configuration, which is a $ref
        region: 'us',
      },
    ])
    expect(out).toEqual({ applied: { status: 'open', limit: 25 }, tickets: [{ id: 'open-25' }] })
    // the caller's object is left as it was
    expect(given).toEqual({ text: 'late', filters: [{}, { status: 'closed', limit: 3 }] })
  })

  it("fills a plugin's named schema in its action input", async () => {
    const seen: unknown[] = []
    await world(undefined, seen).client.callAction({ type: 'notes#takeNote', input: { text: 'call back', ticket: '9' } })
    expect(seen).toEqual([{ input: { text: 'call back', ticket: '9', pinned: false } }])
  })
})

describe('a $message at run time', () => {
  it('validates an action output holding a card and an image (through a named schema) like a bot message', async () => {
    const runtime = world()
    const out = await runtime.client.callAction({ type: 'zendesk:preview', input: { ticket: { id: '7' } } })
    expect(out.card.title).toBe('Ticket 7')
    expect(out.picture).toEqual({ imageUrl: 'https://example.com/t.png' })
    const error = await rejection(runtime.client.callAction({ type: 'zendesk:preview', input: { ticket: { id: 'broken' } } }))
    expect(error.code).toBe('INVALID_OUTPUT')
    expect(error.issues).toEqual(['output.card.actions[0].label: must have at least 1 character'])
  })

  it('rejects what the message type does not admit (closed, as for bot messages)', async () => {
    const runtime = world()
    const choice = { text: 'Pick one', options: [{ label: 'A', value: 'a' }] }
    expect(await runtime.client.callAction({ type: 'notes#share', input: choice })).toEqual({ chosen: 'a' })
    const error = await rejection(runtime.client.callAction({ type: 'notes#share', input: { ...choice, extra: true } as typeof choice }))
    expect(error.code).toBe('INVALID_INPUT')
    expect(error.issues).toEqual(['input.extra: is not allowed'])
  })
})
