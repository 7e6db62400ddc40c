// The incremental engine: a workspace held in memory between runs (watch mode, the
// language server). It is told what changed, as texts (an editor's unsaved buffers) or as
// paths on disk, and answers `check()` and `generate()` exactly as `checkWorkspace` and
// `generateWorkspace` would over the same disk and unsaved texts: the same model, the
// same diagnostics in the same order, the same files byte for byte.
//
// It re-reads and re-validates only the files that changed; it resolves, checks and
// lowers again only the definitions whose name closure an edit touched
// (engineDependencies.ts), and keeps the rest: a resolved definition is kept as the same
// object, which is how the later stages know that its checks and its module still stand.
// What is global and cheap (the file list, the symbol table, the order of diagnostics,
// capping them, the indexes) is done again every time, with the pipeline's own code.

import { statSync } from 'node:fs'
import { sep } from 'node:path'
import type { Check } from '../check/check.js'
import { CHECKS } from '../check/registry.js'
import { type Diagnostic, hasErrors } from '../diagnostics/diagnostic.js'
import { emitFile, type OutputFile } from '../emit/emitFile.js'
import { DEFINITION_EXTENSION } from '../load/findDefinitionFiles.js'
import { listWorkspace, loadEntry, type WorkspaceEntry, type WorkspaceListing } from '../load/loadWorkspace.js'
import { builtinDefinitionsDir } from '../load/packageRoot.js'
import type { ParsedFile } from '../load/parseSourceFile.js'
import { filesToLower } from '../lower/lowerModel.js'
import type { DefinitionKey, DefinitionModel, Model } from '../resolve/model.js'
import { type Resolved, type ResolveMemo, resolveModel } from '../resolve/resolveModel.js'
import type { SymbolTable, TableEntry } from '../resolve/symbolTable.js'
import type { ClaimedDefinition } from '../validate/claimedNames.js'
import type { RawDefinition } from '../validate/definitionTypes.js'
import { isInside, realPathOf } from '../write/outputPaths.js'
import { capPerFile } from './capPerFile.js'
import type { CheckedWorkspace, CheckWorkspaceOptions } from './checkWorkspace.js'
import { AffectedNames, type NameKey, nameKey, nameSignature, namesOfFile } from './engineDependencies.js'
import { folderOverlap, type GeneratedWorkspace } from './generateWorkspace.js'
import { type PipelineObserver, UNOBSERVED } from './observer.js'
import { type ValidatedFile, validateFile } from './validateFile.js'

export interface EngineOptions extends CheckWorkspaceOptions {
  /** the output folder; `generate()` needs it */
  outDir?: string
}

type ListedFile = Extract<WorkspaceEntry, { problem: null }>

/** A file as the engine last read and validated it. */
interface HeldFile {
  entry: ListedFile
  parsed: ParsedFile
  validated: ValidatedFile
  /** the names it defines or claims: an edit of it touches them */
  names: NameKey[]
}

interface HeldResolution {
  raw: RawDefinition
  result: Resolved
}

/** Kept results are valid while the definition's model is the same object. */
interface Kept<T> {
  model: DefinitionModel
  value: T
}

/** An output file and what it was made from: a definition's model (kept as the same object), or the inputs of a file that is no module. */
interface KeptOutput {
  from: DefinitionModel | string
  file: OutputFile
}

export class WorkspaceEngine {
  private readonly overlay: Map<string, string>
  /** null: list the folder again before the next run */
  private listing: WorkspaceListing | null = null
  /** paths the disk changed at since the last run (as given, and as real paths) */
  private readonly changedPaths = new Set<string>()
  /** the listed files on disk, as reached and as real paths */
  private listedPaths = new Set<string>()
  private held = new Map<string, HeldFile>()
  private resolutions = new Map<DefinitionKey, HeldResolution>()
  private checkResults = new Map<DefinitionKey, Kept<Diagnostic[][]>>()
  private outputs = new Map<string, KeptOutput>()
  private names: string | null = null
  private last: CheckedWorkspace | null = null

  constructor(private readonly options: EngineOptions) {
    this.overlay = new Map(options.overlay ?? [])
  }

