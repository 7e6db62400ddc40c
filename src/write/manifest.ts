// The manifest: the list of files the last run produced, kept in the output folder and
// committed with it. It is how botwire knows which files are its own to replace or
// remove; anything not listed is never touched. Deterministic: sorted, no timestamps.
// It also records the implementation files `botwire scaffold` wrote or updated
// (`scaffolded`), which `generate` carries over as they are: the hint after `generate`
// and `scaffold --update` read them (docs/cli.md#scaffold---update).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OutputFile } from '../emit/emitPlan.js'

export const MANIFEST_NAME = 'botwire-manifest.json'

export interface Manifest {
  generator: 'botwire'
  files: { path: string; sha256: string }[]
  scaffolded?: ScaffoldRecord[]
}

/** An implementation file as the last `scaffold` (or `scaffold --update`) left it. */
export interface ScaffoldRecord {
  /** the file, relative to the output folder, with `/` separators: `../src/zendesk.ts` */
  path: string
  kind: 'bot' | 'integration' | 'plugin'
  name: string
  version: string
  /** the handlers it was given, in order; `implements` (`alias.member`) for an interface action */
  actions: { name: string; implements?: string }[]
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0
}

export function manifestFile(files: readonly OutputFile[], scaffolded: readonly ScaffoldRecord[] = []): OutputFile {
  const manifest: Manifest = {
    generator: 'botwire',
    files: [...files].sort(byPath).map((f) => ({ path: f.path, sha256: sha256(f.text) })),
    ...(scaffolded.length > 0 ? { scaffolded: [...scaffolded].sort(byPath) } : {}),
  }
  return { path: MANIFEST_NAME, text: `${JSON.stringify(manifest, null, 2)}\n` }
}

function isScaffoldRecord(value: unknown): value is ScaffoldRecord {
  const r = value as Partial<ScaffoldRecord> | null
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.path === 'string' &&
    (r.kind === 'bot' || r.kind === 'integration' || r.kind === 'plugin') &&
    typeof r.name === 'string' &&
    typeof r.version === 'string' &&
    Array.isArray(r.actions) &&
    r.actions.every((a) => typeof a?.name === 'string' && (a.implements === undefined || typeof a.implements === 'string'))
  )
}

/** The implementation files the manifest records (malformed entries are left out); none without a manifest. */
export function readScaffolded(outDir: string): ScaffoldRecord[] {
  try {
    const parsed = JSON.parse(readFileSync(join(outDir, MANIFEST_NAME), 'utf8')) as Partial<Manifest>
    return parsed.generator === 'botwire' && Array.isArray(parsed.scaffolded) ? parsed.scaffolded.filter(isScaffoldRecord) : []
  } catch {
    return []
  }
}

/** The manifest with one implementation file's record put in (replacing the one of the same path); files as they are. */
export function manifestWithRecord(outDir: string, record: ScaffoldRecord): OutputFile | null {
  let parsed: Partial<Manifest>
  try {
    parsed = JSON.parse(readFileSync(join(outDir, MANIFEST_NAME), 'utf8')) as Partial<Manifest>
  } catch {
    return null
  }
  if (parsed.generator !== 'botwire' || !Array.isArray(parsed.files)) return null
  const scaffolded = [...readScaffolded(outDir).filter((r) => r.path !== record.path), record].sort(byPath)
  const manifest: Manifest = { generator: 'botwire', files: parsed.files, scaffolded }
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
