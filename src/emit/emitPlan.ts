// The plan as output files: all of it, or lowered and printed one file at a time.
import type { FileToLower } from '../lower/lowerModel.js'
import type { EmitPlan } from '../lower/plan.js'
import { emitFile, type OutputFile } from './emitFile.js'

export type { OutputFile } from './emitFile.js'

export function emitPlan(plan: EmitPlan): OutputFile[] {
  return plan.files.map(emitFile)
}

/** Lowers and prints each file in turn, so that only one file's plan is alive at a time. */
export function emitFiles(files: readonly FileToLower[]): OutputFile[] {
  return files.map((file) => emitFile(file.lower()))
}
