// The store packages as npm packs them (docs/runtime.md#the-stores-botwire-ships): each holds
// its compiled store, the shared SQL code and nothing of the compiler, the embedded store
// also its empty-database template (under 2 MB packed, the tarball whole); a bot's production
// install of the runtime and the PostgreSQL store stays under 5 MB, and the store it
// installs opens and stores a message on the machine's server.
import { execFileSync } from 'node:child_process'
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { packedPackages, productionInstall, type Tarballs } from '../support/packedProject.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from './postgresServer.js'

const schema = uniqueSchemaName()
afterAll(async () => {
  await dropSchema(schema)
})

let tarballs: Tarballs = new Map()
beforeAll(() => {
  tarballs = packedPackages()
}, 120_000)

function filesIn(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '')
    .sort()
}

function bytesBelow(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0)
}

it('packs each store with its compiled code and the shared SQL code, and nothing else of src/', () => {
  for (const [name, own] of [
    ['@botwire/store-postgres', 'postgres'],
    ['@botwire/store-embedded', 'embedded'],
  ] as const) {
    const files = filesIn(tarballs.get(name) as string)
    expect(files).toContain(`package/dist/stores/${own}/index.js`)
    expect(files).toContain(`package/dist/stores/${own}/index.d.ts`)
    expect(files).toContain('package/dist/stores/sql/sqlMessageStore.js')
    expect(files).toContain('package/README.md')
    const template = own === 'embedded' ? ['package/template/empty-database.json', 'package/template/empty-database.tar.br'] : []
    expect(files.filter((file) => !/^package\/(dist\/stores\/(sql|postgres|embedded)\/[\w.]+|README\.md|package\.json)$/.test(file))).toEqual(template)
    expect(files.some((file) => file.includes(`/stores/${own === 'postgres' ? 'embedded' : 'postgres'}/`))).toBe(false)
  }
  expect(statSync(tarballs.get('@botwire/store-embedded') as string).size).toBeLessThan(2 * 1024 * 1024)
})

it('a production install of the runtime and the PostgreSQL store is under 5 MB, and its store runs on the server', () => {
  // a production install in one step (`npm install --omit=dev`, kept while the tarballs are the same): this project has no dev
  // dependencies, so `npm install` then `npm ci --omit=dev` installed exactly this, at twice the CPU
  // (test/cli/gettingStarted.test.ts runs the page's `npm ci --omit=dev`)
  const sandbox = productionInstall({ name: 'bot-on-postgres', private: true, type: 'module' }, ['@botwire/runtime', '@botwire/store-postgres'], tarballs)
  const installed = bytesBelow(join(sandbox, 'node_modules'))
  expect(installed).toBeLessThan(5 * 1024 * 1024)
  const program = `
    import { openPostgresStore } from '@botwire/store-postgres'
    const store = await openPostgresStore({ connectionString: process.env.DATABASE_URL, schema: process.env.SCHEMA })
    const record = await store.insert({ id: 'm1', conversationId: 'c1', userId: 'u1', type: 'text', payload: { text: 'hi' }, tags: {}, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' })
    console.log(record.seq, (await store.list({ conversationId: 'c1', limit: 5 })).map((r) => r.message.payload.text).join())
    await store.close()
  `
  writeFileSync(join(sandbox, 'run.mjs'), program)
  const output = execFileSync(process.execPath, ['run.mjs'], {
    cwd: sandbox,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, SCHEMA: schema },
  })
  expect(output).toBe('1 hi\n')
}, 180_000)
