// An own action bound to an interface action (test/fixtures/valid/bound-members): a plugin's
// call of the interface action runs the own action's handler, with the interface's input,
// and gets its output back typed as the interface's.
import { createRuntime } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../fixtures/valid/bound-members/expected/bots/finder-bot/v1.0.0.js'
import { Integration as Elastic } from '../fixtures/valid/bound-members/expected/integrations/elastic/v1.0.0.js'
import { Plugin as Finder } from '../fixtures/valid/bound-members/expected/plugins/finder/v1.0.0.js'

describe('a bound member', () => {
  it("runs the own action's handler for the interface action, which the plugin calls by the interface's name", async () => {
    const seen: unknown[] = []
    const elastic = new Elastic({
      actions: {
        query: ({ input }) => {
          seen.push(input)
          return { hits: [{ id: 'doc-1', score: 0.9 }], took: 3 }
        },
      },
    })
    const finder = new Finder({
      actions: {
        lookup: async ({ input, client }) => {
          const { hits } = await client.callAction({ type: 'search:find', input: { query: input.text, limit: 5 } })
          expectTypeOf(hits[0]?.id).toEqualTypeOf<string | undefined>()
          return hits[0] === undefined ? {} : { first: hits[0] }
        },
      },
    })
    const runtime = createRuntime({ bot: new Bot(), integrations: { elastic }, plugins: { finder } })
    const out = await runtime.client.callAction({ type: 'finder#lookup', input: { text: 'refunds' } })
    expect(seen).toEqual([{ query: 'refunds', limit: 5 }])
    expect(out).toEqual({ first: { id: 'doc-1', score: 0.9 } })
    // the integration has no action named after the interface's: the own one stands for it
    // @ts-expect-error elastic:find does not exist; elastic:query serves search:find
    await expect(runtime.client.callAction({ type: 'elastic:find', input: { query: 'x' } })).rejects.toMatchObject({ code: 'UNKNOWN_ACTION' })
  })
})
