// Rename of members and aliases across files, in-process (the functions the server calls):
// an interface action renamed in the integration's overrides, a bot's integration alias in
// its wiring, a plugin's local name in its $entity and in the bot's dependency keys; and
// the refusals.
import { realpathSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type AnalysisOptions, type CheckedWorkspace, workspaceAnalysis } from '../../src/lsp/analysis.js'
import { LineMap } from '../../src/lsp/positions.js'
import { renameAt } from '../../src/lsp/rename.js'
import { uriOf } from '../../src/lsp/uris.js'
import { buildIndex } from '../../src/lsp/workspaceIndex.js'
import { DESK, DIGEST, NOTEBOOK, NOTES, notesWorkspace } from './workspace.js'

/** The server's analysis (the incremental engine) as a function of the unsaved texts. */
function workspaceAnalyzer(options: AnalysisOptions): (overlay: ReadonlyMap<string, string>) => CheckedWorkspace {
  const analysis = workspaceAnalysis(options)
  return (overlay) => analysis.analyze(overlay)
}

const SUMMARY = `kind: plugin
name: summary
version: 0.1.0
interfaces:
  llm: { name: llm, version: ^1.0.0 }
actions:
  summarize:
    input: { schema: { type: object, properties: { model: { $entity: llm.modelRef } }, required: [model] } }
    output: { schema: { type: object, properties: { text: { type: string } }, required: [text] } }
`

const TEXTS: Record<string, string> = {
  'plugins/summary.yaml': SUMMARY,
  'interfaces/notes.yaml': NOTES,
  'integrations/notebook.yaml': NOTEBOOK,
  'plugins/digest.yaml': DIGEST,
  'bots/desk.yaml': DESK,
}

function setup() {
  const root = realpathSync(notesWorkspace())
  writeFileSync(join(root, 'definitions/plugins/summary.yaml'), SUMMARY)
  const analyze = workspaceAnalyzer({ definitionsDir: join(root, 'definitions'), builtins: true, cwd: root })
  const index = buildIndex(analyze(new Map()))
  const path = (file: string) => join(root, 'definitions', file)
  /** Renames what is at `needle` (+shift) in a file; returns the edited texts by file. */
  const rename = (file: string, needle: string, shift: number, newName: string): Record<string, string> => {
    const text = TEXTS[file] ?? ''
    const edit = renameAt(index, path(file), text.indexOf(needle) + shift, newName, analyze, new Map())
    const out: Record<string, string> = {}
    for (const [name, original] of Object.entries(TEXTS)) {
      const edits = edit.changes?.[uriOf(path(name))]
      if (!edits) continue
      const lines = new LineMap(original)
      out[name] = [...edits]
        .sort((a, b) => lines.offset(b.range.start) - lines.offset(a.range.start))
        .reduce((t, e) => t.slice(0, lines.offset(e.range.start)) + e.newText + t.slice(lines.offset(e.range.end)), original)
    }
    return out
  }
  return { rename }
}

describe('rename', () => {
  it('renames an interface action in the integrations that override it', () => {
    const { rename } = setup()
    const renamed = rename('interfaces/notes.yaml', 'addNote:', 1, 'createNote')
    expect(Object.keys(renamed).sort()).toEqual(['integrations/notebook.yaml', 'interfaces/notes.yaml'])
    expect(renamed['integrations/notebook.yaml']).toContain('createNote: { name: writePage }')
  })

  it("renames a bot's integration alias where the wiring names it", () => {
    const { rename } = setup()
    const renamed = rename('bots/desk.yaml', '  book:', 3, 'library')
    expect(renamed['bots/desk.yaml']).toContain('  library:\n    integration: notebook')
    expect(renamed['bots/desk.yaml']).toContain('integrationAlias: library,')
  })

  it("renames a plugin's local name in its $entity and in the bots that wire it", () => {
    const { rename } = setup()
    const renamed = rename('plugins/digest.yaml', '  notes: {', 3, 'pad')
    expect(renamed['plugins/digest.yaml']).toContain('  pad: { name: notes')
    expect(renamed['plugins/digest.yaml']).toContain('$entity: pad.note')
    expect(renamed['bots/desk.yaml']).toContain('      pad: { integrationAlias: book')
  })

  it('refuses a name in a built-in, a taken name, a bad name, and what is no entity, member or alias', () => {
    const { rename } = setup()
    expect(() => rename('interfaces/notes.yaml', '  author:\n', 2, 'note')).toThrow(/already has the entity 'note'/)
    expect(() => rename('interfaces/notes.yaml', '  author:\n', 2, '9lives')).toThrow(/not a valid name/)
    expect(() => rename('plugins/summary.yaml', 'llm.modelRef', 4, 'model')).toThrow(/declared in a built-in interface/)
    expect(() => rename('interfaces/notes.yaml', 'name: notes', 7, 'pad')).toThrow(/no entity, member or alias to rename here/)
  })

  it('refuses a rename that would break what the edit cannot reach: another version of the interface keeps the name', () => {
    const root = realpathSync(notesWorkspace())
    writeFileSync(join(root, 'definitions/interfaces/notes-1.1.0.yaml'), NOTES.replace('version: 1.0.0', 'version: 1.1.0'))
    writeFileSync(join(root, 'definitions/integrations/notebook.yaml'), NOTEBOOK.replace('    version: 1.0.0', '    version: 1.1.0'))
    const analyze = workspaceAnalyzer({ definitionsDir: join(root, 'definitions'), builtins: true, cwd: root })
    const index = buildIndex(analyze(new Map()))
    const at = NOTES.indexOf('  note:') + 3
    expect(() => renameAt(index, join(root, 'definitions/interfaces/notes.yaml'), at, 'memo', analyze, new Map())).toThrow(
      // the first new error: 1.1.0 would drop an entity 1.0.0 has (BW4015); the plugin wired to 1.1.0 would lose it too
      /renaming 'note' to 'memo' would break a reference: definitions\/\S+:\d+: BW\d{4}/,
    )
  })
})
