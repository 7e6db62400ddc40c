// The manifest: the list of files the last run produced, kept in the output folder and
// committed with it. It is how botwire knows which files are its own to replace or
// remove; anything not listed is never touched. Deterministic: sorted, no timestamps.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OutputFile } from '../emit/emitPlan.js'

export const MANIFEST_NAME = 'botwire-manifest.json'

export interface Manifest {
  generator: 'botwire'
  files: { path: string; sha256: string }[]
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export function manifestFile(files: readonly OutputFile[]): OutputFile {
  const manifest: Manifest = {
    generator: 'botwire',
    files: [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).map((f) => ({ path: f.path, sha256: sha256(f.text) })),
  }
  return { path: MANIFEST_NAME, text: `${JSON.stringify(manifest, null, 2)}\n` }
}

/** The paths the previous run listed; none when there is no (readable) manifest. */
export function readManifestPaths(outDir: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(join(outDir, MANIFEST_NAME), 'utf8')) as Partial<Manifest>
    if (parsed.generator !== 'botwire' || !Array.isArray(parsed.files)) return []
    return parsed.files.map((f) => f.path).filter((p): p is string => typeof p === 'string')
  } catch {
    return []
  }
}
