// The sections' child processes: the built CLI (and plain node) timed as a user runs it,
// dist/ built first when it is older than src/, and the benchmarks that run in a process
// of their own (bench/runtime.ts, bench/stores.ts) with their report taken into this one.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { BenchContext } from './context.js'
import { childrenCpuMs, medianSample, type Sample, type Stats } from './measure.js'
import { print, progress } from './report.js'

/** `node ARGS` as a child process: a first run, then the median of `bench.runs` more. */
export async function child(bench: BenchContext, args: string[]): Promise<{ stats: Stats; status: number | null; bytes: number }> {
  let status: number | null = null
  let bytes = 0
  const samples: Sample[] = []
  for (let run = 0; run <= bench.runs; run++) {
    const cpu = childrenCpuMs()
    const t = performance.now()
    const result = spawnSync(process.execPath, args, {
      cwd: bench.root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 256 * 1024 * 1024,
    })
    const wallMs = performance.now() - t
    const after = childrenCpuMs()
    samples.push({ wallMs, cpuMs: cpu !== null && after !== null ? after - cpu : Number.NaN })
    status = result.status
    bytes = result.stdout.length + result.stderr.length
  }
  const [first, ...rest] = samples as [Sample, ...Sample[]]
  return { stats: { first, median: medianSample(rest), runs: rest }, status, bytes }
}

/** Builds dist/ when it is missing or older than src/; says which. */
export function ensureBuilt(bench: BenchContext): string {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .reduce((m, e) => Math.max(m, statSync(join(e.parentPath, e.name)).mtimeMs), 0)
  if (existsSync(bench.cliMain) && statSync(bench.cliMain).mtimeMs >= newest(join(bench.root, 'src'))) return 'dist/ was up to date'
  progress('npm run build (dist/ missing or older than src/)')
  const t = performance.now()
  const build = spawnSync('npm', ['run', 'build'], { cwd: bench.root, encoding: 'utf8', shell: process.platform === 'win32' })
  return `built dist/ first (\`npm run build\`, ${Math.round((performance.now() - t) / 1000)} s, exit ${build.status})`
}

/**
 * Runs bench/SCRIPT in a child process with the same runs (and `--quick`), and prints its
 * report as part of this one. tsconfig.test.json maps its `@botwire/runtime` import to the
 * sources.
 */
export function childBenchmark(bench: BenchContext, script: string): void {
  const result = spawnSync(
    process.execPath,
    [
      join(bench.root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      '--tsconfig',
      join(bench.root, 'tsconfig.test.json'),
      join(bench.root, 'bench', script),
      '--runs',
      String(bench.runs),
      ...(bench.flags.quick ? ['--quick'] : []),
    ],
    { cwd: bench.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
  )
  if (result.status !== 0) throw new Error(`bench/${script} exited with ${result.status}`)
  for (const line of result.stdout.trimEnd().split('\n')) print(line)
  print()
}
