// Unsaved texts (an editor's buffers) win over the disk: `checkWorkspace({ overlay })` reads
// a changed file's text from the overlay, loads a file that is only in the overlay, and
// applies the same limits to an overlay text as to a file read from disk.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadLimits } from '../../src/load/limits.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { fixtureLines } from '../support/renderForFixture.js'

const folders: string[] = []

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const GREETER =
  'kind: interface\nname: greeter\nversion: 1.0.0\nentities: {}\nactions:\n  greet:\n    input: { schema: { type: object, properties: {} } }\n    output: { schema: { type: object, properties: {} } }\n'

function workspace(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'botwire-overlay-')))
  folders.push(root)
  const definitions = join(root, 'definitions')
  mkdirSync(definitions)
  writeFileSync(join(definitions, 'greeter.yaml'), GREETER)
  return definitions
}

function check(definitions: string, overlay: Map<string, string>): string[] {
  return fixtureLines(checkWorkspace({ definitionsDir: definitions, builtins: false, cwd: definitions, overlay }).diagnostics)
}

describe('loading with unsaved texts', () => {
  it('reads an open file from its unsaved text, not from the disk', () => {
    const definitions = workspace()
    expect(check(definitions, new Map())).toEqual([])
    const broken = GREETER.replace('version: 1.0.0', 'version: one')
    const lines = check(definitions, new Map([[join(definitions, 'greeter.yaml'), broken]]))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^greeter\.yaml:3:10 BW2\d{3}/)
  })

  it('loads a file that is only unsaved, after the files on disk, and ignores texts that are not definition files or outside the folder', () => {
    const definitions = workspace()
    const plugin = 'kind: plugin\nname: echo\nversion: 1.0.0\ninterfaces:\n  greeter: { name: greeter, version: ^2.0.0 }\n'
    const overlay = new Map([
      [join(definitions, 'echo.yaml'), plugin],
      [join(definitions, 'notes.txt'), 'not: [yaml'],
      [join(definitions, '..', 'outside.yaml'), 'not: [yaml'],
    ])
    const checked = checkWorkspace({ definitionsDir: definitions, builtins: false, cwd: definitions, overlay })
    expect(checked.files).toEqual(['greeter.yaml', 'echo.yaml'])
    expect(fixtureLines(checked.diagnostics).map((line) => line.slice(0, line.indexOf(' BW')))).toEqual(['echo.yaml:5:38'])
  })

  it('holds an unsaved text to the limits of a file on disk', () => {
    const definitions = workspace()
    const path = join(definitions, 'greeter.yaml')
    const huge = `${GREETER}# ${'x'.repeat(loadLimits.maxFileBytes)}\n`
    const nul = `${GREETER}# \0\n`
    expect(check(definitions, new Map([[path, huge]]))[0]).toMatch(/^greeter\.yaml:1:1 BW1\d{3}/)
    expect(check(definitions, new Map([[path, nul]]))[0]).toMatch(/^greeter\.yaml:1:1 BW1\d{3}/)
  })
})
