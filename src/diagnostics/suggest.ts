// "Did you mean" suggestions for near misses, shared by every pass that names things.
import { distance } from 'fastest-levenshtein'

/** The closest candidate, if it is close enough to be a plausible typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Infinity
  const lower = word.toLowerCase()
  for (const candidate of candidates) {
    if (candidate === word) continue
    const d = candidate.toLowerCase() === lower ? 0.5 : distance(lower, candidate.toLowerCase())
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate
      bestDistance = d
    }
  }
  if (best === undefined) return undefined
  const allowed = Math.max(1, Math.floor(Math.max(word.length, best.length) / 3))
  return bestDistance <= allowed ? best : undefined
}

/** " (did you mean 'x'?)" or "" */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const match = closest(word, candidates)
  return match === undefined ? '' : ` (did you mean '${match}'?)`
}

/** "'a', 'b' and 'c'" for messages that list what exists. */
export function listNames(names: readonly string[], limit = 8): string {
  const quoted = names.slice(0, limit).map((n) => `'${n}'`)
  if (names.length > limit) return `${quoted.join(', ')} and ${names.length - limit} more`
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`
}
