// Timing helpers: a warm-up run, then the median of several runs, in wall time and in
// CPU time (the machine is shared: wall time swings with other load, CPU time less so).
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export interface Sample {
  wallMs: number
  cpuMs: number
}

export interface Stats {
  /** the warm-up run: cold caches, JIT not yet warm (what a one-shot CLI run pays) */
  first: Sample
  /** median of the measured runs after the warm-up */
  median: Sample
  runs: Sample[]
}

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as (() => void) | undefined

/** A full garbage collection, so that a measured run does not pay for the garbage of the one before. */
export function collectGarbage(): void {
  gc?.()
}

/** This process's CPU time so far (user and system), in milliseconds. */
export function cpuNow(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

export function medianSample(samples: Sample[]): Sample {
  return { wallMs: median(samples.map((s) => s.wallMs)), cpuMs: median(samples.map((s) => s.cpuMs)) }
}

/**
 * Runs `fn` once to warm up (unless `warmup` is false, for code that ran just before),
 * then `runs` times; each run after a full GC. `onResult` gets run 0 for the warm-up.
 */
export async function measure<T>(
  runs: number,
  fn: (run: number) => T | Promise<T>,
  onResult?: (result: T, run: number) => void,
  warmup = true,
): Promise<Stats> {
  const samples: Sample[] = []
  for (let run = warmup ? 0 : 1; run <= runs; run++) {
    gc?.()
    const cpu = cpuNow()
    const wall = performance.now()
    const result = await fn(run)
    const sample = { wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu }
    onResult?.(result, run)
    samples.push(sample)
  }
  const [first, ...rest] = samples as [Sample, ...Sample[]]
  const measured = warmup ? rest : samples
  return { first, median: medianSample(measured.length > 0 ? measured : [first]), runs: measured }
}

/** Children's CPU time of this process (Linux /proc), in ms; null elsewhere. */
export function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // fields after the command name (which is in parentheses and may hold spaces)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // cutime and cstime are fields 16 and 17 of the full line, 14 and 15 here (0-based 13, 14)
    const ticks = Number(fields[13]) + Number(fields[14])
    return Number.isFinite(ticks) ? ticks * 10 : null // USER_HZ is 100 on Linux
  } catch {
    return null
  }
}

export function ms(value: number): string {
  return value >= 100 ? `${Math.round(value)}` : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}

export function ratio(value: number, base: number): string {
  if (base <= 0) return 'n/a'
  const r = value / base
  return r >= 10 ? `${Math.round(r)}×` : r >= 1 ? `${r.toFixed(2)}×` : `${r.toFixed(3)}×`
}

/** The nearest-rank percentile (0-100) of some values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}
