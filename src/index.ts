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
import { STUB_KINDS, type StubKind } from './stubs/stubPlan.js'
import { ImplementationUsageError, updateImplementationFile } from './stubs/updateImplementation.js'
import { leftAloneWarning, type WriteSummary, writeFailure, writeOutput } from './write/writeOutput.js'

export { catalog, type DiagnosticCode } from './diagnostics/catalog.js'
export type { DiagnosticRecord, LocationRecord, RelatedRecord } from './diagnostics/record.js'
export { type DefinitionDiff, type DiffChange, type DiffOptions, type DiffResult, DiffUsageError, diff } from './diff/index.js'
export type { OutputFile } from './emit/emitPlan.js'
export type { Change as ImplementationChange, Leftover as ImplementationLeftover } from './stubs/planUpdate.js'
export type { WriteSummary } from './write/writeOutput.js'
export { ImplementationUsageError, WorkspaceUsageError }

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
    // manifest entries left alone (BW5009) are warnings beside the definitions' diagnostics, as the CLI prints them
    const leftAlone = written.leftAlone.map((entry) => leftAloneWarning(generated.outDir, entry))
    return { ok: true, diagnostics: [...generated.diagnostics, ...leftAlone].map(toRecord), files: generated.files, written }
  } catch (error) {
    return { ok: false, diagnostics: [...generated.diagnostics, writeFailure(generated.outDir, error)].map(toRecord), files: generated.files, written: null }
  }
}

export interface UpdateImplementationOptions extends CheckOptions {
  /** the generated code, whose manifest records scaffolded files; default `generated` */
  generated?: string
  /** write the file and its record (default true); false only computes the update */
  write?: boolean
  /** comment out handlers the definition no longer has (default false: they are reported) */
  prune?: boolean
}

export interface UpdateImplementationResult {
  ok: boolean
  diagnostics: DiagnosticRecord[]
  /** the file's text after the update (empty when the definitions have errors) */
  text: string
  changed: boolean
  /** what the update adds, renames and (with prune) comments out, with lines in `text` */
  changes: { kind: 'added' | 'renamed' | 'pruned'; name: string; from?: string; line: number }[]
  /** handlers the definition no longer has, left in place */
  leftovers: { name: string; line: number; pairedWith: string | null }[]
  written: boolean
}

const UPDATE_OPTIONS: Record<keyof UpdateImplementationOptions, 'string' | 'boolean'> = {
  ...CHECK_OPTIONS,
  generated: 'string',
  write: 'boolean',
  prune: 'boolean',
}

/**
 * `botwire scaffold --update` for one implementation file: brings `file` in step with the
 * newest version of `definition` (docs/cli.md#scaffold---update). Throws
 * ImplementationUsageError for a file that is not an implementation of it.
 */
export async function updateImplementation(
  file: string,
  definition: { kind: StubKind; name: string },
  options: UpdateImplementationOptions = {},
): Promise<UpdateImplementationResult> {
  assertKnownOptions('updateImplementation', options, UPDATE_OPTIONS, ImplementationUsageError)
  if (!STUB_KINDS.includes(definition.kind))
    throw new ImplementationUsageError(`updateImplementation() takes a bot, integration or plugin, not '${String(definition.kind)}'`)
  const update = await updateImplementationFile({
    file,
    kind: definition.kind,
    name: definition.name,
    definitionsDir: resolve(options.definitions ?? 'definitions'),
    builtins: options.builtins ?? true,
    cache: options.cache ?? false,
    generatedDir: resolve(options.generated ?? 'generated'),
    write: options.write ?? true,
    prune: options.prune ?? false,
  })
  const changes = update.changes.map((c) =>
    c.kind === 'added'
      ? { kind: c.kind, name: c.action, line: c.line }
      : c.kind === 'renamed'
        ? { kind: c.kind, name: c.to, from: c.from, line: c.line }
        : { kind: c.kind, name: c.name, line: c.line },
  )
  return {
    ok: !hasErrors(update.diagnostics),
    diagnostics: update.diagnostics.map(toRecord),
    text: update.text,
    changed: update.changed,
    changes,
    leftovers: update.leftovers,
    written: update.written,
  }
}
