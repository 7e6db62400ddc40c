// The diagnostics a run reports: in reading order, each once, and at most a bounded number
// per file, with a last one saying how many were left out.
import { type Diagnostic, diagnostic, sortDiagnostics } from '../diagnostics/diagnostic.js'
import { loadLimits } from '../load/limits.js'

/** Keeps at most a bounded number of diagnostics per file, and says how many were left out. */
export function capPerFile(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const byFile = new Map<string, Diagnostic[]>()
  const kept: Diagnostic[] = []
  for (const d of diagnostics) {
    if (!d.range) {
      kept.push(d)
      continue
    }
    const list = byFile.get(d.range.file.absolutePath) ?? []
    list.push(d)
    byFile.set(d.range.file.absolutePath, list)
  }
  for (const list of byFile.values()) {
    // a schema reused through a YAML alias is checked at each use, with the same result at the same place: once is enough
    const seen = new Set<string>()
    const sorted = sortDiagnostics(list).filter((d) => {
      const key = `${d.code} ${d.range?.start ?? ''} ${d.range?.end ?? ''} ${d.message}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    if (sorted.length <= loadLimits.maxDiagnosticsPerFile) {
      kept.push(...sorted)
      continue
    }
    const shown = sorted.slice(0, loadLimits.maxDiagnosticsPerFile)
    kept.push(...shown)
    // placed on the first problem not shown, so that it reads after the ones shown
    const next = sorted[shown.length]
    if (next?.range) {
      const rest = sorted.length - shown.length
      kept.push(
        rest === 1
          ? diagnostic('BW1010', 'oneNotShown', {}, next.range, { data: { notShown: 1 } })
          : diagnostic('BW1010', 'notShown', { count: rest }, next.range, { data: { notShown: rest } }),
      )
    }
  }
  return sortDiagnostics(kept)
}
