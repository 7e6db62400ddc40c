// How the work of a step grows with the size of its input, for the tests that hold it to
// near-linear time (docs/security.md): the CPU time of this process (process.cpuUsage:
// user and system, so a machine busy with other work slows the clock less than it would
// wall time) at n and at 2n, the least of a few runs of each, taken in turn so that both
// sizes see the same load. Linear work gives a ratio near 2, quadratic near 4; the tests
// assert below 3 (GROWTH_LIMIT). No run is timed against a fixed threshold.
//
// A shared machine can still disturb one measurement (a collection of the garbage of
// earlier tests, another process taking the core), so a ratio over the limit is measured
// again, up to three times, and the least ratio counts: work that really grows faster than
// linearly is over the limit every time, while a disturbance is not repeated three times.

import { expect } from 'vitest'

/** Linear work stays below it; quadratic work (about 4) does not. */
export const GROWTH_LIMIT = 3

/** CPU milliseconds of one call of `run`, awaited. */
async function cpuMilliseconds(run: () => unknown): Promise<number> {
  const before = process.cpuUsage()
  await run()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000
}

export interface Growth {
  /** the least CPU milliseconds at n and at 2n, of the attempt that counted */
  atN: number
  atTwiceN: number
  /** atTwiceN / atN */
  ratio: number
  /** what the growth test's assertion prints */
  description: string
}

async function measure(small: () => unknown, large: () => unknown, repeats: number): Promise<Growth> {
  let atN = Number.POSITIVE_INFINITY
  let atTwiceN = Number.POSITIVE_INFINITY
  for (let i = 0; i < repeats; i++) {
    atN = Math.min(atN, await cpuMilliseconds(small))
    atTwiceN = Math.min(atTwiceN, await cpuMilliseconds(large))
  }
  const ratio = atTwiceN / Math.max(atN, 0.001)
  return { atN, atTwiceN, ratio, description: `${atN.toFixed(1)} ms of CPU at n, ${atTwiceN.toFixed(1)} ms at 2n: ratio ${ratio.toFixed(2)}` }
}

/**
 * The growth of `prepare(size)`'s work from n to 2n. `prepare` builds the input (not
 * measured) and returns the work to measure (which may return a promise); each size is run
 * `repeats` times, in turn with the other, after one run at n to warm up (compiled
 * validators, the JIT: the same code runs at 2n). Two of each are enough for the least to
 * drop a disturbance of one run; a ratio over the limit is measured again anyway (above).
 * Each more run of each makes every growth test of the suite dearer by a seventh or more.
 */
export async function cpuGrowth(prepare: (size: number) => () => unknown, n: number, repeats = 2): Promise<Growth> {
  const small = prepare(n)
  const large = prepare(2 * n)
  await small()
  let least = await measure(small, large, repeats)
  for (let attempt = 1; attempt < 3 && least.ratio >= GROWTH_LIMIT; attempt++) {
    const again = await measure(small, large, repeats)
    if (again.ratio < least.ratio) least = again
  }
  return least
}

/** Asserts near-linear growth, printing both times when it is not. */
export function expectNearLinear(growth: Growth): void {
  expect(growth.ratio, growth.description).toBeLessThan(GROWTH_LIMIT)
}
