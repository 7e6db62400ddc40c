// The golden fixtures in test/fixtures/valid/<case>/: a `definitions/` workspace and the
// `expected/` output folder that `botwire generate` writes for it (files and manifest).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import type { OutputFile } from '../../src/emit/emitPlan.js'
import { type GeneratedWorkspace, generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { manifestFile } from '../../src/write/manifest.js'

export const repoRoot = join(import.meta.dirname, '..', '..')
export const validRoot = join(repoRoot, 'test', 'fixtures', 'valid')

/**
 * What `@botwire/runtime` resolves to when the tests compile generated code: the package's
 * declarations in dist/ (which the global setup builds before any test), as in a user's
 * project. The runtime's sources are type-checked once, by `npm run typecheck`; checked
 * again by each program that compiles generated code, they were three of its five seconds.
 */
export const runtimeEntry = join(repoRoot, 'packages', 'runtime', 'dist', 'runtime', 'index.d.ts')

/** The compiler settings generated code compiles under (docs/generated-code.md#generated-code), with `@botwire/runtime` resolved to the package's declarations. */
export const GENERATED_CODE_OPTIONS = {
  target: 'ES2022',
  lib: ['ES2023'],
  module: 'nodenext',
  moduleResolution: 'nodenext',
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  noEmit: true,
  types: [],
  paths: { '@botwire/runtime': [runtimeEntry] },
}

export const validCases: string[] = readdirSync(validRoot)
  .filter((name) => statSync(join(validRoot, name), { throwIfNoEntry: false })?.isDirectory() === true)
  .filter((name) => statSync(join(validRoot, name, 'definitions'), { throwIfNoEntry: false })?.isDirectory() === true)
  .sort()

export function definitionsDirOf(name: string): string {
  return join(validRoot, name, 'definitions')
}

export function expectedDirOf(name: string): string {
  return join(validRoot, name, 'expected')
}

/** Generates a case exactly as `botwire generate` would (built-ins on), into no folder. */
export function generateCase(definitionsDir: string): GeneratedWorkspace & { output: OutputFile[] } {
  const outDir = mkdtempSync(join(tmpdir(), 'botwire-golden-'))
  try {
    const generated = generateWorkspace({ definitionsDir, builtins: true, outDir, cwd: definitionsDir })
    const output = generated.files.length > 0 ? [...generated.files, manifestFile(generated.files)] : []
    return { ...generated, output }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/** Every file below a folder, as '/'-separated relative paths, sorted. */
export function listFiles(dir: string): string[] {
  const found: string[] = []
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name)
      if (entry.isDirectory()) walk(path)
      else found.push(relative(dir, path).split(sep).join('/'))
    }
  }
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory()) walk(dir)
  return found.sort()
}

/**
 * The standard messages module, which every case generates alike (it is made from
 * schemas/messages.schema.json, not from the case's definitions): one golden for all
 * cases, not a copy in each `expected/`.
 */
export const messagesModule = 'messages.ts'
export const messagesGolden = join(validRoot, messagesModule)

/** The files a case's `expected/` folder holds (the messages module is not one of them). */
export function expectedFolderFiles(name: string): string[] {
  return listFiles(expectedDirOf(name))
}

/** The golden output of a case: path -> text, with the one messages golden as its `messages.ts`, sorted by path. */
export function readExpected(name: string): Map<string, string> {
  const dir = expectedDirOf(name)
  const files = new Map(expectedFolderFiles(name).map((path) => [path, readFileSync(join(dir, path), 'utf8')]))
  if (!files.has(messagesModule) && existsSync(messagesGolden)) files.set(messagesModule, readFileSync(messagesGolden, 'utf8'))
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
