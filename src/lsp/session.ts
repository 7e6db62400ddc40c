// The server's state: the open documents, the latest analysis and its index, and what
// was published. Analysis runs through the adapter (analysis.ts, the incremental engine), debounced.
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver'
import { TextDocument } from 'vscode-languageserver-textdocument'
import type { CheckedWorkspace, WorkspaceAnalysis } from './analysis.js'
import { diagnosticsByUri } from './diagnostics.js'
import { languageServer } from './languageServer.js'
import { AnalysisScheduler, type SchedulerOptions } from './scheduler.js'
import { realPathOf } from './uris.js'
import { buildIndex, type WorkspaceIndex } from './workspaceIndex.js'

const { TextDocuments } = languageServer

export class Session {
  readonly documents = new TextDocuments(TextDocument)
  readonly scheduler: AnalysisScheduler
  private checked: CheckedWorkspace | null = null
  private indexed: WorkspaceIndex | null = null
  private published = new Set<string>()
  /** how many analyses ran (the edit-storm test reads it through `botwire/status`) */
  analyses = 0

  constructor(
    private readonly connection: Connection,
    private readonly analysis: WorkspaceAnalysis,
    timing: SchedulerOptions,
  ) {
    this.scheduler = new AnalysisScheduler(timing, () => this.runAnalysis())
    this.documents.onDidChangeContent(() => this.scheduler.changed())
    this.documents.onDidClose(() => this.scheduler.changed())
    this.documents.listen(connection)
  }

  /** The unsaved texts of the open documents, by real path. */
  overlay(): Map<string, string> {
    const overlay = new Map<string, string>()
    for (const document of this.documents.all()) {
      const path = realPathOf(document.uri)
      if (path !== null) overlay.set(path, document.getText())
    }
    return overlay
  }

  /** The analysis of the current texts, computed now if a change waits for it; null when there is none. */
  current(): WorkspaceIndex | null {
    this.scheduler.flush()
    if (this.checked === null) return null
    this.indexed ??= buildIndex(this.checked)
    return this.indexed
  }

  /**
   * Analyses the workspace with the given overlay, without publishing: for a rename's
   * verdict. The next analysis gives the analysis the open documents' texts again.
   */
  analyzeWith(overlay: ReadonlyMap<string, string>): CheckedWorkspace {
    return this.analysis.analyze(overlay)
  }

  /** Files changed on disk (null: not known which): analyse after the pause. */
  diskChanged(paths: Iterable<string> | null): void {
    this.analysis.changedOnDisk(paths)
    this.scheduler.changed()
  }

  runAnalysis(): void {
    this.analyses++
    try {
      this.checked = this.analysis.analyze(this.overlay())
    } catch (error) {
      this.connection.console.error(`botwire lsp: analysis failed: ${error instanceof Error ? error.message : String(error)}`)
      this.checked = null
    }
    this.indexed = null
    this.publish()
  }

  /** Publishes every file's diagnostics, and clears those of files that have none any more. */
  private publish(): void {
    const { byUri, unplaced } = this.checked ? diagnosticsByUri(this.checked.diagnostics) : { byUri: new Map<string, LspDiagnostic[]>(), unplaced: [] }
    for (const d of unplaced) this.connection.console.warn(`botwire: ${d.code}: ${d.message}`)
    // open documents always hear their state; files that had diagnostics hear they have none any more
    const cleared = new Set([...this.published, ...this.documents.keys()])
    for (const uri of cleared) if (!byUri.has(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] })
    for (const [uri, diagnostics] of byUri) void this.connection.sendDiagnostics({ uri, diagnostics })
    this.published = new Set(byUri.keys())
  }
}
