// The message stores section of `npm run bench` (also alone: `npm run bench:stores`): a page
// of listMessages (20 messages, through the runtime's client) at 1,000 and at 1,000,000 stored
// messages (issue #35's goal: the page at 1,000,000 within 2x of the page at 1,000; 100,000
// with --quick), on the in-memory store, the embedded store (PGlite) and the PostgreSQL store
// (the machine's server, as the tests use it: BOTWIRE_TEST_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test, in a schema of its own dropped after), each as a
// ratio to the in-memory store's page at the same size, measured in the same run. Wall time:
// the PostgreSQL store's work is in the server's process, which this process's CPU time misses.
// The SQL stores are filled with one INSERT ... SELECT (the fill is not what is measured).
// And the embedded store's opening on a new folder, from its template against initdb, in CPU
// time (bench/storeOpening.ts).
//
// usage: tsx --tsconfig tsconfig.test.json bench/stores.ts [--quick] [--runs N] [--sizes 1000,100000] [--compression]
//   --compression   also the template's tar compressed each way considered (a minute of CPU: brotli at quality 11)
//   --sizes   the stored counts to page at, the first the reference of the last column (default 1000,1000000; 1000,100000 with --quick)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { Bot } from '../generated/bots/support-bot/v1.0.0.js'
import { createRuntime, InMemoryMessageStore, type MessageStore } from '../src/runtime/index.js'
import { encodePagingToken } from '../src/runtime/pagingToken.js'
import { pgliteDatabase } from '../src/stores/embedded/pgliteDatabase.js'
import { postgresDatabase } from '../src/stores/postgres/postgresDatabase.js'
import { openSqlStore } from '../src/stores/sql/openSqlStore.js'
import type { SqlDatabase } from '../src/stores/sql/sqlDatabase.js'
import { medianSample, ms, ratio, type Sample } from './measure.js'
import { compressionTable, measureNewFolderOpens, measureTemplateCompression, openingTable } from './storeOpening.js'

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    sizes: { type: 'string' },
    compression: { type: 'boolean', default: false },
  },
})
const RUNS = Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3)))
const SIZES = (flags.sizes ?? (flags.quick ? '1000,100000' : '1000,1000000')).split(',').map(Number)
if (SIZES.length === 0 || SIZES.some((size) => !Number.isSafeInteger(size) || size < 2))
  throw new Error(`--sizes takes counts of 2 or more, not ${flags.sizes}`)
const PAGES = flags.quick ? 50 : 200
const CONVERSATION = 'big'
const DATABASE_URL = process.env.BOTWIRE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const AT = '2030-01-01T00:00:00.000Z'

function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}
function progress(message: string): void {
  process.stderr.write(`[bench:stores] ${message}\n`)
}

interface Filled {
  kind: string
  size: number
  store: MessageStore
}

function fillMemory(size: number): Filled {
  const store = new InMemoryMessageStore()
  for (let i = 1; i <= size; i++) {
    store.insert({
      id: `m${i}`,
      conversationId: CONVERSATION,
      userId: 'u1',
      type: 'text',
      payload: { text: `message ${i}` },
      tags: {},
      createdAt: AT,
      updatedAt: AT,
    })
  }
  return { kind: 'in memory', size, store }
}

/** Opens a SQL store on `database` in `schema` and fills it as fillMemory does, in one statement. */
async function fillSql(kind: string, database: SqlDatabase, schema: string, size: number): Promise<Filled> {
  const { store } = await openSqlStore(database, schema, kind)
  await database.query(
    `INSERT INTO ${schema}.messages (id, conversation_id, message)
     SELECT to_json('m' || i)::text, to_json($1::text)::text,
            json_build_object('id', 'm' || i, 'conversationId', $1::text, 'userId', 'u1', 'type', 'text',
              'payload', json_build_object('text', 'message ' || i), 'tags', '{}'::json, 'createdAt', $2::text, 'updatedAt', $2::text)::text
     FROM generate_series(1, $3::int) AS i`,
    [CONVERSATION, AT, size],
  )
  await database.query(`ANALYZE ${schema}.messages`)
  return { kind, size, store }
}

