// Rules on arrays: `items` compared (S without `items` admits any item, so it fails
// unless T's items admit anything too); `minItems`/`maxItems` no looser than T's.
// An S with `maxItems: 0` admits only [], whatever its items say.
import { compareCounts } from './compareCounts.js'
import { type Comparison, compareChild, fail, targetLabel } from './context.js'
import { childView, isUnconstrained, keywordLocation, locationOf } from './view.js'

export function compareArrays(c: Comparison): void {
  const s = c.s.node
  const t = c.t.node
  const label = targetLabel(c)
  if (s.maxItems !== 0 && t.items !== undefined && !isUnconstrained(t.items)) {
    if (s.items === undefined) {
      fail(c, locationOf(c.s), keywordLocation(c.t, 'items'), `items may be any value here, but ${label} constrains its items`)
    } else {
      compareChild(c, childView(c.s, s.items, 'items'), childView(c.t, t.items, 'items'), true)
    }
  }
  compareCounts(c, 'minItems', 'maxItems')
}
