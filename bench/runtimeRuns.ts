// What the runtime section's parts share (bench/runtime.ts, bench/runtimeStates.ts): its
// flags, its markdown output, and the interleaved runs every comparison is measured by.
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { collectGarbage, cpuNow, medianSample, type Sample } from './measure.js'

export const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, runs: { type: 'string' }, only: { type: 'string' } },
})
export const RUNS = Math.max(1, Number(flags.runs ?? (flags.quick ? 1 : 3)))
export const MESSAGES = flags.quick ? 20_000 : 100_000
export const CONVERSATIONS = 100

export function print(line = ''): void {
  process.stdout.write(`${line}\n`)
}
export function table(header: string[], rows: (string | number)[][]): void {
  print(`| ${header.join(' | ')} |`)
  print(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`)
  for (const row of rows) print(`| ${row.join(' | ')} |`)
  print()
}
export const perSecond = (count: number, wallMs: number): string => Math.round((count / wallMs) * 1000).toLocaleString('en-US')

/**
 * Each variant once to warm up, then RUNS rounds of every variant in turn, so that load that
 * comes and goes on the shared machine falls on all of them alike; the median of each. Every
 * variant closes the runtime it made: the support bot's recurring event keeps its runtime
 * (timer, stores, every stored message) alive until `close()`, and runtimes left open made
 * each later variant's garbage collection walk their heaps too.
 */
export async function interleaved(variants: (() => Promise<unknown>)[]): Promise<Sample[]> {
  const samples: Sample[][] = variants.map(() => [])
  for (let round = 0; round <= RUNS; round++) {
    for (const [i, variant] of variants.entries()) {
      collectGarbage()
      const cpu = cpuNow()
      const wall = performance.now()
      await variant()
      if (round > 0) samples[i]?.push({ wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu })
    }
  }
  return samples.map((s) => medianSample(s))
}
