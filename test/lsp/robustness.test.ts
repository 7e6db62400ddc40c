// Bad input never kills the server: a YAML bomb, a 10 MB file, binary garbage and an edit
// storm leave it answering; a crash inside a request is logged and answered with an error.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DocumentSymbol } from 'vscode-languageserver-protocol'
import { type LspClient, positionOf, startLsp } from '../support/lspClient.js'
import { DIGEST, NOTES, notesWorkspace } from './workspace.js'

const BOMB = `kind: interface
name: bomb
version: 1.0.0
a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
entities: {}
actions: {}
`

async function stillAnswers(client: LspClient): Promise<void> {
  const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', {
    textDocument: { uri: client.uri('definitions/interfaces/notes.yaml') },
  })
  expect(symbols[0]?.name).toBe('notes')
}

describe('botwire lsp: bad input', () => {
  let root: string
  let client: LspClient
  beforeAll(async () => {
    root = notesWorkspace()
    writeFileSync(join(root, 'definitions/interfaces/bomb.yaml'), BOMB)
    writeFileSync(join(root, 'definitions/interfaces/garbage.yaml'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)))
    client = await startLsp(root)
  })
  afterAll(async () => {
    await client.close()
  })

  it('reports a YAML bomb and binary garbage on disk, and keeps answering', async () => {
    await client.waitForDiagnostics(client.uri('definitions/interfaces/bomb.yaml'), (d) => d.some((x) => x.code === 'BW1005'))
    await client.waitForDiagnostics(client.uri('definitions/interfaces/garbage.yaml'), (d) => d.some((x) => x.code === 'BW1008' || x.code === 'BW1001'))
    await stillAnswers(client)
  })

  it('reports an unsaved 10 MB document as too large, and keeps answering', async () => {
    const uri = await client.open('definitions/interfaces/huge.yaml', `kind: interface\nname: huge\nversion: 1.0.0\n# ${'x'.repeat(10 * 1024 * 1024)}\n`)
    await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'BW1006'))
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } })
    await stillAnswers(client)
  })

  it('analyses an edit storm of 1,000 changes a few times, not 1,000, and ends with the last text', async () => {
    const uri = await client.open('definitions/plugins/digest.yaml')
    const before = (await client.request<{ analyses: number }>('botwire/status', {})).analyses
    for (let version = 2; version <= 1001; version++) {
      const text = version % 2 === 0 ? DIGEST.replace('notes.note', `notes.n${version}`) : DIGEST
      void client.change(uri, version === 1001 ? DIGEST.replace('notes.note', 'notes.nope') : text, version)
    }
    const diagnostics = await client.waitForDiagnostics(uri, (d) => d.some((x) => typeof x.message === 'string' && x.message.includes("'nope'")))
    expect(diagnostics).toHaveLength(1)
    const after = (await client.request<{ analyses: number }>('botwire/status', {})).analyses
    expect(after - before).toBeLessThan(20)
    await stillAnswers(client)
  })
})

describe('botwire lsp: a crash inside a request', () => {
  it('is logged and answered with an error; the server keeps answering', async () => {
    const client = await startLsp(notesWorkspace(), { env: { BOTWIRE_LSP_FAULT: 'textDocument/hover' } })
    try {
      const uri = await client.open('definitions/interfaces/notes.yaml')
      await expect(client.request('textDocument/hover', { textDocument: { uri }, position: positionOf(NOTES, 'note:') })).rejects.toThrow(
        /textDocument\/hover failed: fault injected/,
      )
      expect(client.log.join('')).toContain('textDocument/hover failed')
      await stillAnswers(client)
      expect(client.child.exitCode).toBeNull()
    } finally {
      await client.close()
    }
  })
})
