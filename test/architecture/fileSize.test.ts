// No hand-written file is over 400 lines (STYLE.md: small files with one job; a file that
// grows past that is split along its seams, as the checks are one rule per file). The
// exempt files are those nobody writes by hand: generated code (`npm run compile:schemas`
// and `compile:types` write it, and its header says so) and the test fixtures and goldens,
// whose size is the size of what they show.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../pipeline/validFixtures.js'

const MAX_LINES = 400

/** Folders whose sources are written by hand. */
const ROOTS = ['src', 'test', 'bench', 'scripts']
const SOURCE = /\.(ts|mts|cts|mjs|cjs|js)$/

/** Why a file is not held to the limit, by the pattern of its path (relative, with `/`). */
const EXEMPT: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\.generated\.ts$/, why: 'types generated from the meta-schemas (npm run compile:types)' },
  { pattern: /^src\/validate\/compiled\//, why: "ajv's standalone validators, generated (npm run compile:schemas)" },
  { pattern: /^test\/fixtures\//, why: 'fixtures and goldens: input definitions and the code generated from them' },
]

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(path)
    return SOURCE.test(entry.name) ? [path] : []
  })
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** The files over the limit among `files`, as `path: N lines`. */
function overLimit(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter(({ path }) => !EXEMPT.some(({ pattern }) => pattern.test(path)))
    .map(({ path, text }) => ({ path, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ path, lines }) => `${path}: ${lines} lines`)
}

describe('file size', () => {
  const files = ROOTS.flatMap((root) => sourcesUnder(join(repoRoot, root))).map((absolute) => ({
    path: relative(repoRoot, absolute).split(sep).join('/'),
    text: readFileSync(absolute, 'utf8'),
  }))

  it(`holds every hand-written source file to ${MAX_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(300)
    expect(overLimit(files)).toEqual([])
  })

  it('fails on a file one line over, and passes the exempt ones', () => {
    const long = `${'x\n'.repeat(MAX_LINES + 1)}`
    expect(overLimit([{ path: 'src/check/tooLong.ts', text: long }])).toEqual([`src/check/tooLong.ts: ${MAX_LINES + 1} lines`])
    expect(overLimit([{ path: 'src/check/justRight.ts', text: 'x\n'.repeat(MAX_LINES) }])).toEqual([])
    expect(overLimit([{ path: 'test/fixtures/valid/a/expected/x.ts', text: long }])).toEqual([])
    expect(overLimit([{ path: 'src/validate/definitionTypes.generated.ts', text: long }])).toEqual([])
  })

  it('exempts files that are really there', () => {
    for (const { pattern } of EXEMPT) expect(files.some(({ path }) => pattern.test(path))).toBe(true)
  })
})
