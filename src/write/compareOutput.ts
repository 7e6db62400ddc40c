// `generate --check`: what writing would change, without writing. Any difference
// (a missing file, a hand edit, a file that would be removed) is reported.

import { dirname, join, relative, sep } from 'node:path'
import type { OutputFile } from '../emit/emitPlan.js'
import { readRegularFile } from '../load/regularFile.js'
import { whyNotRemovable } from './generatedFiles.js'
import { manifestFile, ownedPaths, readManifest } from './manifest.js'
import { hasStaleLock, LOCK_NAME } from './outputLock.js'
import { outputPath } from './outputPaths.js'
import { temporaryFilesIn } from './temporaryFiles.js'

export interface OutputDifferences {
  missing: string[]
  stale: string[]
  removed: string[]
  /** temporary files an interrupted run left, which the next run removes */
  leftover: string[]
  /** for each stale file: what the folder holds and what the definitions generate */
  staleTexts: Map<string, { current: string; expected: string }>
}

export function compareOutput(outDir: string, files: readonly OutputFile[]): OutputDifferences {
  const differences: OutputDifferences = { missing: [], stale: [], removed: [], leftover: [], staleTexts: new Map() }
  const previous = readManifest(outDir)
  for (const file of [...files, manifestFile(files, previous.scaffolded)]) {
    const target = outputPath(outDir, file.path)
    let current: string | null = null
    try {
      current = target ? readRegularFile(target).toString('utf8') : null
    } catch {
      current = null
    }
    if (current === null) differences.missing.push(file.path)
    else if (current !== file.text) {
      differences.stale.push(file.path)
      differences.staleTexts.set(file.path, { current, expected: file.text })
    }
  }
  const produced = new Set(files.map((f) => f.path))
  // as `generate` does: an entry leading outside the folder, or naming a file botwire did
  // not write (a tampered manifest), is never removed, so it is no difference; the manifest
  // itself then shows as stale
  const listed = ownedPaths(previous)
  differences.removed = listed.filter((path) => {
    const target = produced.has(path) ? null : outputPath(outDir, path)
    return target !== null && whyNotRemovable(path, target) === null
  })
  // the folders a run writes temporary files in: those of its files, old and new
  const folders = new Set([outDir, ...[...produced, ...listed].flatMap((path) => outputPath(outDir, path) ?? []).map((target) => dirname(target))])
  for (const folder of [...folders].sort()) {
    for (const name of temporaryFilesIn(folder)) differences.leftover.push(relative(outDir, join(folder, name)).split(sep).join('/'))
  }
  // a lock a killed run left (the next run takes it over and removes it)
  if (hasStaleLock(outDir)) differences.leftover.push(LOCK_NAME)
  return differences
}

export function hasDifferences(differences: OutputDifferences): boolean {
  return differences.missing.length + differences.stale.length + differences.removed.length + differences.leftover.length > 0
}
