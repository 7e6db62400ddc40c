// The runtime on the SQL stores: createRuntime({ store }) with the PostgreSQL store, then the
// messaging operations as a bot's code calls them, paging tokens that keep working in a
// second runtime (another process) on the same database (docs/runtime.md#the-message-store).
import { afterAll, expect, it } from 'vitest'
import { openPostgresStore } from '../../src/stores/postgres/index.js'
import { makeWorld, text } from '../runtime/world.js'
import { rejection } from '../support/rejection.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from './postgresServer.js'

const schema = uniqueSchemaName()
afterAll(() => dropSchema(schema))

it('runs the messaging operations on the PostgreSQL store, and a second runtime on the same database continues a listing the first began', async () => {
  const first = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
  const second = await openPostgresStore({ connectionString: TEST_DATABASE_URL, schema })
  try {
    const one = makeWorld({ store: first }).runtime
    const two = makeWorld({ store: second }).runtime
    expect(one.store).toBe(first)
    const created: string[] = []
    for (let i = 0; i < 25; i++) created.push((await (i % 2 === 0 ? one : two).client.createMessage(text('conv', `m${i}`))).message.id)
    const page = await one.client.listMessages({ conversationId: 'conv', limit: 10 })
    expect(page.messages.map((m) => m.id)).toEqual(created.slice(15).reverse())
    const rest = await two.client.listMessages({ conversationId: 'conv', limit: 100, nextToken: page.meta.nextToken as string })
    expect(rest.messages.map((m) => m.id)).toEqual(created.slice(0, 15).reverse())
    expect(rest.meta.nextToken).toBeUndefined()

    const id = created[3] as string
    await one.client.updateMessage({ id, tags: { topic: 'billing' } })
    expect((await two.client.getMessage({ id })).message.tags).toEqual({ topic: 'billing' })
    await two.client.deleteMessage({ id })
    expect(await rejection(one.client.getMessage({ id }))).toMatchObject({ code: 'NOT_FOUND' })
  } finally {
    await Promise.all([first.close(), second.close()])
  }
})
