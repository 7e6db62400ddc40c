// The one place the language server gets its analysis from: every other file of src/lsp/
// takes a `CheckedWorkspace` and does not know how it was computed. Today it is a full
// run of the check pipeline with the editor's unsaved texts as an overlay; the
// incremental engine (issue #18, items 1 and 2) will take its place here.
import { type CheckedWorkspace, checkWorkspace } from '../pipeline/checkWorkspace.js'

export type { CheckedWorkspace }

export interface AnalysisOptions {
  /** absolute path of the definitions folder */
  definitionsDir: string
  builtins: boolean
  /** the folder display paths are relative to */
  cwd: string
}

/** Analyses the workspace with these unsaved texts (absolute real path -> text) winning over the disk. */
export type Analyze = (overlay: ReadonlyMap<string, string>) => CheckedWorkspace

export function workspaceAnalyzer(options: AnalysisOptions): Analyze {
  return (overlay) => checkWorkspace({ definitionsDir: options.definitionsDir, builtins: options.builtins, cwd: options.cwd, overlay })
}
