// One implementation file and the definition it implements: its stub plan, the record
// the manifest keeps of it, and updating it on disk (atomically, then the record). Shared
// by `botwire scaffold` and the programmatic `updateImplementation`.
import { readFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import type { DefinitionModel, Model } from '../resolve/model.js'
import { compareVersions } from '../validate/versions.js'
import { manifestWithRecord, readScaffolded, type ScaffoldRecord } from '../write/manifest.js'
import { lockOutputFolder } from '../write/outputLock.js'
import { writeAtomically } from '../write/writeOutput.js'
import { planUpdate, type UpdateOutcome } from './planUpdate.js'
import { type StubKind, type StubPlan, stubPlan } from './stubPlan.js'
import { loadTsMorph } from './tsMorph.js'
import { plannedDeliveries } from './updateDeliveries.js'

/** The newest version of the definition of that kind and name, if any. */
export function newestDefinition(model: Model, kind: StubKind, name: string): DefinitionModel | undefined {
  return [...model.definitions.values()].filter((d) => d.kind === kind && d.name === name).sort((a, b) => compareVersions(b.version, a.version))[0]
}

/** A file's path in the manifest: relative to the output folder, with `/`. */
export function recordPath(generatedDir: string, file: string): string {
  return relative(generatedDir, file).split(sep).join('/')
}

export function recordOf(generatedDir: string, file: string, plan: StubPlan): ScaffoldRecord {
  const deliveries = plannedDeliveries(plan)
  return {
    path: recordPath(generatedDir, file),
    kind: plan.kind,
    name: plan.name,
    version: plan.version,
    actions: plan.actions.map((a) => (a.implements === null ? { name: a.name } : { name: a.name, implements: a.implements })),
    ...(deliveries.length > 0 && { deliveries }),
  }
}

/** Records the file in the manifest of the output folder; nothing when there is no manifest (nothing generated there). */
export function saveRecord(generatedDir: string, record: ScaffoldRecord): void {
  if (manifestWithRecord(generatedDir, record) === null) return
  // the manifest is the output folder's: written under its lock, never beside a generate
  const release = lockOutputFolder(generatedDir)
  try {
    const manifest = manifestWithRecord(generatedDir, record)
    if (manifest !== null) writeAtomically(resolve(generatedDir, manifest.path), manifest.text)
  } finally {
    release()
  }
}

export interface FileUpdate {
  file: string
  /** the file as messages name it */
  label: string
  plan: StubPlan
  before: string
  outcome: UpdateOutcome
}

/** What `scaffold --update` would make of the file; writes nothing. */
export async function computeUpdate(
  file: string,
  label: string,
  definition: DefinitionModel,
  model: Model,
  generatedDir: string,
  prune: boolean,
): Promise<FileUpdate> {
  const plan = stubPlan(definition, model)
  const before = readFileSync(file, 'utf8')
  const previous = readScaffolded(generatedDir).find((r) => r.path === recordPath(generatedDir, file))
  const record = new Map(previous?.actions.flatMap((a) => (a.implements === undefined ? [] : [[a.implements, a.name] as const])) ?? [])
  const outcome = planUpdate(await loadTsMorph(), before, label, plan, record, prune)
  return { file, label, plan, before, outcome }
}

/** Writes an update (only when it changes the file) and records the file as in step with its definition. */
export function saveUpdate(update: FileUpdate, generatedDir: string): void {
  if (!update.outcome.ok) return
  if (update.outcome.text !== update.before) writeAtomically(update.file, update.outcome.text)
  saveRecord(generatedDir, recordOf(generatedDir, update.file, update.plan))
}
