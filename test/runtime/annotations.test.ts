// Annotations at run time (test/fixtures/valid/annotations): every `x-` key a definition
// may write reaches the `definition` constant the runtime gets, unchanged; a holder the
// constant reduces to its schema (an entity, a default configuration, an action's input
// or output) hands its annotations to that schema's root. The runtime ignores them: the
// annotated schemas validate as before.

import { annotationKeywords, createRuntime } from '@botwire/runtime'
import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { Bot } from '../fixtures/valid/annotations/expected/bots/shop-bot/v1.0.0.js'
import { Integration as Shop } from '../fixtures/valid/annotations/expected/integrations/shop/v1.0.0.js'
import { definition as catalog } from '../fixtures/valid/annotations/expected/interfaces/catalog/v1.0.0.js'
import { Plugin as Pricing } from '../fixtures/valid/annotations/expected/plugins/pricing/v1.0.0.js'

function world(seen: unknown[] = []) {
  const shop = new Shop({
    actions: {
      restock: ({ input }) => {
        seen.push(input)
        return { count: 3 }
      },
      getProduct: ({ input }) => ({ product: { id: input.id, name: 'Lamp' } }),
    },
  })
  const pricing = new Pricing({
    actions: {
      quote: async ({ input, ctx, client }) => {
        const { product } = await client.callAction({ type: 'store:getProduct', input: { id: input.product.id } })
        return { price: product.name.length * (1 + ctx.configuration.margin) }
      },
    },
  })
  return { shop, pricing }
}

/** The schema a definitions key names. */
function entitySchema(definition: { definitions: Record<string, unknown>; entities: Record<string, string> }, entity: string): unknown {
  return definition.definitions[definition.entities[entity] ?? '']
}

describe('x- annotations in the definition constants', () => {
  it("an interface's: its top, entities, actions and their input and output, events, channels, messages, schema nodes", () => {
    expect(catalog['x-category']).toBe('commerce')
    expect(entitySchema(catalog, 'product')).toMatchObject({ 'x-display': 'name', 'x-table': 'products' })
    expect(catalog.definitions['catalog@1.0.0:$defs.money']).toMatchObject({ 'x-unit': 'cents', properties: { amount: { 'x-format': 'money' } } })
    const action = catalog.actions.getProduct
    expect(action?.['x-group']).toBe('read')
    expect(action?.input).toMatchObject({ 'x-form': 'compact' })
    expect(action?.output).toMatchObject({ 'x-view': 'card' })
    expect(catalog.events.productChanged?.['x-source']).toBe('webhook')
    expect(catalog.channels.reviews?.['x-threaded']).toBe(true)
    expect(catalog.channels.reviews?.messages.review?.['x-format']).toBe('markdown')
  })

  it("an integration's: its configurations, entities, own actions, implemented interfaces and their overrides", () => {
    const { definition } = world().shop
    expect(definition['x-icon']).toBe('cart')
    expect(definition.configuration).toMatchObject({ 'x-order': 1, properties: { apiKey: { 'x-hidden': true } } })
    expect(definition.configurations?.sandbox?.['x-order']).toBe(2)
    expect(entitySchema(definition, 'item')).toMatchObject({ 'x-display': 'title' })
    expect(definition.actions.restock).toMatchObject({ 'x-group': 'write', input: { 'x-form': 'wide' }, output: { 'x-view': 'toast' } })
    expect(definition.interfaces.catalog?.['x-note']).toBe("the shop's items are catalog products")
    // an override's annotations beside the interface member's
    expect(definition.actions.getProduct).toMatchObject({ 'x-group': 'read', 'x-paged': false, attributes: { timeout: '10s' } })
    expect(definition.events.itemChanged?.['x-source']).toBe('polling')
    expect(definition.channels.itemReviews).toMatchObject({ 'x-threaded': true, 'x-moderated': true })
  })

  it("a plugin's: its configuration, interface dependencies, actions and events", () => {
    const { definition } = world().pricing
    expect(definition['x-category']).toBe('pricing')
    expect(definition.configuration).toMatchObject({ 'x-order': 1, properties: { margin: { 'x-unit': 'ratio' } } })
    expect(definition.interfaces.store?.['x-role']).toBe('source of products')
    expect(definition.actions.quote).toMatchObject({ 'x-group': 'pricing', input: { 'x-form': 'inline' }, output: { 'x-view': 'number' } })
    expect(definition.events.quoted?.['x-source']).toBe('plugin')
  })

  it("a bot's: its top, message settings and tags, instances and plugin dependencies", () => {
    const { definition } = new Bot()
    expect(definition['x-owner']).toBe('sales')
    expect(definition.tags).toEqual(['orderId'])
    expect(definition.message).toEqual({
      'x-retention': '30d',
      tags: { orderId: { title: 'Order', description: 'The order the message is about', 'x-searchable': true } },
    })
    expect(definition.integrations.shop?.['x-note']).toBe('the main store')
    expect(definition.plugins.pricing?.['x-note']).toBe('quotes prices')
    expect(definition.plugins.pricing?.dependencies.store?.['x-why']).toBe('products come from the shop')
  })

  it('leaves validation as it was, and a strict ajv compiles the annotated schemas once they are registered', async () => {
    const seen: unknown[] = []
    const { shop, pricing } = world(seen)
    const runtime = createRuntime({ bot: new Bot(), integrations: { shop }, plugins: { pricing }, env: { SHOP_API_KEY: 'k' } })
    await expect(runtime.client.callAction({ type: 'shop:restock', input: { id: 'p1' } })).resolves.toEqual({ count: 3 })
    await expect(runtime.client.callAction({ type: 'pricing#quote', input: { product: { id: 'p1', name: 'Lamp' } } })).resolves.toEqual({ price: 4.8 })
    // @ts-expect-error the input lacks its id: the runtime refuses it as before
    await expect(runtime.client.callAction({ type: 'shop:restock', input: {} })).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    const { definition } = shop
    const ajv = new Ajv({ strict: true })
    for (const keyword of annotationKeywords(definition)) ajv.addKeyword(keyword)
    ajv.addSchema({ definitions: definition.definitions }, 'shop')
    expect(() => ajv.compile(definition.configuration)).not.toThrow()
  })
})
