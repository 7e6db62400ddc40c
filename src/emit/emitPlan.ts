// The whole plan as output files.
import type { EmitPlan } from '../lower/plan.js'
import { emitFile, type OutputFile } from './emitFile.js'

export type { OutputFile } from './emitFile.js'

export function emitPlan(plan: EmitPlan): OutputFile[] {
  return plan.files.map(emitFile)
}
