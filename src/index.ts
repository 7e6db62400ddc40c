// The programmatic API: the same operations as the command line, returning
// diagnostics (and files) instead of printing.
import { resolve } from 'node:path'
import { hasErrors } from './diagnostics/diagnostic.js'
import { type DiagnosticRecord, toRecord } from './diagnostics/record.js'
import type { OutputFile } from './emit/emitPlan.js'
import { WorkspaceUsageError } from './load/loadWorkspace.js'
import { assertKnownOptions } from './pipeline/apiOptions.js'
import { checkWorkspace } from './pipeline/checkWorkspace.js'
import { generateWorkspace } from './pipeline/generateWorkspace.js'
import { type WriteSummary, writeFailure, writeOutput } from './write/writeOutput.js'

export { catalog, type DiagnosticCode } from './diagnostics/catalog.js'
export type { DiagnosticRecord, LocationRecord, RelatedRecord } from './diagnostics/record.js'
export { type DefinitionDiff, type DiffChange, type DiffOptions, type DiffResult, DiffUsageError, diff } from './diff/index.js'
export type { OutputFile } from './emit/emitPlan.js'
export type { WriteSummary } from './write/writeOutput.js'
export { WorkspaceUsageError }

export interface CheckOptions {
  /** the definitions folder; default `definitions` (relative to the working directory) */
  definitions?: string
  /** load the built-in interfaces (default true) */
  builtins?: boolean
  /** reuse the YAML parsed by the previous run, kept in node_modules/.cache/botwire (default false) */
  cache?: boolean
}

export interface CheckResult {
  ok: boolean
  diagnostics: DiagnosticRecord[]
}

/** Runs every check; reads definitions, writes nothing. */
const CHECK_OPTIONS: Record<keyof CheckOptions, 'string' | 'boolean'> = { definitions: 'string', builtins: 'boolean', cache: 'boolean' }
const GENERATE_OPTIONS: Record<keyof GenerateOptions, 'string' | 'boolean'> = { ...CHECK_OPTIONS, out: 'string', write: 'boolean' }

export function check(options: CheckOptions = {}): CheckResult {
  assertKnownOptions('check', options, CHECK_OPTIONS, WorkspaceUsageError)
  const checked = checkWorkspace({
    definitionsDir: resolve(options.definitions ?? 'definitions'),
    builtins: options.builtins ?? true,
    cache: options.cache ?? false,
  })
  return { ok: !hasErrors(checked.diagnostics), diagnostics: checked.diagnostics.map(toRecord) }
}

export interface GenerateOptions extends CheckOptions {
  /** the output folder; default `generated` */
  out?: string
  /** write the files (default true); false only computes them */
  write?: boolean
}

export interface GenerateResult {
  ok: boolean
  diagnostics: DiagnosticRecord[]
  /** the generated files (paths relative to the output folder); empty when there is an error */
  files: OutputFile[]
  /** what writing did; null when nothing was written */
  written: WriteSummary | null
}

/** Checks, then generates; writes only when there is no error and `write` is not false. */
export function generate(options: GenerateOptions = {}): GenerateResult {
  assertKnownOptions('generate', options, GENERATE_OPTIONS, WorkspaceUsageError)
  const generated = generateWorkspace({
    definitionsDir: resolve(options.definitions ?? 'definitions'),
    builtins: options.builtins ?? true,
    cache: options.cache ?? false,
    outDir: resolve(options.out ?? 'generated'),
  })
  if (hasErrors(generated.diagnostics) || options.write === false) {
    return { ok: !hasErrors(generated.diagnostics), diagnostics: generated.diagnostics.map(toRecord), files: generated.files, written: null }
  }
  try {
    const written = writeOutput(generated.outDir, generated.files)
    return { ok: true, diagnostics: generated.diagnostics.map(toRecord), files: generated.files, written }
  } catch (error) {
    return { ok: false, diagnostics: [...generated.diagnostics, writeFailure(generated.outDir, error)].map(toRecord), files: generated.files, written: null }
  }
}
