// What goes wrong with one document stays on that document, through a real client over
// stdio: a document whose URI names no file of the workspace (another host, an encoded
// '/', another scheme, a query or fragment, bad percent-encoding) is told so on itself and
// left out of the analysis, while the workspace's diagnostics are published and stay,
// also when it is closed; and a failed analysis is told to the document whose change it
// followed, the other files keeping their diagnostics (docs/editors.md#documents-that-are-not-analysed).
import { symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Diagnostic } from 'vscode-languageserver-protocol'
import { type LspClient, startLsp } from '../support/lspClient.js'
import { DIGEST, NOTES, notesWorkspace } from './workspace.js'

/** The plugin with a reference to an entity the interface does not have: one BW3003. */
const BROKEN_DIGEST = DIGEST.replace('notes.note', 'notes.nope')
const hasNope = (d: Diagnostic[]): boolean => d.some((x) => x.code === 'BW3003' && typeof x.message === 'string' && x.message.includes("'nope'"))

describe('botwire lsp: a document whose URI names no file of the workspace', () => {
  let root: string
  let client: LspClient
  let digest: string
  beforeAll(async () => {
    root = notesWorkspace()
    client = await startLsp(root)
    digest = await client.open('definitions/plugins/digest.yaml', BROKEN_DIGEST)
    await client.waitForDiagnostics(digest, hasNope)
  })
  afterAll(async () => {
    await client.close()
  })

  const folderUri = (): string => pathToFileURL(root).href
  // each is given the plugin's text without its error: were it read as the plugin, the plugin's error would go
  const cases: [string, () => string, RegExp][] = [
    ['another host', () => `file://elsewhere${pathToFileURL(root).pathname}/definitions/plugins/digest.yaml`, /another host \('elsewhere'\)/],
    ['an encoded slash in a name', () => `${folderUri()}/definitions/plugins/a%2Fdigest.yaml`, /encoded '\/'/],
    ['an untitled document', () => 'untitled:Untitled-1', /not a file on disk \(its URI's scheme is 'untitled'\)/],
    ['a query (a view of the same file)', () => `${pathToFileURL(root).href}/definitions/plugins/digest.yaml?rev=HEAD`, /query or a fragment/],
    ['a fragment', () => `${pathToFileURL(root).href}/definitions/plugins/digest.yaml#old`, /query or a fragment/],
    ['invalid percent-encoding', () => `${folderUri()}/definitions/plugins/digest%E0%A4%A.yaml`, /not valid percent-encoding of UTF-8/],
    ['a name that is not UTF-8', () => `${folderUri()}/definitions/plugins/digest%FF.yaml`, /not valid percent-encoding of UTF-8/],
  ]

  /** Runs the analysis of what the client has sent, if one waits (a request answers from it): what it published has arrived when this returns. */
  const analysed = async (): Promise<void> => {
    await client.request('textDocument/documentSymbol', { textDocument: { uri: digest } })
  }

  it.each(cases)('%s: told on itself, the workspace keeps its diagnostics, and closing it changes nothing for the others', async (_, uriOf, reason) => {
    const uri = uriOf()
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: DIGEST } })
    await analysed()
    expect(hasNope(client.diagnostics(digest) ?? [])).toBe(true)
    const own = client.diagnostics(uri) ?? []
    expect(own).toHaveLength(1)
    expect(own[0]?.severity).toBe(3)
    expect(own[0]?.message).toMatch(/^botwire does not analyse this document: /)
    expect(own[0]?.message).toMatch(reason)
    expect(client.log.join('\n')).toContain(`${uri} is not analysed`)

    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } })
    await analysed()
    expect(client.diagnostics(uri)).toEqual([])
    expect(hasNope(client.diagnostics(digest) ?? [])).toBe(true)
  })

  it('diagnostics reach an open document as its URI spells the file (file://localhost/...)', async () => {
    const spelled = `file://localhost${pathToFileURL(root).pathname}/definitions/plugins/spelled.yaml`
    const text = BROKEN_DIGEST.replace('name: digest', 'name: spelled')
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: spelled, languageId: 'yaml', version: 1, text } })
    await analysed()
    expect(hasNope(client.diagnostics(spelled) ?? [])).toBe(true)
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: spelled } })
    await analysed()
    expect(client.diagnostics(spelled)).toEqual([])
    expect(hasNope(client.diagnostics(digest) ?? [])).toBe(true)
  })
})

describe('botwire lsp: a file open through a symbolic link', () => {
  it('gets its diagnostics under the URI it was opened by', async () => {
    const root = notesWorkspace()
    symlinkSync(join(root, 'definitions/plugins/digest.yaml'), join(root, 'definitions/plugins/linked.yaml'))
    const client = await startLsp(root)
    try {
      const linked = await client.open('definitions/plugins/linked.yaml', BROKEN_DIGEST)
      await client.waitForDiagnostics(linked, hasNope)
    } finally {
      await client.close()
    }
  })
})

describe('botwire lsp: an analysis that fails', () => {
  it('is told to the document changed before it; the other files keep their diagnostics, until an analysis succeeds', async () => {
    const root = notesWorkspace()
    const client = await startLsp(root, { env: { BOTWIRE_LSP_FAULT: 'analysis' } })
    try {
      const digest = await client.open('definitions/plugins/digest.yaml', BROKEN_DIGEST)
      await client.waitForDiagnostics(digest, hasNope)
      const notes = await client.open('definitions/interfaces/notes.yaml')
      await client.waitForDiagnostics(notes, (d) => d.length === 0)
      const faulty = `${NOTES}# BOTWIRE_LSP_FAULT\n`
      await client.change(notes, faulty, 2)
      const told = await client.waitForDiagnostics(notes, (d) => d.length > 0)
      expect(told.map((d) => [d.code, d.severity])).toEqual([['BW9001', 1]])
      expect(told[0]?.message).toContain('the analysis failed after this document changed (fault injected into the analysis')
      expect(client.log.join('\n')).toContain('analysis failed')
      expect(hasNope(client.diagnostics(digest) ?? [])).toBe(true)

      await client.change(notes, faulty.replace('# BOTWIRE_LSP_FAULT\n', ''), 3)
      await client.waitForDiagnostics(notes, (d) => d.length === 0)
      expect(hasNope(client.diagnostics(digest) ?? [])).toBe(true)
    } finally {
      await client.close()
    }
  })
})
