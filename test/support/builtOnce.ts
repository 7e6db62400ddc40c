// fast-check arbitraries are values without state: one built for a depth and options
// generates exactly what a fresh one would. A recursive generator that builds its children
// anew at every level (and every mutation that builds a replacement) spends most of its
// time building; built once per depth and options, it does not.
import type fc from 'fast-check'

export function builtOnce<O, T>(build: (depth: number, options: O) => fc.Arbitrary<T>): (depth: number, options: O) => fc.Arbitrary<T> {
  const built = new Map<string, fc.Arbitrary<T>>()
  return (depth, options) => {
    const key = `${depth} ${JSON.stringify(options)}`
    let arbitrary = built.get(key)
    if (!arbitrary) {
      arbitrary = build(depth, options)
      built.set(key, arbitrary)
    }
    return arbitrary
  }
}
