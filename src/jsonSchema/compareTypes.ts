// Rule: the types S admits are within the types T admits (`integer` within `number`);
// then, for each type both admit, the rules of that type. T's keywords for a type S
// does not admit say nothing about S's values and are skipped.
import { compareArrays } from './compareArrays.js'
import { compareNumbers } from './compareNumbers.js'
import { compareObjects } from './compareObjects.js'
import { compareStrings } from './compareStrings.js'
import { type Comparison, fail } from './context.js'
import { ALL_KINDS, declaredKinds, declaredTypes, describeKinds, intersectKinds, isSubsetOf, kindsOfTypeName } from './kinds.js'
import { locationOf } from './view.js'

export function compareStructure(c: Comparison): void {
  const subjectTypes = declaredTypes(c.s.node)
  const subjectKinds = declaredKinds(c.s.node) ?? ALL_KINDS
  const targetKinds = declaredKinds(c.t.node) ?? ALL_KINDS
  const allowed = describeKinds(targetKinds)
  if (subjectTypes === undefined) {
    if (targetKinds.size < ALL_KINDS.size) {
      fail(c, locationOf(c.s), locationOf(c.t), `this schema has no type, so it admits any value, which does not extend ${allowed}`)
    }
  } else {
    const outside = subjectTypes.filter((name) => !isSubsetOf(kindsOfTypeName(name), targetKinds))
    if (outside.length > 0) fail(c, locationOf(c.s), locationOf(c.t), `${outside.join(' or ')} does not extend ${allowed}`)
  }

  const shared = intersectKinds(subjectKinds, targetKinds)
  if (shared.has('integer') || shared.has('fraction')) compareNumbers(c, !subjectKinds.has('fraction'))
  if (shared.has('string')) compareStrings(c)
  if (shared.has('array')) compareArrays(c)
  if (shared.has('object')) compareObjects(c)
}
