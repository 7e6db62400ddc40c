// The several-processes section of `npm run bench` (also alone: `npm run bench:processes`):
// messages per second through 1, 2 and 3 host processes serving one bot on one PostgreSQL
// schema (the machine's server, as the tests use it, in a schema of its own dropped after),
// each process the program of the several-processes test (test/host/severalProcessesBot.ts:
// a webhook in, a turn, the bot's reply delivered; the store's default pool of 10 connections). 100 conversations post at once, each its
// messages one after another, spread over the processes in turn; throughput as a ratio to
// one process, measured in the same run. Wall time: the work is in the hosts and the server.
//
// Hosts that share fewer cores than there are hosts plus the server cannot show more
// throughput than one: they divide the same cores. So on such a machine the benchmark also
// measures each host limited to 0.2 of one core (bench/cpuQuota.ts), as if each ran on a
// small machine of its own: that is the measure of whether the processes wait on one
// another. Where control groups are not writable it says so and shows the unlimited table
// alone. `--cpu-per-process X` measures with that limit only.
//
// usage: tsx --tsconfig tsconfig.test.json bench/processes.ts [--quick] [--runs N] [--cpu-per-process X]

import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { freePort, repoRoot, type ServedProcess, serveInChild } from '../test/host/servedProcess.js'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName, withTestDatabase } from '../test/stores/postgresServer.js'
import { type CpuQuota, cpuQuota, cpuQuotaUnavailable, type Throttling } from './cpuQuota.js'

const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, runs: { type: 'string' }, 'cpu-per-process': { type: 'string' } },
})
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

async function startHosts(
  count: number,
  schema: string,
  cpuPerProcess: number | undefined,
): Promise<{ urls: string[]; throttling(): Throttling; stop(): Promise<void> }> {
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
    if (cpuPerProcess !== undefined && child.child.pid !== undefined) {
      const quota = cpuQuota(`botwire-bench-host-${process.pid}-${served.length}`, cpuPerProcess)
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
  const throttling = (): Throttling =>
    quotas
      .map((quota) => quota.throttling())
      .reduce((sum, one) => ({ periods: sum.periods + one.periods, throttled: sum.throttled + one.throttled }), { periods: 0, throttled: 0 })
  return { urls, throttling, stop }
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

interface Measured {
  rates: Map<number, number>
  /** limited runs: per host count, the share of the hosts' busy scheduler periods in which they used up their quota */
  throttled: Map<number, number>
}

/** Messages per second through 1, 2 and 3 hosts, each limited to `cpuPerProcess` of a core when given. */
async function measure(cpuPerProcess: number | undefined): Promise<Measured> {
  const rates = new Map<number, number>()
  const throttled = new Map<number, number>()
  for (const count of PROCESS_COUNTS) {
    const schema = uniqueSchemaName()
    progress(`${count} process(es)${cpuPerProcess === undefined ? '' : `, ${cpuPerProcess} of a core each`}, on schema ${schema}`)
    const hosts = await startHosts(count, schema, cpuPerProcess)
    try {
      await load(hosts.urls, 'warm', 2) // the conversations and users made, the code paths warm
      const measured: number[] = []
      const before = hosts.throttling()
      for (let run = 0; run < RUNS; run++) measured.push(await load(hosts.urls, `run${run}`, PER_CONVERSATION))
      const after = hosts.throttling()
      rates.set(count, median(measured))
      if (cpuPerProcess !== undefined) throttled.set(count, (after.throttled - before.throttled) / Math.max(1, after.periods - before.periods))
    } finally {
      await hosts.stop()
      await dropSchema(schema)
    }
  }
  return { rates, throttled }
}

// three hosts at 0.2 of a core leave the server and this load generator the rest of two cores,
// about what they use at one host's unlimited rate; at 0.3 they ran short of it on a slow day
const LIMITED_SHARE = 0.2
const HOSTS_AND_SERVER = Math.max(...PROCESS_COUNTS) + 1
const asked = flags['cpu-per-process'] === undefined ? undefined : Number(flags['cpu-per-process'])
// unlimited first; limited too where the hosts and the server outnumber the cores
const quotaNeeded = asked === undefined && availableParallelism() < HOSTS_AND_SERVER
const quotaMissing = quotaNeeded ? cpuQuotaUnavailable() : undefined
const tables: ({ title: string } & Measured)[] = []

await withTestDatabase(async () => {})
if (asked !== undefined) tables.push({ title: `each limited to ${asked} of a core`, ...(await measure(asked)) })
else {
  tables.push({ title: 'unlimited', ...(await measure(undefined)) })
  if (quotaNeeded && quotaMissing === undefined) tables.push({ title: `each limited to ${LIMITED_SHARE} of a core`, ...(await measure(LIMITED_SHARE)) })
}

print('## 13. Several processes on one PostgreSQL')
print()
print(
  `Command: \`npm run bench:processes\` (\`--quick\`) (also the last section of \`npm run bench\`). Node ${process.version}, ${availableParallelism()} cores. ${CONVERSATIONS} conversations post at once, each ${PER_CONVERSATION} messages one after another (a webhook in, a turn, the bot's reply delivered), spread over the processes in turn; a warm-up round first, then the median of ${RUNS} run(s).`,
)
print()
const limited = (table: Measured) => table.throttled.size > 0
print(`| processes | ${tables.map((t) => `${t.title}: messages / s | vs 1 process${limited(t) ? ' | hosts at their quota' : ''}`).join(' | ')} |`)
print(`|---:|${tables.map((t) => (limited(t) ? '---:|---:|---:' : '---:|---:')).join('|')}|`)
for (const count of PROCESS_COUNTS) {
  const cells = tables.map((table) => {
    const rate = table.rates.get(count) as number
    const share = table.throttled.get(count)
    return `${Math.round(rate).toLocaleString('en-US')} | ${(rate / (table.rates.get(1) as number)).toFixed(2)}×${share === undefined ? '' : ` | ${Math.round(share * 100)}%`}`
  })
  print(`| ${count} | ${cells.join(' | ')} |`)
}
// a limited run measures the design only where the hosts' quotas, not the machine, bounded it
const HOST_BOUND = 0.5
const notHostBound = tables.flatMap((t) => [...t.throttled].filter(([, share]) => share < HOST_BOUND).map(([count]) => count))
if (notHostBound.length > 0) {
  print()
  print(
    `With ${notHostBound.join(' and ')} process(es) the hosts used up their quota in fewer than ${HOST_BOUND * 100}% of the scheduler periods they ran in ("hosts at their quota"): the machine had no CPU to spare for the server and this load generator (is something else running?), so that ratio does not measure whether the processes wait on one another.`,
  )
}
if (quotaNeeded) {
  print()
  print(
    quotaMissing === undefined
      ? `${availableParallelism()} cores for ${HOSTS_AND_SERVER - 1} hosts and the server: unlimited, the hosts divide the same cores, so the goal (3 processes at least 2× one) is read from the limited table, where each host has a share of a core as on a machine of its own.`
      : `${availableParallelism()} cores for ${HOSTS_AND_SERVER - 1} hosts and the server, and no limited run (${quotaMissing}): unlimited, the hosts divide the same cores and cannot show the goal (3 processes at least 2× one).`,
  )
}
