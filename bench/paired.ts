// `npm run bench:paired -- --before DIR`: this checkout's CLI against another checkout's, in
// alternating pairs, on the benchmark's synthetic workspace (1,000 definitions; a valid copy
// and one with 102 semantic errors). DIR is a checkout of the version to compare with, with
// its dependencies installed and `npm run build` done (a `git worktree` of the starting
// commit, say). Each run is a fresh process; the pair order alternates so that neither side
// always runs on a warmer machine. Prints one markdown table: the median wall and CPU
// (user + system) seconds of each side and the median of the per-pair CPU ratios, which is
// the figure to compare (the machine is shared and noisy).
//
// usage: tsx bench/paired.ts --before DIR [--pairs N] [--keep]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { childrenCpuMs, median } from './measure.js'
import { writeSyntheticWorkspaces } from './syntheticWorkspace.js'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values: flags } = parseArgs({
  options: { before: { type: 'string' }, pairs: { type: 'string' }, keep: { type: 'boolean', default: false } },
})
if (flags.before === undefined) throw new Error('usage: tsx bench/paired.ts --before DIR [--pairs N] [--keep]')
const PAIRS = Math.max(1, Number(flags.pairs ?? 6))

const sides = { before: resolve(flags.before), after: root }
for (const [side, dir] of Object.entries(sides)) {
  if (!existsSync(join(dir, 'dist', 'cli', 'main.js'))) throw new Error(`${side}: ${dir}/dist/cli/main.js is missing: run npm run build there`)
}

const scratch = mkdtempSync(join(tmpdir(), 'botwire-paired-'))
const validDir = join(scratch, 'valid')
const brokenDir = join(scratch, 'broken')
writeSyntheticWorkspaces(validDir, brokenDir, { definitions: 1000, errorRate: 0.1 })

interface Command {
  label: string
  args: (out: string) => string[]
}
const COMMANDS: Command[] = [
  { label: '`check`, valid workspace', args: () => ['check', '--definitions', validDir] },
  { label: '`check`, broken workspace', args: () => ['check', '--definitions', brokenDir] },
  { label: '`generate`, valid workspace', args: (out) => ['generate', '--definitions', validDir, '--out', out] },
]

interface Sample {
  wall: number
  cpu: number
}

function run(dir: string, command: Command): Sample {
  const out = join(scratch, 'out')
  rmSync(out, { recursive: true, force: true })
  const cpuBefore = childrenCpuMs() ?? 0
  const started = performance.now()
  const result = spawnSync(process.execPath, [join(dir, 'dist', 'cli', 'main.js'), ...command.args(out)], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const wall = (performance.now() - started) / 1000
  const cpu = ((childrenCpuMs() ?? 0) - cpuBefore) / 1000
  if (result.status !== 0 && result.status !== 1) throw new Error(`${dir}: ${command.args(out).join(' ')} exited ${result.status}: ${result.stderr}`)
  return { wall, cpu }
}

const load = loadavg()[0]?.toFixed(1)
const rows: string[] = []
for (const command of COMMANDS) {
  run(sides.before, command) // warm-up: the file cache, for both sides
  run(sides.after, command)
  const before: Sample[] = []
  const after: Sample[] = []
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)
    for (const side of order) (side === 'before' ? before : after).push(run(sides[side], command))
  }
  const ratios = before.map((b, i) => (after[i] as Sample).cpu / b.cpu)
  const cell = (samples: Sample[]): string => `${median(samples.map((s) => s.wall)).toFixed(2)} / ${median(samples.map((s) => s.cpu)).toFixed(2)}`
  rows.push(
    `| ${command.label} | ${cell(before)} | ${cell(after)} | **${median(ratios).toFixed(2)}×** (${ratios.map((r) => r.toFixed(2)).join(', ')}) | ${(median(after.map((s) => s.wall)) / median(before.map((s) => s.wall))).toFixed(2)}× |`,
  )
  process.stderr.write(`[paired] ${command.label} done\n`)
}
console.log(
  `Paired runs, ${PAIRS} pairs per command after a warm-up of each side; load average (1 min) ${load} at the start, ${loadavg()[0]?.toFixed(1)} at the end.\n`,
)
console.log('| command | before, median wall / CPU s | after, median wall / CPU s | CPU ratio after/before, median of the pairs (each pair) | wall ratio |')
console.log('|---|---:|---:|---:|---:|')
for (const row of rows) console.log(row)
if (flags.keep) console.log(`\nworkspaces kept in ${scratch}`)
else rmSync(scratch, { recursive: true, force: true })
