// The several-processes section of `npm run bench` (also alone: `npm run bench:processes`):
// messages per second through 1, 2 and 3 host processes serving one bot on one PostgreSQL
// schema (the machine's server, as the tests use it, in a schema of its own dropped after),
// each process the program of the several-processes test (test/host/severalProcessesBot.ts:
// a webhook in, a turn, the bot's reply delivered; the store's default pool of 10 connections). 100 conversations post at once, each its
// messages one after another, spread over the processes in turn; throughput as a ratio to
// one process, measured in the same run. Wall time: the work is in the hosts and the server.
// With `--cpu-per-process X` each host may use X of one core (bench/cpuQuota.ts), as on a
// machine of its own: on a machine with fewer cores than hosts plus the server, the hosts
// otherwise share the same cores and more of them cannot show more throughput.
//
// usage: tsx --tsconfig tsconfig.test.json bench/processes.ts [--quick] [--runs N] [--cpu-per-process X]
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { freePort, repoRoot, type ServedProcess, serveInChild } from '../test/host/servedProcess.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from '../test/stores/postgresServer.js'
import { type CpuQuota, cpuQuota } from './cpuQuota.js'

const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, runs: { type: 'string' }, 'cpu-per-process': { type: 'string' } },
})
const CPU_PER_PROCESS = flags['cpu-per-process'] === undefined ? undefined : Number(flags['cpu-per-process'])
const RUNS = Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3)))
const CONVERSATIONS = 100
const PER_CONVERSATION = flags.quick ? 5 : 10
const PROCESS_COUNTS = [1, 2, 3]

function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}
function progress(message: string): void {
  process.stderr.write(`[bench:processes] ${message}\n`)
}

async function startHosts(count: number, schema: string): Promise<{ urls: string[]; stop(): Promise<void> }> {
  const served: ServedProcess[] = []
  const quotas: CpuQuota[] = []
  const urls: string[] = []
  const start = async () => {
    const port = await freePort()
    const child = serveInChild(['--import', 'tsx', join(repoRoot, 'test', 'host', 'severalProcessesBot.ts')], repoRoot, {
      // the sources, as the rest of the benchmark runs them
      TSX_TSCONFIG_PATH: join(repoRoot, 'tsconfig.test.json'),
      DATABASE_URL: TEST_DATABASE_URL,
      SCHEMA: schema,
      PORT: String(port),
    })
    served.push(child)
    if (CPU_PER_PROCESS !== undefined && child.child.pid !== undefined) {
      const quota = cpuQuota(`botwire-bench-host-${process.pid}-${served.length}`, CPU_PER_PROCESS)
      quotas.push(quota)
      quota.add(child.child.pid)
    }
    await child.printed('serving on')
    urls.push(`http://127.0.0.1:${port}`)
  }
  const stop = async () => {
    for (const child of served) child.child.kill('SIGTERM')
    await Promise.all(served.map((child) => child.exited))
    for (const quota of quotas) quota.remove()
  }
  try {
    await start() // makes the schema
    await Promise.all(Array.from({ length: count - 1 }, start))
  } catch (error) {
    await stop()
    throw error
  }
  return { urls, stop }
}

/** Every conversation posts `perConversation` messages one after another, all conversations at once; the messages per second. */
async function load(urls: readonly string[], round: string, perConversation: number): Promise<number> {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, c) => {
      for (let m = 0; m < perConversation; m++) {
        const url = urls[next++ % urls.length] as string
        const event = { thread: `t${c}`, user: 'U1', ts: `${round}-${c}-${m}`, text: `m${m}` }
        const answer = await fetch(`${url}/webhooks/slack`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) })
        if (answer.status !== 200) throw new Error(`a post failed with ${answer.status}: ${await answer.text()}`)
        await answer.arrayBuffer()
      }
    }),
  )
  return (CONVERSATIONS * perConversation * 1000) / (performance.now() - started)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

await withTestDatabase(async () => {})
const rates = new Map<number, number>()
for (const count of PROCESS_COUNTS) {
  const schema = uniqueSchemaName()
  progress(`${count} process(es) on schema ${schema}`)
  const hosts = await startHosts(count, schema)
  try {
    await load(hosts.urls, 'warm', 2) // the conversations and users made, the code paths warm
    const measured: number[] = []
    for (let run = 0; run < RUNS; run++) measured.push(await load(hosts.urls, `run${run}`, PER_CONVERSATION))
    rates.set(count, median(measured))
  } finally {
    await hosts.stop()
    await dropSchema(schema)
  }
}

const one = rates.get(1) as number
print('## 13. Several processes on one PostgreSQL')
print()
print(
  `Command: \`npm run bench:processes\` (\`--quick\`) (also the last section of \`npm run bench\`). Node ${process.version}. ${CONVERSATIONS} conversations post at once, each ${PER_CONVERSATION} messages one after another (a webhook in, a turn, the bot's reply delivered), spread over the processes in turn; a warm-up round first, then the median of ${RUNS} run(s).${CPU_PER_PROCESS === undefined ? '' : ` Each host limited to ${CPU_PER_PROCESS} of a core (\`--cpu-per-process ${CPU_PER_PROCESS}\`).`}`,
)
print()
print('| processes | messages / s | vs 1 process |')
print('|---:|---:|---:|')
for (const [count, rate] of rates) print(`| ${count} | ${Math.round(rate).toLocaleString('en-US')} | ${(rate / one).toFixed(2)}× |`)
