// The language server's diagnostics, through a real client over stdio: every botwire
// diagnostic with its code and related locations, for open files (unsaved text wins) and
// for files that are not open, cleared when fixed.
import { unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LspClient, startLsp } from '../support/lspClient.js'
import { DIGEST, NOTEBOOK, notesWorkspace } from './workspace.js'

describe('botwire lsp: diagnostics', () => {
  let root: string
  let client: LspClient
  beforeAll(async () => {
    root = notesWorkspace()
    // a file that is never opened, broken on disk from the start
    writeFileSync(join(root, 'definitions/plugins/broken.yaml'), DIGEST.replace('name: digest', 'name: broken').replace('notes.note', 'notes.nope'))
    client = await startLsp(root)
  })
  afterAll(async () => {
    await client.close()
  })

  it('publishes the diagnostics of files that are not open, with their codes', async () => {
    const broken = client.uri('definitions/plugins/broken.yaml')
    const diagnostics = await client.waitForDiagnostics(broken, (d) => d.length > 0)
    expect(diagnostics.map((d) => [d.code, d.source, d.range.start.line, d.severity])).toEqual([['BW3003', 'botwire', 7, 1]])
    expect(diagnostics[0]?.message).toContain("did you mean 'note'")
  })

  it('analyses the unsaved text of an open document, with related locations, and clears them when fixed', async () => {
    const uri = await client.open('definitions/integrations/notebook.yaml')
    // the editor drops the 'author' mapping without saving: the interface entity is unmapped
    await client.change(uri, NOTEBOOK.replace('      author: writer\n', ''), 2)
    const diagnostics = await client.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'BW3006'))
    const unmapped = diagnostics.find((d) => d.code === 'BW3006')
    expect(unmapped?.relatedInformation?.[0]?.location.uri).toBe(client.uri('definitions/interfaces/notes.yaml'))
    await client.change(uri, NOTEBOOK, 3)
    await client.waitForDiagnostics(uri, (d) => d.length === 0)
  })

  it('notices a file written on disk by another tool', async () => {
    writeFileSync(join(root, 'definitions/plugins/late.yaml'), DIGEST.replace('name: digest', 'name: late').replace('notes.note', 'notes.nate'))
    const late = client.uri('definitions/plugins/late.yaml')
    const diagnostics = await client.waitForDiagnostics(late, (d) => d.length > 0)
    expect(diagnostics.map((d) => d.code)).toEqual(['BW3003'])
  })

  it('places a diagnostic by the lines the protocol counts: a lone \\r ends a line, as \\n and \\r\\n do', async () => {
    // an old Mac file: every line ends with \r alone; the client (LSP 3.17, "Text Documents") counts lines the same way
    const broken = DIGEST.replace('name: digest', 'name: classic').replace('notes.note', 'notes.nope')
    const uri = await client.open('definitions/plugins/classic.yaml', broken.replace(/\n/g, '\r'))
    const [diagnostic] = await client.waitForDiagnostics(uri, (d) => d.length > 0)
    const line = broken.split('\n').findIndex((l) => l.includes('notes.nope'))
    expect(diagnostic?.range.start).toEqual({ line, character: (broken.split('\n')[line] ?? '').indexOf('notes.nope') })
  })

  it('clears a file that is no longer broken once the unsaved fix of another file lands', async () => {
    const broken = client.uri('definitions/plugins/broken.yaml')
    const notes = await client.open('definitions/interfaces/notes.yaml')
    const text = (await import('./workspace.js')).NOTES.replace('  author:\n', '  nope:\n    schema: { type: string }\n  author:\n')
    await client.change(notes, text, 2)
    await client.waitForDiagnostics(broken, (d) => d.length === 0)
  })
})

describe('botwire lsp: a client that watches files for it', () => {
  let root: string
  let client: LspClient
  beforeAll(async () => {
    root = notesWorkspace()
    client = await startLsp(root, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } } } })
  })
  afterAll(async () => {
    await client.close()
  })

  it('is asked to watch the definitions folder, and its didChangeWatchedFiles is what the server goes by', async () => {
    const definitions = join(root, 'definitions')
    // the server registers once it has loaded the workspace: a second on a quiet machine, more on a loaded one
    await expect.poll(() => client.registrations.map((r) => r.method), { timeout: 20_000 }).toEqual(['workspace/didChangeWatchedFiles'])
    expect(client.registrations[0]?.registerOptions).toEqual({ watchers: [{ globPattern: { baseUri: pathToFileURL(definitions).href, pattern: '**/*' } }] })

    // written on disk: the server does not watch it itself, so it waits for the client's word
    const path = join(definitions, 'plugins/late.yaml')
    writeFileSync(path, DIGEST.replace('name: digest', 'name: late').replace('notes.note', 'notes.nate'))
    const late = client.uri('definitions/plugins/late.yaml')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(client.diagnostics(late)).toBeUndefined()
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: late, type: 1 /* created */ }] })
    const diagnostics = await client.waitForDiagnostics(late, (d) => d.length > 0)
    expect(diagnostics.map((d) => d.code)).toEqual(['BW3003'])
    // deleted: cleared
    unlinkSync(path)
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: late, type: 3 /* deleted */ }] })
    await client.waitForDiagnostics(late, (d) => d.length === 0)
  })
})
