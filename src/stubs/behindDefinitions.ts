// The hint after `generate`: which implementation files the manifest records are behind
// their definitions. Read from the record alone (the handlers a file was given when it
// was last scaffolded or updated), so `generate` neither reads those files nor loads
// ts-morph; a handler added by hand shows until `scaffold --update` records it.
import type { Model } from '../resolve/model.js'
import type { ScaffoldRecord } from '../write/manifest.js'
import { newestDefinition } from './implementationFile.js'
import { stubPlan } from './stubPlan.js'
import { plannedDeliveries } from './updateDeliveries.js'

export interface BehindFile {
  record: ScaffoldRecord
  /** actions the definition has and the file was not given */
  lacks: number
  /** delivery handlers of the integration's channels the file was not given (known for records that list them) */
  lacksDeliveries: number
  /** interface actions whose final name changed */
  renamed: number
  /** handlers the definition no longer has */
  leftOver: number
  /** the definition is gone from the workspace */
  gone: boolean
}

export function behindDefinitions(model: Model, records: readonly ScaffoldRecord[]): BehindFile[] {
  const behind: BehindFile[] = []
  for (const record of records) {
    const definition = newestDefinition(model, record.kind, record.name)
    if (definition === undefined) {
      behind.push({ record, lacks: 0, lacksDeliveries: 0, renamed: 0, leftOver: 0, gone: true })
      continue
    }
    const plan = stubPlan(definition, model)
    const had = new Set(record.actions.map((a) => a.name))
    const oldNameOf = new Map(record.actions.flatMap((a) => (a.implements === undefined ? [] : [[a.implements, a.name] as const])))
    let lacks = 0
    let renamed = 0
    const kept = new Set<string>()
    for (const action of plan.actions) {
      if (had.has(action.name)) kept.add(action.name)
      else {
        const old = action.implements === null ? undefined : oldNameOf.get(action.implements)
        if (old !== undefined && had.has(old)) {
          renamed++
          kept.add(old)
        } else lacks++
      }
    }
    const leftOver = record.actions.filter((a) => !kept.has(a.name)).length
    // a record from before deliveries were recorded says nothing of them: scaffold --update reads the file itself
    const given = new Set(record.deliveries ?? plannedDeliveries(plan))
    const lacksDeliveries = plannedDeliveries(plan).filter((d) => !given.has(d)).length
    if (lacks + lacksDeliveries + renamed + leftOver > 0) behind.push({ record, lacks, lacksDeliveries, renamed, leftOver, gone: false })
  }
  return behind
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/** `lacks 1 action, has 1 to rename`: what a file is behind by, in words. */
export function describeBehind(file: BehindFile): string {
  const { kind, name } = file.record
  if (file.gone) return `implements ${kind} '${name}', which the definitions no longer have`
  return [
    file.lacks > 0 ? `lacks ${count(file.lacks, 'action', 'actions')}` : '',
    file.lacksDeliveries > 0 ? `lacks ${count(file.lacksDeliveries, 'delivery handler', 'delivery handlers')}` : '',
    file.renamed > 0 ? `has ${count(file.renamed, 'handler', 'handlers')} to rename` : '',
    file.leftOver > 0 ? `has ${count(file.leftOver, 'handler', 'handlers')} ${kind} '${name}' no longer has` : '',
  ]
    .filter((part) => part !== '')
    .join(', ')
}
