// Navigation, outline, hover, completion and the skeleton quick fixes, through a real
// client over stdio on the notes workspace (workspace.ts).

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CodeAction, CompletionItem, DocumentSymbol, Hover, Location } from 'vscode-languageserver-protocol'
import { type LspClient, positionOf, startLsp } from '../support/lspClient.js'
import { DESK, DIGEST, NOTEBOOK, NOTES, notesWorkspace } from './workspace.js'

describe('botwire lsp: features', () => {
  let client: LspClient
  beforeAll(async () => {
    client = await startLsp(notesWorkspace())
  })
  afterAll(async () => {
    await client.close()
  })
  const notes = () => client.uri('definitions/interfaces/notes.yaml')
  const notebook = () => client.uri('definitions/integrations/notebook.yaml')

  it('finds every reference of an entity, across files', async () => {
    const found = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: notes() },
      position: positionOf(NOTES, '  note:', 2),
      context: { includeDeclaration: true },
    })
    const files = found.map((l) => l.uri.slice(l.uri.indexOf('/definitions/') + 1)).sort()
    expect(files).toEqual([
      'definitions/integrations/notebook.yaml',
      'definitions/interfaces/notes.yaml',
      'definitions/interfaces/notes.yaml',
      'definitions/interfaces/notes.yaml',
      'definitions/plugins/digest.yaml',
    ])
  })

  it('goes from a name to the definition, from an alias to its declaration, and into a built-in', async () => {
    const toInterface = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: notebook() },
      position: positionOf(NOTEBOOK, 'name: notes', 7),
    })
    expect(toInterface.map((l) => l.uri)).toEqual([notes(), notes()])
    const desk = client.uri('definitions/bots/desk.yaml')
    const toAlias = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: desk },
      position: positionOf(DESK, 'integrationAlias: book', 19),
    })
    expect(toAlias).toEqual([{ uri: desk, range: { start: positionOf(DESK, '  book:', 2), end: positionOf(DESK, '  book:', 6) } }])
    const text = NOTEBOOK.replace('interfaces:\n', 'interfaces:\n  llm: { name: llm, version: 1.0.0, entities: {} }\n')
    await client.open('definitions/integrations/notebook.yaml', text)
    const builtin = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: notebook() },
      position: positionOf(text, 'name: llm', 7),
    })
    expect(builtin[0]?.uri).toMatch(/\/definitions\/interfaces\/llm\.yaml$/)
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: notebook() }, position: positionOf(text, 'name: llm', 7) })
    expect((hover.contents as { value: string }).value).toMatch(
      /^\*\*interface llm 1\.0\.0\*\*[\s\S]*actions: generateContent, listLanguageModels[\s\S]*docs\/builtin-interfaces\.md/,
    )
    await client.change(notebook(), NOTEBOOK, 2)
  })

  it('outlines a definition', async () => {
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: notes() } })
    expect(symbols[0]?.children?.map((c) => [c.name, c.children?.map((m) => m.name)])).toEqual([
      ['entities', ['note', 'author']],
      ['actions', ['addNote']],
      ['events', ['noteAdded']],
    ])
  })

  it('hovers an entity reference with its title, description and shape, and an override with the action it overrides', async () => {
    const entity = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri: notebook() },
      position: positionOf(NOTEBOOK, '      note: page', 7),
    })
    const text = (entity.contents as { value: string }).value
    expect(text).toContain('**entity note**: Note')
    expect(text).toContain('One short note.')
    expect(text).toContain('type note = {\n  id: string\n  text: string\n  author?: author\n}')
    const override = await client.request<Hover>('textDocument/hover', { textDocument: { uri: notebook() }, position: positionOf(NOTEBOOK, 'addNote:', 2) })
    const action = (override.contents as { value: string }).value
    expect(action).toContain('**action addNote**: Add a note')
    expect(action).toContain('input: {\n  text: string\n}\noutput: {\n  note: note\n}')
  })

  it('completes keys the meta-schema allows, $entity targets and versions', async () => {
    const typing = `${NOTES}  draft:\n    sch`
    await client.open('definitions/interfaces/notes.yaml', typing)
    const keys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notes() },
      position: positionOf(typing, 'draft:\n    sch', 14),
    })
    expect(keys.map((k) => k.label).sort()).toEqual(['attributes', 'description', 'schema', 'title'])
    const entityTyping = NOTES.replace('author: { $entity: author }', 'author: { $entity:  }')
    await client.change(notes(), entityTyping, 2)
    const entities = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notes() },
      position: positionOf(entityTyping, '$entity:  }', 9),
    })
    expect(entities.map((k) => k.label)).toEqual(['note', 'author'])
    await client.change(notes(), NOTES, 3)
    const digest = await client.open('definitions/plugins/digest.yaml')
    const locals = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: digest },
      position: positionOf(DIGEST, 'notes.note', 0),
    })
    expect(locals.map((k) => k.label)).toEqual(['notes.note', 'notes.author'])
    const versions = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: digest },
      position: positionOf(DIGEST, '^1.0.0', 0),
    })
    expect(versions.map((k) => k.label)).toEqual(['1.0.0', '^1.0.0'])
  })

  it("completes issue #34's metadata keys of an integration: secrets, icon, readme, attributes", async () => {
    const typing = `${NOTEBOOK}s`
    await client.open('definitions/integrations/notebook.yaml', typing)
    const top = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notebook() },
      position: { line: typing.split('\n').length - 1, character: 1 },
    })
    expect(top.map((k) => k.label)).toEqual(expect.arrayContaining(['secrets', 'icon', 'readme', 'attributes']))
    // each with its meta-schema description
    expect(JSON.stringify(top.find((k) => k.label === 'secrets')?.documentation)).toContain('ctx.secrets.NAME')
    await client.change(notebook(), NOTEBOOK, 2)
  })

  it("completes an integration's identifier: the key with its description, its keys, and its configuration's properties as the value (docs/definitions.md#identifier)", async () => {
    const typing = `${NOTEBOOK}id`
    await client.open('definitions/integrations/notebook.yaml', typing)
    const top = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notebook() },
      position: { line: typing.split('\n').length - 1, character: 2 },
    })
    expect(JSON.stringify(top.find((k) => k.label === 'identifier')?.documentation)).toContain('identify')
    const keysTyping = `${NOTEBOOK}identifier:\n  co`
    await client.change(notebook(), keysTyping, 2)
    const keys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notebook() },
      position: { line: keysTyping.split('\n').length - 1, character: 4 },
    })
    expect(keys.map((k) => k.label).sort()).toEqual(['configuration', 'description', 'title'])
    const valueTyping = `${NOTEBOOK}identifier:\n  configuration: re`
    await client.change(notebook(), valueTyping, 3)
    const values = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: notebook() },
      position: { line: valueTyping.split('\n').length - 1, character: 19 },
    })
    expect(values.map((k) => [k.label, k.detail])).toEqual([
      ['token', 'configuration property that holds the identifier'],
      ['region', 'Region'],
    ])
    await client.change(notebook(), NOTEBOOK, 4)
  })

  it("completes a state's keys and an event's recurrence, outlines states and hovers one (docs/definitions.md#states)", async () => {
    const desk = client.uri('definitions/bots/desk.yaml')
    const typing = `${DESK}states:\n  visits:\n    ex`
    await client.open('definitions/bots/desk.yaml', typing)
    const stateKeys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(typing, 'visits:\n    ex', 14),
    })
    expect(stateKeys.map((k) => k.label).sort()).toEqual(['description', 'expiry', 'schema', 'title', 'type'])
    const eventTyping = `${DESK}events:\n  digest:\n    rec`
    await client.change(desk, eventTyping, 2)
    const eventKeys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(eventTyping, 'digest:\n    rec', 15),
    })
    expect(eventKeys.map((k) => k.label).sort()).toEqual(['attributes', 'description', 'recurrence', 'schema', 'title'])
    const outlined = `${DESK}states:\n  visits: { type: user, schema: { type: object, properties: { count: { type: integer } } } }\n`
    await client.change(desk, outlined, 3)
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: desk } })
    expect(symbols[0]?.children?.find((c) => c.name === 'states')?.children?.map((c) => c.name)).toEqual(['visits'])
    const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri: desk }, position: positionOf(outlined, '  visits:', 3) })
    expect((hover.contents as { value: string }).value).toMatch(/^\*\*state visits\*\*\n\nof bot `desk` .*, kept per user\n/)
    await client.change(desk, DESK, 4)
  })

  it('completes $secret names the workspace uses, and kinds', async () => {
    const desk = await client.open('definitions/bots/desk.yaml')
    const secrets = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(DESK, 'NOTEBOOK_TOKEN'),
    })
    expect(secrets.map((k) => k.label)).toEqual(['NOTEBOOK_TOKEN'])
    const kinds = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri: desk }, position: positionOf(DESK, 'bot') })
    expect(kinds.map((k) => k.label)).toEqual(['interface', 'integration', 'plugin', 'bot'])
  })

  it("completes the keys of an integration's configuration in a bot, the ones written left out", async () => {
    const typing = DESK.replace('configuration: { token: { $secret: NOTEBOOK_TOKEN } }', 'configuration:\n      token: { $secret: NOTEBOOK_TOKEN }\n      re')
    // opened by the test before
    const desk = client.uri('definitions/bots/desk.yaml')
    await client.change(desk, typing, 2)
    const keys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(typing, '\n      re', 9),
    })
    expect(keys.filter((k) => k.detail === 'Region').map((k) => [k.label, k.insertText, k.documentation])).toEqual([
      ['region', 'region: ', { kind: 'markdown', value: 'Where the notebook is kept' }],
    ])
    expect(keys.map((k) => k.label)).not.toContain('token')
    // configurationType: null is the default configuration, whose keys are completed
    const defaulted = typing.replace('    version: 1.0.0\n', '    version: 1.0.0\n    configurationType: null\n')
    await client.change(desk, defaulted, 3)
    const defaultKeys = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(defaulted, '\n      re', 9),
    })
    expect(defaultKeys.map((k) => k.label)).toContain('region')
    // and an integration instance may be switched off
    const switching = DESK.replace('    version: 1.0.0\n', '    version: 1.0.0\n    en\n')
    await client.change(desk, switching, 4)
    const instance = await client.request<CompletionItem[]>('textDocument/completion', {
      textDocument: { uri: desk },
      position: positionOf(switching, '    en\n', 6),
    })
    expect(instance.map((k) => k.label)).toContain('enabled')
    await client.change(desk, DESK, 5)
  })

  it('offers a skeleton for a missing entity mapping and for a missing wiring', async () => {
    const unmapped = NOTEBOOK.replace('      author: writer\n', '')
    await client.change(notebook(), unmapped, 3)
    const [missing] = await client.waitForDiagnostics(notebook(), (d) => d.some((x) => x.code === 'BW3006'))
    const mapping = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: notebook() },
      range: missing?.range,
      context: { diagnostics: [missing] },
    })
    expect(mapping.map((a) => [a.title, a.edit?.changes?.[notebook()]?.[0]?.newText])).toEqual([
      ['Map author to entities of this integration', '\n      author: writer'],
    ])
    await client.change(notebook(), NOTEBOOK, 4)
    const desk = client.uri('definitions/bots/desk.yaml')
    const unwired = DESK.replace(/ {4}dependencies:\n.*\n/, '')
    await client.change(desk, unwired, 2)
    const [notWired] = await client.waitForDiagnostics(desk, (d) => d.some((x) => x.code === 'BW4007'))
    const wiring = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: desk },
      range: notWired?.range,
      context: { diagnostics: [notWired] },
    })
    expect(wiring.map((a) => [a.title, a.edit?.changes?.[desk]?.[0]?.newText])).toEqual([
      ['Wire notes', '\n    dependencies:\n      notes: { integrationAlias: book, integrationInterfaceAlias: notes }'],
    ])
  })
})
