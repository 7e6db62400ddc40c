// The public shapes of `botwire diff` (docs/versioning.md): what `diff()` returns and what
// `--format json` prints. Plain JSON data: no source files, no ranges.
import type { DiagnosticRecord } from '../diagnostics/record.js'
import type { DefinitionKind } from '../resolve/model.js'
import type { ChangeLevel, DeclaredBump, Level, Side } from '../versioning/types.js'

export type { ChangeLevel, DeclaredBump, Level, Side }

export interface DiffChange {
  level: ChangeLevel
  /** what changed and why it needs that level */
  message: string
  /** JSON pointer into `file` (the new file, or the old one for what was removed) */
  path: string
  side: Side
  file: string
  /** 1-based */
  line: number
  /** 1-based */
  column: number
  /** the extension checker could not decide, and the change was given the level that is safe */
  undecidable?: true
}

export interface DefinitionVersion {
  version: string
  file: string
  /** which side the definition was found on (the compared version may come from the new side) */
  side: Side
}

export interface DefinitionDiff {
  kind: DefinitionKind
  name: string
  /**
   * `changed`/`unchanged`: a version of the new side compared with an earlier one;
   * `added`: no earlier version on either side; `removed`: a version of the old side that
   * no version of the new side was compared with (reported, never a failure).
   */
  status: 'changed' | 'unchanged' | 'added' | 'removed'
  /** the version compared with (null when added) */
  old: DefinitionVersion | null
  /** the version checked (null when removed) */
  new: DefinitionVersion | null
  changes: DiffChange[]
  /** the highest level of the changes */
  level: Level
  /**
   * The version bump the changes need, in the version's own numbering: the same as
   * `level` from 1.0.0 on; below 1.0.0 a breaking change needs a minor bump and an
   * addition or fix a patch bump (SemVer's 0.x convention).
   */
  required: Level
  /** the bump the versions show (null when there is nothing to compare: added, removed, unversioned bot) */
  declared: DeclaredBump | null
  /** false where the version was not bumped enough, went down, or stayed while the content changed */
  ok: boolean
  /** why `ok` is false */
  problem?: string
  /** remarks: which version was compared with, the 0.x rule, unenforced bots */
  notes: string[]
}

export interface DiffOptions {
  /** the old definitions: a definition file or a folder of them */
  old?: string
  /** the new definitions: a definition file or a folder of them */
  new?: string
  /** compare `definitions` with the same folder at this git revision (instead of old/new) */
  against?: string
  /** the definitions folder for `against` (default `definitions`) */
  definitions?: string
  /** resolve plugin entity references against the built-in interfaces too (default true) */
  builtins?: boolean
  /** the working directory paths are relative to and shown from (default process.cwd()) */
  cwd?: string
}

export interface DiffResult {
  /** true when every definition's version change covers its changes and every file loaded */
  ok: boolean
  definitions: DefinitionDiff[]
  /** problems that kept files from being compared (syntax, shape, duplicates) */
  diagnostics: DiagnosticRecord[]
}
