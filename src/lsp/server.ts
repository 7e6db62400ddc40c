// `botwire lsp`: the language server over stdio. Wires the LSP requests to the features;
// every request answers from the index of the latest analysis (session.ts).
import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Connection, FileSystemWatcher, InitializeParams, InitializeResult } from 'vscode-languageserver/node'
import { workspaceAnalysis } from './analysis.js'
import { codeActionsFor } from './codeActions.js'
import { completionAt } from './completion.js'
import { watchDefinitions } from './diskWatch.js'
import { documentSymbols } from './documentSymbols.js'
import { guarded } from './guard.js'
import { hoverAt } from './hover.js'
import { languageServer } from './languageServer.js'
import { definitionAt, referencesAt } from './navigation.js'
import { lineMapOf } from './positions.js'
import { renamableAt, renameAt } from './rename.js'
import { Session } from './session.js'
import { fileOfUri, realPathOf } from './uris.js'
import type { WorkspaceIndex } from './workspaceIndex.js'

const { createConnection, DidChangeWatchedFilesNotification, ProposedFeatures } = languageServer

export interface ServerOptions {
  /** from --definitions, relative to the working directory; otherwise the client's settings or `definitions` in the workspace */
  definitionsDir?: string
  builtins: boolean
  cwd: string
}

/** What a client may pass as `initializationOptions`. */
interface ClientSettings {
  definitions?: string
  /** ms of quiet after a change before analysing (default 30: the engine makes an analysis after one edit cheap) */
  debounce?: number
}

function settingsOf(params: InitializeParams): ClientSettings {
  const given: unknown = params.initializationOptions
  if (given === null || typeof given !== 'object') return {}
  const { definitions, debounce } = given as Record<string, unknown>
  return { ...(typeof definitions === 'string' ? { definitions } : {}), ...(typeof debounce === 'number' ? { debounce } : {}) }
}

/** Every file and folder below the definitions folder, as a pattern relative to it (LSP 3.17; VS Code and other current clients). */
function definitionsWatcher(definitionsDir: string): FileSystemWatcher {
  return { globPattern: { baseUri: pathToFileURL(definitionsDir).href, pattern: '**/*' } }
}

function workspaceRoot(params: InitializeParams, cwd: string): string {
  const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri
  return (folder && fileOfUri(folder).path) ?? cwd
}