  /** An editor's unsaved text of a file (absolute real path), which wins over the disk. */
  setText(absolutePath: string, text: string): void {
    if (this.overlay.get(absolutePath) === text) return
    const known = this.overlay.has(absolutePath) || this.held.has(absolutePath)
    this.overlay.set(absolutePath, text)
    const unchanged = this.listing ? this.isHeldDiskText(absolutePath, text) : null
    if (!unchanged) this.last = null
    if (!known || !this.listing) {
      this.listing = null
      return
    }
    this.listing = {
      ...this.listing,
      entries: this.listing.entries.map((e) => (e.problem === null && e.realPath === absolutePath ? { ...e, unsaved: text } : e)),
    }
    // an editor that opens a file as it is on disk changes nothing: the text read stands (read from the buffer, it reads alike)
    if (unchanged) unchanged.entry = { ...unchanged.entry, unsaved: text }
  }

  /** The held file at this path when it was read from the disk as exactly this text (and parsed without a load error), and the disk has not changed since. */
  private isHeldDiskText(absolutePath: string, text: string): HeldFile | null {
    const held = this.held.get(absolutePath)
    if (!held || held.entry.unsaved !== undefined || held.parsed.value === null || held.parsed.file.text !== text) return null
    return this.changedPaths.has(absolutePath) || this.changedPaths.has(held.entry.path) ? null : held
  }

  /** Back to the disk's text of a file (an editor closed it without saving). */
  forgetText(absolutePath: string): void {
    if (!this.overlay.delete(absolutePath)) return
    this.last = null
    this.listing = null
  }

  /** Files created, changed or removed on disk (a watcher's events; folders too). */
  changedOnDisk(paths: Iterable<string>): void {
    for (const path of paths) {
      if (this.isNoDefinition(path)) continue
      this.changedPaths.add(path)
      this.changedPaths.add(realPathOf(path))
      // a file that was there and still is: the list stands; anything else (new, removed, a folder) lists again
      if (!this.isHeldFileStillThere(path)) this.listing = null
    }
    this.last = null
  }

  /** An editor's backup or swap file, say: not a definition file, not a folder, and no listed file below it. */
  private isNoDefinition(path: string): boolean {
    if (DEFINITION_EXTENSION.test(path)) return false
    try {
      if (statSync(path).isDirectory()) return false
    } catch {
      // gone: a removed folder still counts if a listed file was below it
    }
    const below = `${path}${sep}`
    for (const listed of this.listedPaths) if (listed.startsWith(below)) return false
    return this.listing !== null
  }

  private isHeldFileStillThere(path: string): boolean {
    if (!this.listing || !this.listedPaths.has(path)) return false
    try {
      return statSync(path).isFile()
    } catch {
      return false
    }
  }

  /** What `checkWorkspace` gives for the disk and the unsaved texts as they are now. */
  check(): CheckedWorkspace {
    if (this.last) return this.last
    const observer = this.options.observer ?? UNOBSERVED
    const listing = this.listing ?? listWorkspace({ ...this.options, overlay: this.overlay })
    if (listing !== this.listing)
      this.listedPaths = new Set(listing.entries.flatMap((e) => (e.problem === null && e.unsaved === undefined ? [e.path, e.realPath] : [])))
    this.listing = listing
    const { loadDiagnostics, files, touched } = observer.pass('load', () => this.read(listing, observer))
    const diagnostics: Diagnostic[] = []
    const definitions: RawDefinition[] = []
    const claims: ClaimedDefinition[] = []
    for (const file of files) {
      diagnostics.push(...file.validated.diagnostics)
      claims.push(...file.validated.claims)
      if (file.validated.definition) definitions.push(file.validated.definition)
    }
    const resolved = observer.pass('resolve', () => this.resolve(definitions, claims, touched))
    diagnostics.push(...resolved.diagnostics)
    diagnostics.push(...observer.pass('checks', () => this.runChecks(resolved.model)))
    this.last = {
      model: resolved.model,
      diagnostics: capPerFile([...loadDiagnostics, ...diagnostics]),
      definitionsDir: listing.definitionsDir,
      files: files.map((f) => f.parsed.file.displayPath),
    }
    return this.last
  }

  /** What `generateWorkspace` gives (and a fresh `generate` writes) for the same state. */
  generate(): GeneratedWorkspace {
    if (this.options.outDir === undefined) throw new Error('botwire internal: the engine was opened without an output folder')
    const checked = this.check()
    const outDir = realPathOf(this.options.outDir)
    const diagnostics = [...checked.diagnostics]
    diagnostics.push(...folderOverlap(outDir, checked.definitionsDir, this.options.cwd))
    if (hasErrors(diagnostics)) return { checked, diagnostics, files: [], outDir }
    const builtins = realPathOf(builtinDefinitionsDir)
    const allBuiltins = isInside(builtins, checked.definitionsDir) || isInside(checked.definitionsDir, builtins)
    const outputs = new Map<string, KeptOutput>()
    const files = filesToLower(checked.model, { definitionsDir: checked.definitionsDir, allBuiltins }).map((file) => {
      const from = file.definition === undefined ? file.inputs : checked.model.definitions.get(file.definition)
      if (from === undefined) return emitFile(file.lower())
      const kept = this.outputs.get(file.path)
      const output = kept && kept.from === from ? kept.file : emitFile(file.lower())
      outputs.set(file.path, { from, file: output })
      return output
    })
    this.outputs = outputs
    return { checked, diagnostics, files, outDir }
  }

