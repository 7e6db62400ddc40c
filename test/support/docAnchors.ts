// The heading anchors of a docs/ page, as GitHub (and most Markdown viewers) make them: a
// test that cites `docs/<page>.md#<anchor>` cites a heading that exists.
import { readFileSync } from 'node:fs'

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/**
 * The anchors of every heading of a Markdown text, outside fenced code blocks (a `# passes`
 * comment in a YAML example is no heading); a repeated heading gets `-1`, `-2`... as GitHub
 * numbers them.
 */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line)
    if (!heading) continue
    const anchor = headingAnchor(heading[1] ?? '')
    const times = seen.get(anchor) ?? 0
    seen.set(anchor, times + 1)
    found.add(times === 0 ? anchor : `${anchor}-${times}`)
  }
  return found
}

export function anchorsOf(markdownFile: string): Set<string> {
  return anchors(readFileSync(markdownFile, 'utf8'))
}
