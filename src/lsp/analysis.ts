// The one place the language server gets its analysis from: every other file of src/lsp/
// takes a `CheckedWorkspace` and does not know how it was computed. It is the incremental
// engine (pipeline/workspaceEngine.ts): told which unsaved texts changed and which files
// changed on disk, it reads, checks and resolves again only what those reach, and answers
// exactly as a full run of the check pipeline over the same texts would.
import type { CheckedWorkspace } from '../pipeline/checkWorkspace.js'
import { openWorkspace, type WorkspaceEngine } from '../pipeline/workspaceEngine.js'
import { faultInjectedInto } from './guard.js'

export type { CheckedWorkspace }

export interface AnalysisOptions {
  /** absolute path of the definitions folder */
  definitionsDir: string
  builtins: boolean
  /** the folder display paths are relative to */
  cwd: string
}

export interface WorkspaceAnalysis {
  /** The workspace with these unsaved texts (absolute real path -> text) winning over the disk. */
  analyze(overlay: ReadonlyMap<string, string>): CheckedWorkspace
  /** Files created, changed or removed on disk; null when what changed is not known (read everything again). */
  changedOnDisk(paths: Iterable<string> | null): void
}

export function workspaceAnalysis(options: AnalysisOptions): WorkspaceAnalysis {
  const open = (): WorkspaceEngine => openWorkspace({ definitionsDir: options.definitionsDir, builtins: options.builtins, cwd: options.cwd })
  let engine = open()
  /** the unsaved texts the engine holds */
  let given = new Map<string, string>()
  const startOver = (): void => {
    engine = open()
    given = new Map()
  }
  return {
    analyze(overlay) {
      for (const path of given.keys()) if (!overlay.has(path)) engine.forgetText(path)
      for (const [path, text] of overlay) engine.setText(path, text)
      given = new Map(overlay)
      try {
        if (faultInjectedInto('analysis') && [...overlay.values()].some((text) => text.includes('BOTWIRE_LSP_FAULT'))) {
          throw new Error('fault injected into the analysis (BOTWIRE_LSP_FAULT)')
        }
        return engine.check()
      } catch (error) {
        // whatever state the failure left behind, the next analysis starts from nothing
        startOver()
        throw error
      }
    },
    changedOnDisk(paths) {
      if (paths === null) startOver()
      else engine.changedOnDisk(paths)
    },
  }
}
