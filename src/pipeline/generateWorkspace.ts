// Generation without I/O on the output: check, then lower and emit when there is no
// error. Writing is the caller's choice (CLI, watch mode, programmatic API).
import { type Diagnostic, diagnostic, hasErrors } from '../diagnostics/diagnostic.js'
import { emitFiles, type OutputFile } from '../emit/emitPlan.js'
import { displayPath } from '../load/displayPath.js'
import { builtinDefinitionsDir } from '../load/packageRoot.js'
import { filesToLower } from '../lower/lowerModel.js'
import { isInside, realPathOf } from '../write/outputPaths.js'
import { type CheckedWorkspace, type CheckWorkspaceOptions, checkWorkspace } from './checkWorkspace.js'

export interface GenerateWorkspaceOptions extends CheckWorkspaceOptions {
  outDir: string
}

export interface GeneratedWorkspace {
  checked: CheckedWorkspace
  diagnostics: Diagnostic[]
  /** empty when there is any error */
  files: OutputFile[]
  /** the real path of the output folder */
  outDir: string
}

/** BW5001 when the output folder and the definitions folder (real paths) are one inside the other. */
export function folderOverlap(outDir: string, definitionsDir: string, cwd: string | undefined): Diagnostic[] {
  if (!isInside(definitionsDir, outDir) && !isInside(outDir, definitionsDir)) return []
  return [diagnostic('BW5001', 'overlap', { out: displayPath(outDir, cwd), definitions: displayPath(definitionsDir, cwd) }, null)]
}

export function generateWorkspace(options: GenerateWorkspaceOptions): GeneratedWorkspace {
  const checked = checkWorkspace(options)
  const outDir = realPathOf(options.outDir)
  const diagnostics = [...checked.diagnostics]
  diagnostics.push(...folderOverlap(outDir, checked.definitionsDir, options.cwd))
  if (hasErrors(diagnostics)) return { checked, diagnostics, files: [], outDir }
  const allBuiltins = isInside(realPathOf(builtinDefinitionsDir), checked.definitionsDir) || isInside(checked.definitionsDir, realPathOf(builtinDefinitionsDir))
  const files = emitFiles(filesToLower(checked.model, { definitionsDir: checked.definitionsDir, allBuiltins }))
  return { checked, diagnostics, files, outDir }
}
