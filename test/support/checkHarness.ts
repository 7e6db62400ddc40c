// One harness for the tests of the checks, as graphql-js's validation rules share one
// (src/validation/__tests__/harness.ts): a workspace of files is written to a fresh folder
// and checked as `botwire check` checks it, and every test reads its diagnostics in one
// shape, `Reported`. An assertion made through `expectDiagnostics` that fails prints the
// diagnostics as a baseline (test/support/renderForFixture.ts): each one under the source
// line it points at, with a caret, so a failure says what was reported where.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Diagnostic, DiagnosticData } from '../../src/diagnostics/diagnostic.js'
import { toRecord } from '../../src/diagnostics/record.js'
import { type CheckedWorkspace, checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { writeFiles } from './cli.js'
import { invalidFixtureOptions } from './invalidFixtures.js'
import { renderBaseline } from './renderForFixture.js'

/** A diagnostic as the user sees it. Lines and columns are 1-based; `related` is each related place as `file:line:col message`. */
export interface Reported {
  code: string
  file: string | null
  line: number | null
  column: number | null
  message: string
  /** the JSON pointer into the definition, null outside one */
  path: string | null
  related: string[]
  /** the "did you mean", where the message has one */
  suggestion: string | undefined
  /** the names and values the message is about, where it carries them */
  data: DiagnosticData | undefined
}

export interface WorkspaceOptions {
  /** the package's built-in interfaces: left out unless asked for, so a test's workspace holds all it checks */
  builtins?: boolean
}

// one folder per process for every workspace the harness writes, removed as the process ends
let root: string | undefined
let count = 0

function newFolder(): string {
  if (root === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'botwire-check-harness-'))
    process.once('exit', () => rmSync(made, { recursive: true, force: true }))
    root = made
  }
  const dir = join(root, String(count++))
  mkdirSync(dir)
  return dir
}

/** Checks a workspace of these files (path -> text) in a fresh folder; paths are shown relative to it. */
export function checkFiles(files: Readonly<Record<string, string>>, options: WorkspaceOptions = {}): CheckedWorkspace {
  const dir = newFolder()
  writeFiles(dir, { ...files })
  return checkWorkspace({ definitionsDir: dir, builtins: options.builtins ?? false, cwd: dir })
}

/** Checks an invalid fixture (test/fixtures/invalid/<name>) as its test does. */
export function checkFixture(name: string): CheckedWorkspace {
  return checkWorkspace(invalidFixtureOptions(name))
}

export function reported(diagnostics: readonly Diagnostic[]): Reported[] {
  return diagnostics.map((d) => {
    const r = toRecord(d)
    return {
      code: r.code,
      file: r.file,
      line: r.line,
      column: r.column,
      message: r.message,
      path: r.path,
      related: r.related.map((x) => `${x.file}:${x.line}:${x.column} ${x.message}`),
      suggestion: d.suggestion,
      data: d.data,
    }
  })
}

/** The diagnostics of a workspace of these files, as `Reported`. */
export function diagnosticsOf(files: Readonly<Record<string, string>>, options: WorkspaceOptions = {}): Reported[] {
  return reported(checkFiles(files, options).diagnostics)
}

/**
 * `expect` on these diagnostics as `Reported`, with their baseline as the assertion's
 * message: `expectReported(ds).toMatchObject([{ code: 'BW4016', path: '/...' }])`.
 */
export function expectReported(diagnostics: readonly Diagnostic[]) {
  const baseline = renderBaseline(diagnostics)
  return expect(reported(diagnostics), baseline === '' ? 'no diagnostics' : `the diagnostics:\n${baseline}`)
}

/** `expect` on the diagnostics of a workspace of these files (see `expectReported`). */
export function expectDiagnostics(files: Readonly<Record<string, string>>, options: WorkspaceOptions = {}) {
  return expectReported(checkFiles(files, options).diagnostics)
}

/** The workspace of these files checks without any diagnostic. */
export function expectValid(files: Readonly<Record<string, string>>, options: WorkspaceOptions = {}): void {
  expectDiagnostics(files, options).toEqual([])
}
