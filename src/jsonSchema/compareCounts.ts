// Rule on counted bounds (`minItems`/`maxItems`, `minLength`/`maxLength`): S's are no
// looser than T's. A missing lower bound is 0; a missing upper bound is none at all.
import { type Comparison, fail, targetLabel } from './context.js'
import { keywordLocation, locationOf } from './view.js'

type CountKeyword = 'minItems' | 'maxItems' | 'minLength' | 'maxLength'

function compareBound(c: Comparison, keyword: CountKeyword, looser: (s: number | undefined, t: number) => boolean): void {
  const s = c.s.node[keyword]
  const t = c.t.node[keyword]
  if (t === undefined || !looser(s, t)) return
  const label = targetLabel(c)
  fail(
    c,
    s === undefined ? locationOf(c.s) : keywordLocation(c.s, keyword),
    keywordLocation(c.t, keyword),
    s === undefined ? `no ${keyword} here, but ${label} requires ${keyword} ${t}` : `${keyword} ${s} is looser than ${label}'s ${keyword} ${t}`,
  )
}

export function compareCounts(c: Comparison, min: 'minItems' | 'minLength', max: 'maxItems' | 'maxLength'): void {
  compareBound(c, min, (s, t) => t > 0 && (s ?? 0) < t)
  compareBound(c, max, (s, t) => s === undefined || s > t)
}
