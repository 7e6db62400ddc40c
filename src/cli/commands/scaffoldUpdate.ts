// `botwire scaffold --update`: brings implementation files in step with their definitions
// (every file the manifest records, or the one named), prints what changed, and with
// --check or --dry-run writes nothing. A file that is not an implementation of its
// definition is bad usage, and then no file is written.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { displayPath } from '../../load/displayPath.js'
import type { DefinitionModel, Model } from '../../resolve/model.js'
import { computeUpdate, type FileUpdate, newestDefinition, saveUpdate } from '../../stubs/implementationFile.js'
import { readScaffolded } from '../../write/manifest.js'
import { staleDiff } from '../staleDiff.js'
import { EXIT, UsageError } from '../usage.js'

export interface ScaffoldUpdateRequest {
  model: Model
  generatedDir: string
  /** the file named on the command line; null: every file the manifest records */
  named: { definition: DefinitionModel; file: string } | null
  mode: 'write' | 'check' | 'dry-run'
  prune: boolean
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** The report of one file: a heading, then a line per change and per handler left over. */
function report(update: FileUpdate, mode: ScaffoldUpdateRequest['mode']): string[] {
  if (!update.outcome.ok) return []
  const { changes, leftovers, opaqueLines } = update.outcome
  const { kind, name, version } = update.plan
  const against = `${kind} '${name}' ${version}`
  const changed = update.outcome.text !== update.before
  const verb = !changed ? 'up to date:' : mode === 'write' ? 'updated' : 'would update'
  const counts = (['added', 'renamed', 'pruned'] as const)
    .map((k) => [k, changes.filter((c) => c.kind === k).length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
  const lines = [`${verb} ${update.label} (${against}${counts.length > 0 ? `: ${counts.join(', ')}` : ''})`]
  for (const change of changes) {
    if (change.kind === 'added') lines.push(`  + ${change.action} (line ${change.line})`)
    else if (change.kind === 'renamed') lines.push(`  ~ ${change.from} -> ${change.to} (line ${change.line}; the body is kept)`)
    else lines.push(`  # ${change.name} commented out (line ${change.line})`)
  }
  for (const leftover of leftovers) {
    const where = `${update.label}:${leftover.line}`
    lines.push(`  ! ${where}: ${against} has no ${kind === 'bot' ? leftover.name : `action '${leftover.name}'`}; left in place (--prune comments it out)`)
    if (leftover.pairedWith !== null)
      lines.push(`    '${leftover.pairedWith}' is new: if it is '${leftover.name}' renamed, move the body into its stub and remove '${leftover.name}'`)
  }
  for (const line of opaqueLines) lines.push(`  ? ${update.label}:${line}: a member whose name cannot be read (a spread or a computed key); not checked`)
  return lines
}

export async function runScaffoldUpdate(request: ScaffoldUpdateRequest): Promise<number> {
  const { model, generatedDir, mode, prune } = request
  const targets: { definition: DefinitionModel; file: string }[] = []
  const notes: string[] = []
  if (request.named) targets.push(request.named)
  else {
    const records = readScaffolded(generatedDir)
    if (records.length === 0)
      throw new UsageError(
        `the manifest in ${displayPath(generatedDir)} records no scaffolded files; name one: botwire scaffold --update (bot|integration|plugin) NAME --out DIR`,
      )
    for (const record of records) {
      const file = resolve(generatedDir, record.path)
      const definition = newestDefinition(model, record.kind, record.name)
      if (definition) targets.push({ definition, file })
      else notes.push(`${displayPath(file)}: ${record.kind} '${record.name}' is no longer defined; left as it is`)
    }
  }
  const updates: FileUpdate[] = []
  for (const { definition, file } of targets) {
    if (!existsSync(file))
      throw new UsageError(
        `${displayPath(file)} does not exist; write it with botwire scaffold ${definition.kind} ${definition.name} --out ${displayPath(resolve(file, '..'))}`,
      )
    const update = await computeUpdate(file, displayPath(file), definition, model, generatedDir, prune)
    if (!update.outcome.ok) throw new UsageError(update.outcome.reason)
    updates.push(update)
  }
  const out: string[] = [...notes]
  let due = 0
  for (const update of updates) {
    if (!update.outcome.ok) continue
    out.push(...report(update, mode))
    if (update.outcome.text !== update.before) {
      due++
      if (mode === 'dry-run')
        out.push(`--- a/${update.label}`, `+++ b/${update.label}`, ...staleDiff(update.label, update.before, update.outcome.text, Number.POSITIVE_INFINITY))
    }
    if (mode === 'write') saveUpdate(update, generatedDir)
  }
  if (mode === 'check' && due > 0) out.push(`${plural(due, 'file')} behind the definitions: run botwire scaffold --update`)
  process.stdout.write(`${out.join('\n')}\n`)
  return mode === 'check' && due > 0 ? EXIT.definitionErrors : EXIT.ok
}
