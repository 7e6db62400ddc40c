// A real LSP client, for the benchmark (bench/lsp.ts) and the tests (test/support/
// lspClient.ts): spawns the built `botwire lsp` as a child process and talks to it over
// stdio with vscode-languageserver-protocol, as an editor does.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  createProtocolConnection,
  type Diagnostic,
  type ProtocolConnection,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node'

export interface LspClient {
  connection: ProtocolConnection
  child: ChildProcess
  /** what the server wrote to stderr and window/logMessage */
  log: string[]
  /** the capabilities the server registered with the client (client/registerCapability) */
  registrations: { method: string; registerOptions?: unknown }[]
  uri(path: string): string
  /** the latest diagnostics published for a URI */
  diagnostics(uri: string): Diagnostic[] | undefined
  /** waits until the diagnostics of a URI satisfy a test */
  waitForDiagnostics(uri: string, test: (d: Diagnostic[]) => boolean, timeoutMs?: number): Promise<Diagnostic[]>
  open(path: string, text?: string): Promise<string>
  change(uri: string, text: string, version: number): Promise<void>
  request<R>(method: string, params: unknown): Promise<R>
  close(): Promise<void>
}

export interface LspStartOptions {
  env?: Record<string, string>
  args?: string[]
  /** ms of quiet after a change before the server analyses (default here 20: the tests' and the benchmark's clients do not type) */
  debounce?: number
  /** the client capabilities it declares (default: none) */
  capabilities?: Record<string, unknown>
}

/** Starts `node <cliMain> lsp --stdio` in `root` and initializes it (the `initialized` notification sent). */
export async function startLspClient(cliMain: string, root: string, options: LspStartOptions = {}): Promise<LspClient> {
  const child = spawn(process.execPath, [cliMain, 'lsp', '--stdio', ...(options.args ?? [])], {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const log: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')))
  const connection = createProtocolConnection(
    new StreamMessageReader(child.stdout as NodeJS.ReadableStream),
    new StreamMessageWriter(child.stdin as NodeJS.WritableStream),
  )
  const published = new Map<string, Diagnostic[]>()
  const waiters = new Set<() => void>()
  connection.onNotification(PublishDiagnosticsNotification.type, (params) => {
    published.set(params.uri, params.diagnostics)
    for (const wake of [...waiters]) wake()
  })
  connection.onNotification('window/logMessage', (params: { message: string }) => {
    log.push(params.message)
  })
  connection.onRequest('workspace/configuration', () => [])
  const registrations: LspClient['registrations'] = []
  connection.onRequest('client/registerCapability', (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
    registrations.push(...params.registrations)
    return null
  })
  connection.listen()
  const rootUri = pathToFileURL(root).href
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`botwire lsp exited (${code}) before it answered:\n${log.join('')}`))),
  )
  exited.catch(() => undefined)
  await Promise.race([
    exited,
    connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'test' }],
      capabilities: options.capabilities ?? {},
      initializationOptions: { debounce: options.debounce ?? 20 },
    }),
  ])
  await connection.sendNotification('initialized', {})
  const uri = (path: string) => pathToFileURL(join(root, path)).href
  const client: LspClient = {
    connection,
    child,
    log,
    registrations,
    uri,
    diagnostics: (u) => published.get(u),
    waitForDiagnostics(u, test, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const current = published.get(u)
          if (current && test(current)) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(current)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no diagnostics for ${u} passed the test; latest: ${JSON.stringify(published.get(u))}\n${log.join('')}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    async open(path, text) {
      const u = uri(path)
      const content = text ?? readFileSync(join(root, path), 'utf8')
      await connection.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId: 'yaml', version: 1, text: content } })
      return u
    },
    async change(u, text, version) {
      await connection.sendNotification('textDocument/didChange', { textDocument: { uri: u, version }, contentChanges: [{ text }] })
    },
    request: (method, params) => connection.sendRequest(method, params),
    async close() {
      try {
        await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))])
        await connection.sendNotification('exit')
      } catch {
        // the server may be gone already
      }
      connection.dispose()
      if (child.exitCode === null) {
        await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 2000))])
        if (child.exitCode === null) child.kill()
      }
    },
  }
  return client
}

/** A position (zero-based) of the first occurrence of `needle` in a text, plus `shift` characters. */
export function positionOf(text: string, needle: string, shift = 0): { line: number; character: number } {
  const at = text.indexOf(needle)
  if (at < 0) throw new Error(`'${needle}' not in the text`)
  const before = text.slice(0, at + shift)
  const line = before.split('\n').length - 1
  return { line, character: before.length - before.lastIndexOf('\n') - 1 }
}