/** The wall time of PAGES pages: the newest, and from the middle (a nextToken). */
function pageRuns(filled: Filled): (() => Promise<void>)[] {
  const runtime = createRuntime({ bot: new Bot(), store: filled.store })
  const nextToken = encodePagingToken(CONVERSATION, Math.floor(filled.size / 2))
  return [
    async () => {
      for (let i = 0; i < PAGES; i++) await runtime.client.listMessages({ conversationId: CONVERSATION, limit: 20 })
    },
    async () => {
      for (let i = 0; i < PAGES; i++) await runtime.client.listMessages({ conversationId: CONVERSATION, limit: 20, nextToken })
    },
  ]
}

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 4 })
  try {
    await pool.query('SELECT 1')
  } catch (error) {
    throw new Error(`bench/stores.ts needs the PostgreSQL server at ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}: ${String(error)}`)
  }
  const postgres = postgresDatabase(pool)
  const folder = mkdtempSync(join(tmpdir(), 'botwire-bench-stores-'))
  const schemas = SIZES.map((size) => `bw_bench_${process.pid}_${size}`)
  try {
    // before the fill: the stores filled hold a heap whose collections every later open would pay
    progress('timing the embedded store opening new folders')
    const opens = await measureNewFolderOpens(RUNS)
    progress('filling the stores')
    const filledAt = performance.now()
    const embedded = pgliteDatabase(await PGlite.create(folder))
    const stores: Filled[] = []
    for (const [i, size] of SIZES.entries()) {
      stores.push(fillMemory(size))
      stores.push(await fillSql('embedded (PGlite)', embedded, `bench_${size}`, size))
      stores.push(await fillSql('PostgreSQL', postgres, schemas[i] as string, size))
    }
    const fillMs = performance.now() - filledAt
    progress('timing the pages')
    const variants = stores.flatMap(pageRuns)
    const samples: Sample[][] = variants.map(() => [])
    for (let round = 0; round <= RUNS; round++) {
      for (const [i, variant] of variants.entries()) {
        const started = performance.now()
        await variant()
        if (round > 0) samples[i]?.push({ wallMs: performance.now() - started, cpuMs: 0 })
      }
    }
    const perPage = (i: number) => (medianSample(samples[i] ?? []).wallMs * 1000) / PAGES
    const memoryAt = (size: number, page: number) => perPage(stores.findIndex((s) => s.kind === 'in memory' && s.size === size) * 2 + page)
    const smallOf = (kind: string, page: number) => perPage(stores.findIndex((s) => s.kind === kind && s.size === (SIZES[0] as number)) * 2 + page)

    print('## 11. The message stores')
    print()
    print(
      `Command: \`npm run bench:stores\`${process.argv.length > 2 ? ` (\`${process.argv.slice(2).join(' ')}\`)` : ''} (also a section of \`npm run bench\`). Node ${process.version}. ${PAGES} pages of 20 messages per run through \`runtime.client.listMessages\`, every variant once per round, the median of ${RUNS} round${RUNS === 1 ? '' : 's'} after a warm-up round; wall time.`,
    )
    print()
    print(
      `| store | stored | µs per page, the newest | vs in memory | µs per page, from the middle | vs in memory | vs the same page at ${(SIZES[0] as number).toLocaleString('en-US')} |`,
    )
    print('|---|---:|---:|---:|---:|---:|---:|')
    for (const [i, filled] of stores.entries()) {
      const newest = perPage(i * 2)
      const middle = perPage(i * 2 + 1)
      print(
        `| ${filled.kind} | ${filled.size.toLocaleString('en-US')} | ${newest.toFixed(0)} | ${ratio(newest, memoryAt(filled.size, 0))} | ${middle.toFixed(0)} | ${ratio(middle, memoryAt(filled.size, 1))} | ${ratio(middle, smallOf(filled.kind, 1))} |`,
      )
    }
    print()
    print(`(Filling the ${stores.length} stores took ${ms(fillMs)} ms.)`)
    print()
    await embedded.close()
    for (const line of openingTable(opens, RUNS)) print(line)
    if (flags.compression) for (const line of compressionTable(measureTemplateCompression())) print(line)
  } finally {
    for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
    await pool.end()
    rmSync(folder, { recursive: true, force: true })
  }
}

await main()
