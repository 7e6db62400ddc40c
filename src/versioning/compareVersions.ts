// Two versions of one definition compared: every change, weightiest first, the level they
// add up to, and the bump that level requires from the lower version (below 1.0.0 the
// minor number is the breaking one). `botwire diff` and the check of a workspace's own
// versions read the same answer.
import type { Model } from '../resolve/model.js'
import type { RawChange } from './changes.js'
import { compareDefinition } from './compareDefinition.js'
import { maxLevel, rank, requiredBump } from './levels.js'
import type { SideDefinition } from './sideDefinition.js'
import type { Level } from './types.js'

export interface VersionComparison {
  /** weightiest first; at one level, the new side's before the old side's, then by place */
  changes: RawChange[]
  level: Level
  required: Level
}

function sortChanges(changes: RawChange[]): RawChange[] {
  return [...changes].sort((a, b) => {
    const byLevel = rank(b.level) - rank(a.level)
    if (byLevel !== 0) return byLevel
    if (a.side !== b.side) return a.side === 'new' ? -1 : 1
    return a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0
  })
}

export function compareDefinitionVersions(base: SideDefinition, def: SideDefinition, baseModel: Model, defModel: Model): VersionComparison {
  const changes = sortChanges(compareDefinition(base, def, baseModel, defModel).items)
  const level = maxLevel(changes.map((c) => c.level))
  return { changes, level, required: requiredBump(level, base.version) }
}
