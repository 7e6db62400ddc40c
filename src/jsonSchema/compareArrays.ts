// Rules on arrays: `items` compared (S without `items` admits any item, so it fails
// unless T's items admit anything too); `minItems`/`maxItems` no looser than T's.
// An S with `maxItems: 0` admits only [], whatever its items say.
import { compareChild, fail, targetLabel, type Comparison } from './context.js'
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
  if (t.minItems !== undefined && t.minItems > 0 && (s.minItems ?? 0) < t.minItems) {
    fail(
      c,
      s.minItems === undefined ? locationOf(c.s) : keywordLocation(c.s, 'minItems'),
      keywordLocation(c.t, 'minItems'),
      s.minItems === undefined
        ? `no minItems here, but ${label} requires minItems ${t.minItems}`
        : `minItems ${s.minItems} is looser than ${label}'s minItems ${t.minItems}`,
    )
  }
  if (t.maxItems !== undefined && (s.maxItems === undefined || s.maxItems > t.maxItems)) {
    fail(
      c,
      s.maxItems === undefined ? locationOf(c.s) : keywordLocation(c.s, 'maxItems'),
      keywordLocation(c.t, 'maxItems'),
      s.maxItems === undefined
        ? `no maxItems here, but ${label} requires maxItems ${t.maxItems}`
        : `maxItems ${s.maxItems} is looser than ${label}'s maxItems ${t.maxItems}`,
    )
  }
}
