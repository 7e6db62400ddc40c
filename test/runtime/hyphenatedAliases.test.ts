// Aliases as users name them (test/fixtures/valid/hyphenated-aliases): an interface
// implemented under its own hyphenated name, a plugin whose local name is hyphenated, and
// a bot whose integration and plugin share the alias 'dropbox-files'. Calls and events
// are routed by those names, and ':' and '#' keep the integration and the plugin apart.
import { createRuntime } from '@botwire/runtime'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { Bot } from '../fixtures/valid/hyphenated-aliases/expected/bots/file-bot/v1.0.0.js'
import { Integration as Dropbox } from '../fixtures/valid/hyphenated-aliases/expected/integrations/dropbox/v1.0.0.js'
import { Plugin as FileDigest } from '../fixtures/valid/hyphenated-aliases/expected/plugins/file-digest/v0.1.0.js'

function world() {
  const reads: string[] = []
  const dropbox = new Dropbox({
    actions: {
      read: ({ input }) => {
        reads.push(input.path)
        return { file: { id: `id:${input.path}`, path: input.path, rev: 'r1' } }
      },
    },
  })
  const fileDigest = new FileDigest({
    actions: {
      digest: async ({ input, client, ctx }) => {
        const { file } = await client.callAction({ type: 'files-readonly:read', input: { path: input.path } })
        return { file, summary: `${ctx.configuration.prefix}: ${file.path}` }
      },
    },
  })
  const bot = new Bot()
  const runtime = createRuntime({ bot, integrations: { dropbox }, plugins: { 'file-digest': fileDigest } })
  return { reads, fileDigest, bot, runtime }
}

describe('hyphenated aliases', () => {
  it("route '<alias>:<action>' to the integration and '<alias>#<action>' to the plugin instance of the same alias", async () => {
    const { reads, runtime } = world()
    const read = await runtime.client.callAction({ type: 'dropbox-files:read', input: { path: '/a.txt' } })
    expectTypeOf(read.file.rev).toEqualTypeOf<string>()
    expect(read).toEqual({ file: { id: 'id:/a.txt', path: '/a.txt', rev: 'r1' } })
    // the plugin's `$entity: files-readonly.file` is bound to dropbox's entity: `rev` is there
    const digest = await runtime.client.callAction({ type: 'dropbox-files#digest', input: { path: '/b.txt' } })
    expectTypeOf(digest.file.rev).toEqualTypeOf<string>()
    expect(digest).toEqual({ file: { id: 'id:/b.txt', path: '/b.txt', rev: 'r1' }, summary: 'shared: /b.txt' })
    const other = await runtime.client.callAction({ type: 'file-digest#digest', input: { path: '/c.txt' } })
    expect(other.summary).toBe('default: /c.txt')
    // 'file_digest' is another instance, whose derived type name got a suffix
    const underscored = await runtime.client.callAction({ type: 'file_digest#digest', input: { path: '/d.txt' } })
    expectTypeOf(underscored.file.rev).toEqualTypeOf<string>()
    expect(underscored.summary).toBe('underscored: /d.txt')
    expect(reads).toEqual(['/a.txt', '/b.txt', '/c.txt', '/d.txt'])
    // @ts-expect-error the plugin instance has no action 'read'; the integration of the same alias has
    await expect(runtime.client.callAction({ type: 'dropbox-files#read', input: { path: '/x' } })).rejects.toMatchObject({ code: 'UNKNOWN_ACTION' })
  })

  it("deliver '<alias>:<event>' to the bot and '<local>:<event>' to each plugin instance wired to the integration", async () => {
    const { bot, fileDigest, runtime } = world()
    const seen: string[] = []
    bot.on.event('dropbox-files:fileCreated', ({ event }) => {
      expectTypeOf(event.payload.file.rev).toEqualTypeOf<string>()
      seen.push(`bot ${event.type} ${event.payload.file.rev}`)
    })
    fileDigest.on.event('files-readonly:fileCreated', ({ event, ctx }) => {
      seen.push(`plugin ${ctx.configuration.prefix} ${event.type} ${event.payload.file.path}`)
    })
    await runtime.emitEvent({ type: 'dropbox-files:fileCreated', payload: { file: { id: '1', path: '/new.txt', rev: 'r2' } } })
    expect(seen).toEqual([
      'bot dropbox-files:fileCreated r2',
      'plugin shared files-readonly:fileCreated /new.txt',
      'plugin default files-readonly:fileCreated /new.txt',
      'plugin underscored files-readonly:fileCreated /new.txt',
    ])
  })
})
