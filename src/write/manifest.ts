// The manifest: the list of files the last run produced, kept in the output folder and
// committed with it. It is how botwire knows which files are its own to replace or
// remove; anything not listed is never touched. Deterministic: sorted, no timestamps.
//
// While a run writes, the manifest also lists as `pending` the files it is about to write
// or remove: they may or may not be there. A run that is stopped half-way leaves them
// listed, so the next run knows them as its own and removes the ones it no longer
// produces. `files` only ever lists files that are there (docs/cli.md#interrupted-runs).
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { OutputFile } from '../emit/emitPlan.js'
import { readRegularFile } from '../load/regularFile.js'

export const MANIFEST_NAME = 'botwire-manifest.json'

export interface Manifest {
  generator: 'botwire'
  files: { path: string; sha256: string }[]
  /** only while a run writes: files it may have written or removed */
  pending?: string[]
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
  /** an integration's delivery handlers it was given (`channels.<channel>.messages.<type>`); absent in records written before they were recorded */
  deliveries?: string[]
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

function manifestText(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`
}

const scaffoldedPart = (scaffolded: readonly ScaffoldRecord[]): Pick<Manifest, 'scaffolded'> =>
  scaffolded.length > 0 ? { scaffolded: [...scaffolded].sort((a, b) => byPath(a.path, b.path)) } : {}

/** The entries of the manifest a finished run leaves: every file it produced, nothing pending, the scaffolded files' records as they were. */
export function finalManifestEntries(
  files: readonly OutputFile[],
  scaffolded: readonly ScaffoldRecord[] = [],
  hash: (file: OutputFile) => string = (file) => sha256(file.text),
): ManifestEntries {
  const listed = [...files].sort((a, b) => byPath(a.path, b.path)).map((f) => ({ path: f.path, sha256: hash(f) }))
  return { files: listed, pending: [], scaffolded: [...scaffolded].sort((a, b) => byPath(a.path, b.path)) }
}

/** The manifest file of finished entries (no `pending`). */
export function finalManifestFile({ files, scaffolded }: ManifestEntries): OutputFile {
  return { path: MANIFEST_NAME, text: manifestText({ generator: 'botwire', files, ...scaffoldedPart(scaffolded) }) }
}

/** The manifest a finished run leaves: every file it produced, nothing pending, the scaffolded files' records as they were. */
export function manifestFile(
  files: readonly OutputFile[],
  scaffolded: readonly ScaffoldRecord[] = [],
  hash: (file: OutputFile) => string = (file) => sha256(file.text),
): OutputFile {
  return finalManifestFile(finalManifestEntries(files, scaffolded, hash))
}

/** The manifest a run writes before it touches a file: what is there and stays, and what it may write or remove. */
export function interimManifestText(
  kept: readonly { path: string; sha256: string }[],
  pending: Iterable<string>,
  scaffolded: readonly ScaffoldRecord[] = [],
): string {
  return manifestText({
    generator: 'botwire',
    files: [...kept].sort((a, b) => byPath(a.path, b.path)),
    pending: [...new Set(pending)].sort(byPath),
    ...scaffoldedPart(scaffolded),
  })
}

/** The manifest's path holds what is not a regular file (a named pipe...): the run writes nothing (BW5010). */
export class ManifestNotRegularError extends Error {
  constructor(
    readonly path: string,
    /** "a named pipe, not a regular file" */
    readonly reason: string,
  ) {
    super(`${path} is ${reason}`)
  }
}

export interface ManifestEntries {
  files: { path: string; sha256: string }[]
  pending: string[]
  scaffolded: ScaffoldRecord[]
}

/** The output folder's manifest as written, or null when there is none botwire wrote (or it cannot be read). */
function parseManifest(outDir: string): (Partial<Manifest> & { files: unknown[] }) | null {
  try {
    const parsed = JSON.parse(readRegularFile(join(outDir, MANIFEST_NAME)).toString('utf8')) as Partial<Manifest> | null
    return parsed?.generator === 'botwire' && Array.isArray(parsed.files) ? (parsed as Partial<Manifest> & { files: unknown[] }) : null
  } catch {
    return null
  }
}

/** What the previous run listed (malformed entries left out); nothing when there is no (readable) manifest. */
export function readManifest(outDir: string): ManifestEntries {
  const parsed = parseManifest(outDir)
  if (parsed === null) return { files: [], pending: [], scaffolded: [] }
  const files = parsed.files.filter(
    (f): f is { path: string; sha256: string } =>
      typeof f === 'object' && f !== null && typeof (f as { path?: unknown }).path === 'string' && typeof (f as { sha256?: unknown }).sha256 === 'string',
  )
  const pending = Array.isArray(parsed.pending) ? parsed.pending.filter((p): p is string => typeof p === 'string') : []
  const scaffolded = Array.isArray(parsed.scaffolded) ? parsed.scaffolded.filter(isScaffoldRecord) : []
  return { files, pending, scaffolded }
}

/** Every path the previous run called its own: its files, and those it left pending. */
export function ownedPaths({ files, pending }: ManifestEntries): string[] {
  return [...new Set([...files.map((f) => f.path), ...pending])]
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
    r.actions.every((a) => typeof a?.name === 'string' && (a.implements === undefined || typeof a.implements === 'string')) &&
    (r.deliveries === undefined || (Array.isArray(r.deliveries) && r.deliveries.every((d) => typeof d === 'string')))
  )
}

/** The implementation files the manifest records (malformed entries are left out); none without a manifest. */
export function readScaffolded(outDir: string): ScaffoldRecord[] {
  return readManifest(outDir).scaffolded
}

/** The manifest with one implementation file's record put in (replacing the one of the same path); files as they are. */
export function manifestWithRecord(outDir: string, record: ScaffoldRecord): OutputFile | null {
  const parsed = parseManifest(outDir)
  if (parsed === null) return null
  const scaffolded = [...(Array.isArray(parsed.scaffolded) ? parsed.scaffolded.filter(isScaffoldRecord) : []).filter((r) => r.path !== record.path), record]
  const manifest = {
    generator: 'botwire',
    files: parsed.files,
    ...(parsed.pending ? { pending: parsed.pending } : {}),
    ...scaffoldedPart(scaffolded),
  }
  return { path: MANIFEST_NAME, text: manifestText(manifest as Manifest) }
}