export function startServer(options: ServerOptions): Connection {
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout)
  const log = { error: (message: string) => connection.console.error(message) }
  let session: Session | null = null
  let definitionsFolder: string | null = null
  let watcher: Promise<{ close(): Promise<void> } | null> | null = null
  let clientWatches = false

  connection.onInitialize((params): InitializeResult => {
    const watching = params.capabilities.workspace?.didChangeWatchedFiles
    clientWatches = watching?.dynamicRegistration === true && watching.relativePatternSupport === true
    const settings = settingsOf(params)
    const root = workspaceRoot(params, options.cwd)
    const definitionsDir =
      options.definitionsDir !== undefined
        ? resolve(options.cwd, options.definitionsDir)
        : settings.definitions !== undefined
          ? isAbsolute(settings.definitions)
            ? settings.definitions
            : join(root, settings.definitions)
          : join(root, 'definitions')
    definitionsFolder = definitionsDir
    const analysis = workspaceAnalysis({ definitionsDir, builtins: options.builtins, cwd: root })
    session = new Session(connection, analysis, { delay: settings.debounce ?? 30, maxWait: 1000 })
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: 2 /* incremental */ },
        definitionProvider: true,
        referencesProvider: true,
        documentSymbolProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: [' ', ':', '.', '{', ','] },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        renameProvider: { prepareProvider: true },
      },
      serverInfo: { name: 'botwire' },
    }
  })
  connection.onInitialized(() => {
    // a client that watches files for its servers (and takes a pattern relative to a
    // folder, which may be outside the workspace) is asked to watch the definitions, and
    // tells of changes with didChangeWatchedFiles; for any other, the server watches itself
    if (definitionsFolder !== null && clientWatches)
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [definitionsWatcher(definitionsFolder)] })
    if (definitionsFolder === null || clientWatches || !existsSync(definitionsFolder)) {
      session?.runAnalysis()
      return
    }
    // the first analysis waits until the watcher has read the folder: a file written
    // between the analysis reading the folder and the watcher starting would be missed.
    // When a request or an edit ran one before that, the workspace is read again.
    const folder = definitionsFolder
    watcher = watchDefinitions(folder, (path) => session?.diskChanged([path])).catch((error: unknown) => {
      log.error(`botwire lsp: cannot watch ${folder}, changes on disk reach the analysis only through the editor: ${String(error)}`)
      return null
    })
    void watcher.then(() => (session?.analyses === 0 ? session.runAnalysis() : session?.diskChanged(null)))
  })
  connection.onDidChangeWatchedFiles((params) => {
    // a URI that names no file here is no file the analysis reads: one odd URI does not lose the others' changes
    const paths = params.changes.flatMap((change) => fileOfUri(change.uri).path ?? [])
    session?.diskChanged(paths)
  })
  connection.onShutdown(async () => {
    session?.scheduler.dispose()
    await (await watcher)?.close()
  })

  /** The index and the file a request is about; null when there is no analysis or the document is no file. */
  const at = (uri: string): { index: WorkspaceIndex; path: string } | null => {
    const index = session?.current() ?? null
    const path = realPathOf(uri)
    return index && path !== null ? { index, path } : null
  }
  const offsetIn = (index: WorkspaceIndex, path: string, position: { line: number; character: number }): number | null => {
    const file = index.files.get(path)
    return file ? lineMapOf(file).offset(position) : null
  }

  connection.onDefinition(
    guarded(log, 'textDocument/definition', (params) => {
      const found = at(params.textDocument.uri)
      const offset = found && offsetIn(found.index, found.path, params.position)
      return found && offset !== null ? definitionAt(found.index, found.path, offset) : []
    }),
  )
  connection.onReferences(
    guarded(log, 'textDocument/references', (params) => {
      const found = at(params.textDocument.uri)
      const offset = found && offsetIn(found.index, found.path, params.position)
      return found && offset !== null ? referencesAt(found.index, found.path, offset, params.context.includeDeclaration) : []
    }),
  )
  connection.onDocumentSymbol(
    guarded(log, 'textDocument/documentSymbol', (params) => {
      const found = at(params.textDocument.uri)
      const file = found?.index.files.get(found.path)
      return file ? documentSymbols(file) : []
    }),
  )
  connection.onHover(
    guarded(log, 'textDocument/hover', (params) => {
      const found = at(params.textDocument.uri)
      const offset = found && offsetIn(found.index, found.path, params.position)
      return found && offset !== null ? hoverAt(found.index, found.path, offset) : null
    }),
  )
  connection.onCompletion(
    guarded(log, 'textDocument/completion', (params) => {
      const found = at(params.textDocument.uri)
      const file = found?.index.files.get(found.path)
      return found && file ? completionAt(found.index, file, lineMapOf(file).offset(params.position)) : []
    }),
  )
  connection.onCodeAction(
    guarded(log, 'textDocument/codeAction', (params) => {
      const found = at(params.textDocument.uri)
      return found ? codeActionsFor(found.index, found.path, params.context.diagnostics) : []
    }),
  )
  connection.onPrepareRename(
    guarded(log, 'textDocument/prepareRename', (params) => {
      const found = at(params.textDocument.uri)
      const offset = found && offsetIn(found.index, found.path, params.position)
      const renamable = found && offset !== null ? renamableAt(found.index, found.path, offset) : null
      return renamable ? { range: renamable.range, placeholder: renamable.occurrence.symbol.name } : null
    }),
  )
  connection.onRenameRequest(
    guarded(log, 'textDocument/rename', (params) => {
      const found = at(params.textDocument.uri)
      const offset = found && offsetIn(found.index, found.path, params.position)
      if (!found || offset === null || !session) return null
      const live = session
      return renameAt(found.index, found.path, offset, params.newName, (overlay) => live.analyzeWith(overlay), live.overlay())
    }),
  )
  connection.onRequest(
    'botwire/status',
    guarded(log, 'botwire/status', () => {
      // the benchmark reads the server's memory after the initial load here
      const { rss, heapUsed } = process.memoryUsage()
      return { analyses: session?.analyses ?? 0, memory: { rssBytes: rss, heapUsedBytes: heapUsed } }
    }),
  )
  connection.listen()
  return connection
}
