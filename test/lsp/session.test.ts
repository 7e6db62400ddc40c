// The scripted editing session of issue #18, through a real client over stdio: open, type
// a broken reference, see the diagnostic, accept the quick fix, see it gone; complete an
// alias; go to a definition; rename an entity across three files.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CodeAction, CompletionItem, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol'
import { type LspClient, positionOf, startLsp } from '../support/lspClient.js'
import { DESK, DIGEST, NOTEBOOK, NOTES, notesWorkspace } from './workspace.js'

/** Applies LSP text edits to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n')
  const offset = (p: { line: number; character: number }) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text)
}

describe('botwire lsp: the scripted session', () => {
  let root: string
  let client: LspClient
  beforeAll(async () => {
    root = notesWorkspace()
    client = await startLsp(root)
  })
  afterAll(async () => {
    await client.close()
  })

  it('types a broken reference, sees the diagnostic, accepts the quick fix and sees it gone', async () => {
    const uri = await client.open('definitions/plugins/digest.yaml')
    await client.waitForDiagnostics(uri, (d) => d.length === 0)
    const broken = DIGEST.replace('notes.note', 'notes.nite')
    await client.change(uri, broken, 2)
    const [diagnostic] = await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'BW3003'))
    expect(diagnostic?.code).toBe('BW3003')
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: diagnostic?.range,
      context: { diagnostics: [diagnostic] },
    })
    const quickFix = actions.find((a) => a.title === "Change to 'note'")
    const edits = quickFix?.edit?.changes?.[uri] ?? []
    const fixed = applyEdits(broken, edits)
    expect(fixed).toBe(DIGEST)
    await client.change(uri, fixed, 3)
    await client.waitForDiagnostics(uri, (d) => d.length === 0)
  })

  it('completes an alias: the integration aliases of the bot, and only interface aliases that fit the dependency', async () => {
    const uri = await client.open('definitions/bots/desk.yaml')
    const typing = DESK.replace('integrationAlias: book,', 'integrationAlias: ,')
    await client.change(uri, typing, 2)
    const aliases = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(typing, 'integrationAlias: ,', 'integrationAlias: '.length),
    })
    expect(aliases.map((i) => i.label)).toEqual(['book'])
    await client.change(uri, DESK, 3)
    const interfaceAliases = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri },
      position: positionOf(DESK, 'integrationInterfaceAlias: notes', 'integrationInterfaceAlias: '.length),
    })
    expect(interfaceAliases.map((i) => i.label)).toEqual(['notes'])
  })

  it('goes to the definition of an entity mapped in another file', async () => {
    const uri = await client.open('definitions/integrations/notebook.yaml')
    const locations = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri },
      position: positionOf(NOTEBOOK, '      note: page', 6),
    })
    expect(locations).toEqual([
      { uri: client.uri('definitions/interfaces/notes.yaml'), range: { start: positionOf(NOTES, '  note:', 2), end: positionOf(NOTES, '  note:', 6) } },
    ])
  })

  it('renames an entity across three files', async () => {
    const uri = await client.open('definitions/interfaces/notes.yaml')
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: positionOf(NOTES, '  note:', 3),
      newName: 'memo',
    })
    const changed = Object.keys(edit.changes ?? {}).sort()
    expect(changed).toEqual(
      ['definitions/integrations/notebook.yaml', 'definitions/interfaces/notes.yaml', 'definitions/plugins/digest.yaml'].map((p) => client.uri(p)).sort(),
    )
    const renamed = applyEdits(NOTES, edit.changes?.[uri] ?? [])
    expect(renamed).toContain('  memo:\n')
    expect(renamed).toContain('{ $entity: memo }')
    expect(renamed).not.toMatch(/^ {2}note:|\$entity: note\b/m)
    const plugin = applyEdits(
      readFileSync(join(root, 'definitions/plugins/digest.yaml'), 'utf8'),
      edit.changes?.[client.uri('definitions/plugins/digest.yaml')] ?? [],
    )
    expect(plugin).toContain('$entity: notes.memo')
  })

  it('refuses a rename that would break a reference, with a message', async () => {
    const uri = client.uri('definitions/interfaces/notes.yaml')
    await expect(
      client.request('textDocument/rename', { textDocument: { uri }, position: positionOf(NOTES, '  note:', 3), newName: 'author' }),
    ).rejects.toThrow(/already has the entity 'author'/)
    await expect(client.request('textDocument/rename', { textDocument: { uri }, position: positionOf(NOTES, '  note:', 3), newName: 'no-te' })).rejects.toThrow(
      /not a valid name/,
    )
  })
})
