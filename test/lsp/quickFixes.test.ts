// Every "did you mean" is a quick fix: on each invalid fixture, each diagnostic that
// carries a suggestion is fixed by its code action, and re-checking the fixed text no
// longer reports that code there. In-process: the same functions the server calls.
import { describe, expect, it } from 'vitest'
import type { Diagnostic as LspDiagnostic, TextEdit } from 'vscode-languageserver'
import { type AnalysisOptions, type CheckedWorkspace, workspaceAnalysis } from '../../src/lsp/analysis.js'
import { codeActionsFor } from '../../src/lsp/codeActions.js'
import { toLspDiagnostic } from '../../src/lsp/diagnostics.js'
import { LineMap } from '../../src/lsp/positions.js'
import { uriOf } from '../../src/lsp/uris.js'
import { buildIndex } from '../../src/lsp/workspaceIndex.js'
import { invalidFixtureNames, invalidFixtureOptions } from '../support/invalidFixtures.js'

/** The server's analysis (the incremental engine) as a function of the unsaved texts. */
function workspaceAnalyzer(options: AnalysisOptions): (overlay: ReadonlyMap<string, string>) => CheckedWorkspace {
  const analysis = workspaceAnalysis(options)
  return (overlay) => analysis.analyze(overlay)
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = new LineMap(text)
  return [...edits]
    .sort((a, b) => lines.offset(b.range.start) - lines.offset(a.range.start))
    .reduce((t, e) => t.slice(0, lines.offset(e.range.start)) + e.newText + t.slice(lines.offset(e.range.end)), text)
}

interface Case {
  fixture: string
  code: string
  message: string
  path: string
  diagnostic: LspDiagnostic
}

const cases: Case[] = []
// one analyzer per fixture, as the server keeps one per workspace: each case analyzes the
// files as they are (undoing the case before it), then with its fix
const analyzers = new Map<string, (overlay: ReadonlyMap<string, string>) => CheckedWorkspace>()
for (const fixture of invalidFixtureNames) {
  const options = invalidFixtureOptions(fixture)
  const analyze = workspaceAnalyzer({ definitionsDir: options.definitionsDir, builtins: options.builtins, cwd: options.cwd ?? options.definitionsDir })
  analyzers.set(fixture, analyze)
  const checked = analyze(new Map())
  for (const d of checked.diagnostics) {
    const converted = toLspDiagnostic(d)
    if (d.suggestion === undefined || !converted || !d.range || d.range.file.builtin) continue
    cases.push({ fixture, code: d.code, message: d.message, path: d.range.file.absolutePath, diagnostic: converted })
  }
}

describe('quick fixes for every "did you mean"', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(20)
  })

  it.each(cases.map((c) => [`${c.fixture}: ${c.code} ${c.message}`, c] as const))('%s', (_, c) => {
    const analyze = analyzers.get(c.fixture)
    if (!analyze) throw new Error(`no analyzer for ${c.fixture}`)
    const index = buildIndex(analyze(new Map()))
    const actions = codeActionsFor(index, c.path, [c.diagnostic])
    const edits = actions[0]?.edit?.changes?.[uriOf(c.path)]
    expect(edits, 'a quick fix').toBeDefined()
    const file = index.files.get(c.path)
    const fixed = applyEdits(file?.text ?? '', edits ?? [])
    const after = analyze(new Map([[c.path, fixed]]))
    const start = c.diagnostic.range.start
    const still = after.diagnostics.filter((d) => {
      const converted = d.code === c.code && d.range?.file.absolutePath === c.path ? toLspDiagnostic(d) : null
      return converted !== null && converted.range.start.line === start.line && converted.range.start.character === start.character
    })
    expect(still).toEqual([])
  })
})