  /** Each listed file, read and validated again only when it changed; the names the changes touched. */
  private read(listing: WorkspaceListing, observer: PipelineObserver): { loadDiagnostics: Diagnostic[]; files: HeldFile[]; touched: Set<NameKey> } {
    const loadDiagnostics: Diagnostic[] = []
    const files: HeldFile[] = []
    const touched = new Set<NameKey>()
    const held = new Map<string, HeldFile>()
    for (const entry of listing.entries) {
      if (entry.problem !== null) {
        loadDiagnostics.push(entry.problem)
        continue
      }
      const before = this.held.get(entry.realPath)
      let file = before
      if (!before || !this.same(before.entry, entry)) {
        const parsed = loadEntry(entry)
        const validated = validateFile(parsed, observer)
        file = { entry, parsed, validated, names: namesOfFile(validated.definition, validated.claims) }
        for (const name of [...file.names, ...(before?.names ?? [])]) touched.add(name)
      }
      if (!file) continue
      held.set(entry.realPath, file)
      files.push(file)
      loadDiagnostics.push(...file.parsed.diagnostics)
    }
    for (const [path, before] of this.held) if (!held.has(path)) for (const name of before.names) touched.add(name)
    this.held = held
    this.changedPaths.clear()
    return { loadDiagnostics, files, touched }
  }

  /** Whether a held file stands for a listed one: same place, same text source, and not changed on disk since. */
  private same(before: ListedFile, now: ListedFile): boolean {
    if (before.shown !== now.shown || before.builtin !== now.builtin || before.unsaved !== now.unsaved || before.path !== now.path) return false
    return now.unsaved !== undefined || !(this.changedPaths.has(now.realPath) || this.changedPaths.has(now.path))
  }

  private resolve(definitions: readonly RawDefinition[], claims: readonly ClaimedDefinition[], touched: ReadonlySet<NameKey>) {
    const resolutions = new Map<DefinitionKey, HeldResolution>()
    let affected: AffectedNames | undefined
    const affectedIn = (table: SymbolTable): AffectedNames => {
      if (affected) return affected
      const names = nameSignature(table)
      affected = new AffectedNames(table, touched, names !== this.names)
      this.names = names
      return affected
    }
    const memo: ResolveMemo = {
      reuse: (entry: TableEntry, table: SymbolTable) => {
        const before = this.resolutions.get(entry.key)
        if (!before || before.raw !== entry.raw || affectedIn(table).affects(nameKey(entry.kind, entry.name))) return undefined
        resolutions.set(entry.key, before)
        return before.result
      },
      resolved: (entry: TableEntry, result: Resolved) => void resolutions.set(entry.key, { raw: entry.raw, result }),
    }
    const resolved = resolveModel(definitions, claims, memo)
    // a run that reused nothing still records the names it saw, for the next one
    affectedIn(resolved.table)
    this.resolutions = resolutions
    return resolved
  }

  /** The checks' diagnostics in the order `runChecks` gives them: check by check, definition by definition. */
  private runChecks(model: Model): Diagnostic[] {
    const results = new Map<DefinitionKey, Kept<Diagnostic[][]>>()
    const perDefinition: Diagnostic[][][] = []
    for (const definition of model.definitions.values()) {
      const kept = this.checkResults.get(definition.key)
      const value = kept && kept.model === definition ? kept.value : CHECKS.map((check: Check) => check.run(definition, model))
      results.set(definition.key, { model: definition, value })
      perDefinition.push(value)
    }
    this.checkResults = results
    const out: Diagnostic[] = []
    CHECKS.forEach((_check, index) => {
      for (const value of perDefinition) out.push(...(value[index] ?? []))
    })
    return out
  }
}

/** A workspace held in memory, opened with the options of `checkWorkspace` (and `outDir` for `generate()`). */
export function openWorkspace(options: EngineOptions): WorkspaceEngine {
  return new WorkspaceEngine(options)
}
