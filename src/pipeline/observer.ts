// The passes of a run by name, and the hooks a caller (the benchmark, a later incremental
// engine) may set on them without restating the sequence.
import type { Check } from '../check/registry.js'
import type { ParsedFile } from '../load/parseSourceFile.js'

export const PASSES = ['load', 'shape', 'sanity', 'resolve', 'checks'] as const
export type PassName = (typeof PASSES)[number]

export interface PipelineObserver {
  /** runs a pass, or one file's share of it (shape and sanity run file by file) */
  pass<T>(name: PassName, run: () => T): T
  /** runs one check's share of the `checks` pass */
  check?(check: Check, run: () => void): void
  /** called once the files are loaded, before they are validated */
  loaded?(files: readonly ParsedFile[]): void
}

/** Runs every pass as it is. */
export const UNOBSERVED: PipelineObserver = { pass: (_name, run) => run() }
