// What `generate --check` shows of a stale file: a short unified diff from what the
// output folder holds to what the definitions generate, cut at a few lines per file and
// a few files per run, so that CI logs say what changed without drowning in it.
import { structuredPatch } from 'diff'

export const MAX_DIFF_LINES = 40
export const MAX_DIFF_FILES = 5

/** The diff's lines (`@@` hunk headers and `-`/`+`/` ` lines), at most MAX_DIFF_LINES, then how many were left out. */
export function staleDiff(path: string, current: string, expected: string, maxLines = MAX_DIFF_LINES): string[] {
  const patch = structuredPatch(`a/${path}`, `b/${path}`, current, expected, '', '', { context: 2 })
  const lines = patch.hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines])
  if (lines.length <= maxLines) return lines
  const rest = lines.length - maxLines
  return [...lines.slice(0, maxLines), `... ${rest} more line${rest === 1 ? '' : 's'} of differences`]
}
