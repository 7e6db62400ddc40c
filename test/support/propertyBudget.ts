// How many random cases a property test tries. The defaults keep `npm test` within its time
// budget (docs/testing.md#speed); BOTWIRE_PROPERTY_SCALE=n multiplies every one for a deeper
// search. The searches that take their budget here are seeded, so the cases of a smaller
// budget are the first cases of a larger one: a deeper run adds cases, it never trades them.
const SCALE = Number(process.env.BOTWIRE_PROPERTY_SCALE ?? '1')

export function propertyRuns(quick: number): number {
  return Math.max(1, Math.round(quick * SCALE))
}
