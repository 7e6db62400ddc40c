// Built-in definitions are parsed and validated once per process while their text stays the
// same (src/load/parseSourceFile.ts, src/pipeline/validateFile.ts); a workspace's own files
// are read and parsed on every load.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadWorkspace } from '../../src/load/loadWorkspace.js'
import { parseSourceFile } from '../../src/load/parseSourceFile.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { validateFile } from '../../src/pipeline/validateFile.js'

const scratch = mkdtempSync(join(tmpdir(), 'botwire-builtin-parses-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const definitionsDir = join(scratch, 'definitions')
const own = join(definitionsDir, 'echo.yaml')
mkdirSync(definitionsDir)
writeFileSync(own, 'kind: interface\nname: echo\nversion: 1.0.0\n')

describe('built-in definitions', () => {
  it('are parsed once for every load; own files every time', () => {
    const first = loadWorkspace({ definitionsDir, builtins: true, cwd: scratch }).files
    const second = loadWorkspace({ definitionsDir, builtins: true, cwd: scratch }).files
    expect(first.filter((f) => f.file.builtin).length).toBeGreaterThan(0)
    for (const [i, parsed] of first.entries()) {
      if (parsed.file.builtin) expect(second[i], parsed.file.displayPath).toBe(parsed)
      else expect(second[i], parsed.file.displayPath).not.toBe(parsed)
    }
  })

  it('are parsed again when their text changed', () => {
    const path = join(scratch, 'changing.yaml')
    writeFileSync(path, 'kind: interface\nname: changing\nversion: 1.0.0\n')
    const before = parseSourceFile(path, 'changing.yaml', true)
    expect(parseSourceFile(path, 'changing.yaml', true)).toBe(before)
    writeFileSync(path, 'kind: interface\nname: changing\nversion: 1.1.0\n')
    const after = parseSourceFile(path, 'changing.yaml', true)
    expect(after).not.toBe(before)
    expect(after.value).toEqual({ kind: 'interface', name: 'changing', version: '1.1.0' })
  })

  it('keep their validation with the parsed file, and a check twice in a process reports the same', () => {
    const path = join(scratch, 'validated.yaml')
    writeFileSync(path, 'kind: interface\nname: validated\nversion: 1.0.0\nentities: { e: { schema: { type: strin } } }\n')
    const parsed = parseSourceFile(path, 'validated.yaml', true)
    const validated = validateFile(parsed)
    expect(validated.diagnostics.map((d) => d.code)).toContain('BW2003')
    expect(validateFile(parseSourceFile(path, 'validated.yaml', true))).toBe(validated)
    const checks = [1, 2].map(() => checkWorkspace({ definitionsDir, builtins: true, cwd: scratch }).diagnostics)
    expect(checks[1]).toEqual(checks[0])
  })
})
