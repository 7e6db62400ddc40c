// A seeded random number generator for the tests' random inputs: mulberry32, small, fast
// and deterministic, so that a failing case comes back with the same seed.

export type Rng = () => number

export function seededRandom(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
