// "Did you mean" suggestions for near misses, shared by every pass that names things.
import { distance } from 'fastest-levenshtein'

/** Edit distance where swapping two neighbouring letters ('tpye' for 'type') counts as one typo, not two. */
function typoDistance(a: string, b: string): number {
  const d = distance(a, b)
  if (d !== 2 || a.length !== b.length) return d
  const differ = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]))
  const [i, j] = differ
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i] ? 1 : d
}

/** The closest candidate, if it is close enough to be a plausible typo. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const { best, distance } = nearest(word, candidates)
  if (best !== undefined && distance <= Math.max(1, Math.floor(Math.max(word.length, best.length) / 3))) return best
  const lower = word.toLowerCase()
  return only(candidates, (c) => isOtherNumber(lower, c)) ?? abbreviated(lower, candidates)
}

/** The candidate fewest typos away (the same name in other case: half a typo), the first by name among equals. */
function nearest(word: string, candidates: Iterable<string>): { best: string | undefined; distance: number } {
  let best: string | undefined
  let distance = Infinity
  const lower = word.toLowerCase()
  for (const candidate of candidates) {
    if (candidate === word) continue
    const d = candidate.toLowerCase() === lower ? 0.5 : typoDistance(lower, candidate.toLowerCase())
    if (d < distance || (d === distance && best !== undefined && candidate < best)) {
      best = candidate
      distance = d
    }
  }
  return { best, distance }
}

/**
 * The candidate a word is a plain typo of, for a warning about something the schema allows
 * (an undeclared key of an open object): stricter than `closest`, since the key may be
 * meant. One typo (two in names of seven letters or more), or the same name in other case.
 */
export function closestTypo(word: string, candidates: Iterable<string>): string | undefined {
  const { best, distance } = nearest(word, candidates)
  if (best === undefined) return undefined
  return distance <= (Math.max(word.length, best.length) >= 7 ? 2 : 1) ? best : undefined
}

/** The one candidate that passes, or undefined when none or several do. */
function only(candidates: Iterable<string>, test: (lowerCandidate: string) => boolean): string | undefined {
  const matches = [...candidates].filter((c) => test(c.toLowerCase()))
  return matches.length === 1 ? matches[0] : undefined
}

/** 'entity' and 'entities', 'action' and 'actions': one is the English plural of the other. */
function isOtherNumber(a: string, b: string): boolean {
  const plural = (w: string): string[] => [`${w}s`, `${w}es`, ...(w.endsWith('y') ? [`${w.slice(0, -1)}ies`] : [])]
  return plural(a).includes(b) || plural(b).includes(a)
}

/**
 * A candidate the word abbreviates ('config' for 'configuration') or ends ('interfaceAlias'
 * for 'integrationInterfaceAlias'), when exactly one does; of several it abbreviates, the
 * one each of the others extends ('configuration' beside 'configurationType').
 */
function abbreviated(lower: string, candidates: Iterable<string>): string | undefined {
  if (lower.length < 4) return undefined
  return (
    only(candidates, (c) => c.length > lower.length && c.startsWith(lower)) ??
    stemOf([...candidates].filter((c) => c.length > lower.length && c.toLowerCase().startsWith(lower))) ??
    (lower.length < 6 ? undefined : only(candidates, (c) => c.length > lower.length && c.endsWith(lower)))
  )
}

/** The shortest of several names when every other one starts with it, else undefined. */
function stemOf(names: readonly string[]): string | undefined {
  if (names.length < 2) return undefined
  const stem = names.reduce((a, b) => (b.length < a.length ? b : a))
  return names.every((n) => n.startsWith(stem)) ? stem : undefined
}

/** " (did you mean 'x'?)" or "" */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  return suggestionText(closest(word, candidates))
}

/** " (did you mean 'x'?)" for a suggested name, "" for none: a message's `{didYouMean}`. */
export function suggestionText(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`
}

/** "'a', 'b' and 'c'" for messages that list what exists. */
export function listNames(names: readonly string[], limit = 8): string {
  const quoted = names.slice(0, limit).map((n) => `'${n}'`)
  if (names.length > limit) return `${quoted.join(', ')} and ${names.length - limit} more`
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`
}
