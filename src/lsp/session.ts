// The server's state: the open documents, the latest analysis and its index, and what
// was published. Analysis runs through the adapter (analysis.ts, the incremental engine), debounced.
// What goes wrong with one document stays on that document: one whose URI names no file
// is left out of the analysis and told why on itself; a failed analysis is told to the
// documents changed since the last good one, and the other files keep their diagnostics.
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver'
import { TextDocument } from 'vscode-languageserver-textdocument'
import type { CheckedWorkspace, WorkspaceAnalysis } from './analysis.js'
import { analysisFailedDiagnostic, diagnosticsByUri, notAnalysedDiagnostic } from './diagnostics.js'
import { languageServer } from './languageServer.js'
import { AnalysisScheduler, type SchedulerOptions } from './scheduler.js'
import { documentFile, uriOf } from './uris.js'
import { buildIndex, type WorkspaceIndex } from './workspaceIndex.js'

const { TextDocuments } = languageServer

export class Session {
  readonly documents = new TextDocuments(TextDocument)
  readonly scheduler: AnalysisScheduler
  private checked: CheckedWorkspace | null = null
  private indexed: WorkspaceIndex | null = null
  private published = new Set<string>()
  /** open documents the analysis does not read (their URI names no file here), with why */
  private notAnalysed = new Map<string, string>()
  /** documents opened, changed or closed since the last analysis that succeeded: a failure is theirs */
  private changedSince = new Set<string>()
  /** how many analyses ran (the edit-storm test reads it through `botwire/status`) */
  analyses = 0

  constructor(
    private readonly connection: Connection,
    private readonly analysis: WorkspaceAnalysis,
    timing: SchedulerOptions,
  ) {
    this.scheduler = new AnalysisScheduler(timing, () => this.runAnalysis())
    this.documents.onDidOpen(({ document }) => this.explainIfNotAnalysed(document.uri))
    this.documents.onDidChangeContent(({ document }) => this.changed(document.uri))
    this.documents.onDidClose(({ document }) => this.changed(document.uri))
    this.documents.listen(connection)
  }

  private changed(uri: string): void {
    this.changedSince.add(uri)
    this.scheduler.changed()
  }

  /** The unsaved texts of the open documents that name a file, by real path. */
  overlay(): Map<string, string> {
    const overlay = new Map<string, string>()
    for (const document of this.documents.all()) {
      const path = documentFile(document.uri).path
      if (path !== null) overlay.set(path, document.getText())
    }
    return overlay
  }

  /** The open documents' URIs by the real path they name: where a file's diagnostics go as the editor spells its URI. */
  private openUris(): Map<string, string[]> {
    const byPath = new Map<string, string[]>()
    for (const uri of this.documents.keys()) {
      const path = documentFile(uri).path
      if (path !== null) byPath.set(path, [...(byPath.get(path) ?? []), uri])
    }
    return byPath
  }

  /** A document whose URI names no file: why, in the client's log (its diagnostic is published with the others). */
  private explainIfNotAnalysed(uri: string): void {
    const { problem } = documentFile(uri)
    if (problem !== null) this.connection.console.info(`botwire lsp: ${uri} is not analysed: ${problem}`)
  }

  /** The analysis of the current texts, computed now if a change waits for it; null when there is none. */
  current(): WorkspaceIndex | null {
    this.scheduler.flush()
    // a request before the first analysis (which waits for the watcher) runs it now
    if (this.analyses === 0) this.runAnalysis()
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
    this.notAnalysed = new Map()
    for (const uri of this.documents.keys()) {
      const { problem } = documentFile(uri)
      if (problem !== null) this.notAnalysed.set(uri, problem)
    }
    this.indexed = null
    try {
      this.checked = this.analysis.analyze(this.overlay())
    } catch (error) {
      this.checked = null
      this.publishFailure(error instanceof Error ? error.message : String(error))
      return
    }
    this.changedSince.clear()
    this.publish()
  }

  /** Publishes every file's diagnostics, and clears those of files that have none any more. */
  private publish(): void {
    const openUris = this.openUris()
    const { byUri, unplaced } = this.checked
      ? diagnosticsByUri(this.checked.diagnostics, (path) => openUris.get(path) ?? [uriOf(path)])
      : { byUri: new Map<string, LspDiagnostic[]>(), unplaced: [] }
    for (const d of unplaced) this.connection.console.warn(`botwire: ${d.code}: ${d.message}`)
    for (const [uri, reason] of this.notAnalysed) byUri.set(uri, [notAnalysedDiagnostic(reason)])
    // open documents always hear their state; files that had diagnostics hear they have none any more
    const cleared = new Set([...this.published, ...this.documents.keys()])
    for (const uri of cleared) if (!byUri.has(uri)) void this.connection.sendDiagnostics({ uri, diagnostics: [] })
    for (const [uri, diagnostics] of byUri) void this.connection.sendDiagnostics({ uri, diagnostics })
    this.published = new Set(byUri.keys())
  }

  /**
   * The analysis failed: the open documents changed since the last one that succeeded hear
   * it on themselves; every other file keeps what was published, the last analysis's
   * diagnostics (clearing them would say the workspace has no problem).
   */
  private publishFailure(reason: string): void {
    this.connection.console.error(`botwire lsp: analysis failed: ${reason}`)
    for (const [uri, problem] of this.notAnalysed) {
      void this.connection.sendDiagnostics({ uri, diagnostics: [notAnalysedDiagnostic(problem)] })
      this.published.add(uri)
    }
    for (const uri of this.changedSince) {
      if (this.documents.get(uri) === undefined || this.notAnalysed.has(uri)) continue
      void this.connection.sendDiagnostics({ uri, diagnostics: [analysisFailedDiagnostic(reason)] })
      this.published.add(uri)
    }
  }
}
