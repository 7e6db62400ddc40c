// Rule: S's numeric bounds are no looser than T's. Bounds are compared as effective
// bounds (`exclusiveMinimum: 0` is tighter than `minimum: 0`); when S admits only
// integers they are compared as the integers they allow (`exclusiveMinimum: 0`
// then equals `minimum: 1`).
import { type Comparison, fail, targetLabel } from './context.js'
import { describeBound, lowerBound, lowerWithin, upperBound, upperWithin } from './numericBounds.js'
import { keywordLocation, locationOf } from './view.js'

export function compareNumbers(c: Comparison, integerOnly: boolean): void {
  const label = targetLabel(c)
  const check = (side: 'lower' | 'upper'): void => {
    const target = side === 'lower' ? lowerBound(c.t.node) : upperBound(c.t.node)
    if (target === undefined) return
    const subject = side === 'lower' ? lowerBound(c.s.node) : upperBound(c.s.node)
    const within = side === 'lower' ? lowerWithin(subject, target, integerOnly) : upperWithin(subject, target, integerOnly)
    if (within) return
    fail(
      c,
      subject === undefined ? locationOf(c.s) : keywordLocation(c.s, subject.keyword),
      keywordLocation(c.t, target.keyword),
      subject === undefined
        ? `no ${side} bound here, but ${label} requires ${describeBound(target)}`
        : `${describeBound(subject)} is looser than ${label}'s ${describeBound(target)}`,
    )
  }
  check('lower')
  check('upper')
}
