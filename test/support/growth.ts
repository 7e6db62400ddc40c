// How the work of a step grows with the size of its input, for the tests that hold it to
// near-linear time: the CPU time of this process (process.cpuUsage: user and system, so a
// machine busy with other work slows the clock less than it would wall time) at n and at
// 2n, the least of a few runs of each, taken in turn. Linear work gives a ratio near 2,
// quadratic near 4; the tests assert below 3. No run is timed against a fixed threshold.

/** CPU milliseconds of one call of `run`. */
function cpuMilliseconds(run: () => void): number {
  const before = process.cpuUsage()
  run()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000
}

export interface Growth {
  /** the least CPU milliseconds at n and at 2n */
  atN: number
  atTwiceN: number
  /** atTwiceN / atN */
  ratio: number
}

/**
 * The growth of `prepare(size)`'s work from n to 2n. `prepare` builds the input (not
 * measured) and returns the work to measure; each size is run `repeats` times, in turn
 * with the other, after one run of each to warm up.
 */
export function cpuGrowth(prepare: (size: number) => () => void, n: number, repeats = 3): Growth {
  const small = prepare(n)
  const large = prepare(2 * n)
  small()
  large()
  let atN = Number.POSITIVE_INFINITY
  let atTwiceN = Number.POSITIVE_INFINITY
  for (let i = 0; i < repeats; i++) {
    atN = Math.min(atN, cpuMilliseconds(small))
    atTwiceN = Math.min(atTwiceN, cpuMilliseconds(large))
  }
  return { atN, atTwiceN, ratio: atTwiceN / Math.max(atN, 0.001) }
}
