// File names that are not UTF-8 (on Linux a name is any bytes): Node's string paths put
// U+FFFD for the bad bytes, so such a file used to be listed under a name that is not
// there and reported missing (BW1007 ENOENT). It is reported as itself, BW1017, under its
// name with the bad bytes escaped; the other files load as ever
// (docs/decisions.md#file-names-that-are-not-utf-8). Each case builds its folder in a temp
// folder through Buffer paths, as a git checkout cannot hold these names portably.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { escapedName } from '../../src/load/findDefinitionFiles.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { fixtureLines } from '../support/renderForFixture.js'

const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const NOTES = 'kind: interface\nname: notes\nversion: 1.0.0\nentities: {}\nactions: {}\n'
const MESSAGE = 'name is not valid UTF-8 (its bad bytes are shown as \\xNN), so it cannot be read; rename it'

/** A definitions folder holding `notes.yaml` and, by their raw bytes, the given names (a name ending in '/' is a folder). */
function definitionsWith(...names: Buffer[]): string {
  const root = mkdtempSync(join(tmpdir(), 'botwire-names-'))
  folders.push(root)
  const definitionsDir = join(root, 'definitions')
  mkdirSync(definitionsDir)
  writeFileSync(join(definitionsDir, 'notes.yaml'), NOTES)
  for (const name of names) {
    const path = Buffer.concat([Buffer.from(`${definitionsDir}/`), name])
    if (name.at(-1) === 0x2f) {
      mkdirSync(path)
      writeFileSync(Buffer.concat([path, Buffer.from('inside.yaml')]), NOTES.replace('notes', 'inside'))
    } else writeFileSync(path, NOTES.replace('notes', 'hidden'))
  }
  return definitionsDir
}

function check(definitionsDir: string) {
  const checked = checkWorkspace({ definitionsDir, builtins: false, cwd: definitionsDir })
  return { lines: fixtureLines(checked.diagnostics), files: checked.files }
}

const bytes = (...parts: (string | number)[]): Buffer => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from([p]))))

describe('a file name that is not UTF-8', () => {
  it('is reported as itself with BW1017, under its name with the bad byte escaped, and the other files load', () => {
    const { lines, files } = check(definitionsWith(bytes('notes', 0xff, '.yaml')))
    // docs/diagnostics.md shows this line (test/diagnostics/docExamples.test.ts)
    expect(lines).toEqual([
      String.raw`notes\xff.yaml:1:1 BW1017 file name is not valid UTF-8 (its bad bytes are shown as \xNN), so it cannot be read; rename it`,
    ])
    expect(files).toEqual(['notes.yaml'])
  })

  it('reports a folder whose name is not UTF-8 (its files cannot be reached by name) with BW1017', () => {
    expect(check(definitionsWith(bytes('drafts', 0xfe, '/'))).lines).toEqual([`drafts\\xfe:1:1 BW1017 folder ${MESSAGE}`])
  })

  it('shows the UTF-8 parts of the name as they are and each bad byte as \\xNN (a lone continuation byte, a cut sequence)', () => {
    expect(escapedName(bytes('café', 0x80, 'x', 0xe2, 0x82, '.yaml'))).toBe('café\\x80x\\xe2\\x82.yaml')
    expect(escapedName(bytes(0xc0, 0xaf, 0xed, 0xa0, 0x80))).toBe('\\xc0\\xaf\\xed\\xa0\\x80')
    const { lines } = check(definitionsWith(bytes('café', 0x80, '.yaml')))
    expect(lines).toEqual([`café\\x80.yaml:1:1 BW1017 file ${MESSAGE}`])
  })

  it('says nothing of a name that is no definition file, nor of a dot-file, whatever its bytes', () => {
    const { lines, files } = check(definitionsWith(bytes('notes', 0xff, '.txt'), bytes('.', 0xff, '.yaml')))
    expect(lines).toEqual([])
    expect(files).toEqual(['notes.yaml'])
  })

  it('loads a valid name that holds U+FFFD itself (the character, not a bad byte)', () => {
    const { lines, files } = check(definitionsWith(Buffer.from('hidden\u{fffd}.yaml')))
    expect(lines).toEqual([])
    expect(files).toEqual(['hidden\u{fffd}.yaml', 'notes.yaml'])
  })
})
