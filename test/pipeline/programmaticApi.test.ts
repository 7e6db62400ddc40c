// `import { check, generate, diff } from 'botwire'`: results instead of printing; bad usage thrown.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { check, DiffUsageError, diff, generate, WorkspaceUsageError } from '../../src/index.js'
import { exampleWorkspace, tempDir, writeFiles } from '../support/cli.js'

describe('the programmatic API', () => {
  it('returns diagnostics as records with every key of SPEC §5', () => {
    const dir = tempDir()
    writeFiles(dir, { 'definitions/x.yaml': 'kind: interface\nname: x\nversion: 1.0.0\nentities: {}\nactions: {}\nevnts: {}\n' })
    const result = check({ definitions: join(dir, 'definitions') })
    expect(result.ok).toBe(false)
    expect(result.diagnostics).toEqual([
      {
        code: 'BW2002',
        severity: 'error',
        message: "unknown key 'evnts' in the definition (did you mean 'events'?)",
        file: expect.stringMatching(/x\.yaml$/) as unknown,
        line: 6,
        column: 1,
        endLine: 6,
        endColumn: 6,
        path: '/evnts',
        related: [],
      },
    ])
  })

  it('gives a duplicate key the pointer of its place, as every diagnostic inside a definition has', () => {
    const dir = tempDir()
    writeFiles(dir, {
      'definitions/x.yaml':
        'kind: interface\nname: x\nversion: 1.0.0\nentities: {}\nactions:\n  a:\n    input: { schema: { type: object } }\n    input: { schema: { type: object } }\n',
    })
    const result = check({ definitions: join(dir, 'definitions') })
    expect(result.diagnostics).toMatchObject([{ code: 'BW1002', line: 8, column: 5, path: '/actions/a/input', related: [{ line: 7, column: 5 }] }])
  })

  it('generates without writing when asked, and writes nothing on error', () => {
    const dir = exampleWorkspace()
    const preview = generate({ definitions: join(dir, 'definitions'), out: join(dir, 'generated'), write: false })
    expect(preview.ok).toBe(true)
    expect(preview.written).toBeNull()
    expect(preview.files.map((f) => f.path)).toContain('.gitattributes')
  })

  it("returns a manifest entry it left alone (a user's file the manifest was edited to list) as a BW5009 warning", () => {
    const dir = exampleWorkspace()
    const options = { definitions: join(dir, 'definitions'), out: join(dir, 'generated') }
    expect(generate(options).ok).toBe(true)
    const manifestPath = join(dir, 'generated', 'botwire-manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { files: { path: string; sha256: string }[] }
    manifest.files.push({ path: 'my-notes.md', sha256: 'x' })
    writeFileSync(manifestPath, JSON.stringify(manifest))
    writeFileSync(join(dir, 'generated', 'my-notes.md'), 'mine\n')
    const result = generate(options)
    expect(result.ok).toBe(true)
    expect(result.diagnostics).toMatchObject([{ code: 'BW5009', severity: 'warning', file: null }])
    expect(result.written?.leftAlone).toEqual([{ path: 'my-notes.md', why: 'notGenerated' }])
    expect(readFileSync(join(dir, 'generated', 'my-notes.md'), 'utf8')).toBe('mine\n')
  })

  it('throws WorkspaceUsageError (BW9002) for a definitions folder that is not there, and DiffUsageError for a side it cannot read', () => {
    const missing = join(tempDir(), 'nowhere')
    expect(() => check({ definitions: missing })).toThrow(WorkspaceUsageError)
    expect(() => generate({ definitions: missing })).toThrow(expect.objectContaining({ name: 'WorkspaceUsageError', code: 'BW9002' }) as Error)
    expect(() => diff({ old: missing, new: missing })).toThrow(expect.objectContaining({ name: 'DiffUsageError', code: 'BW9002' }) as Error)
    expect(DiffUsageError).toBeDefined()
  })

  it('throws on an option it does not take or a value of the wrong type, instead of falling back to the default', () => {
    const options = { definition: 'defs' } as unknown as Parameters<typeof check>[0]
    expect(() => check(options)).toThrow(
      new WorkspaceUsageError("check() has no option 'definition' (did you mean 'definitions'?); its options are definitions, builtins, cache"),
    )
    expect(() => generate({ outDir: 'out' } as unknown as Parameters<typeof generate>[0])).toThrow(/^generate\(\) has no option 'outDir'/)
    expect(() => check({ definitions: 5 } as unknown as Parameters<typeof check>[0])).toThrow(
      new WorkspaceUsageError("check() option 'definitions' takes a string, not number"),
    )
    expect(() => check({ builtins: 'no' } as unknown as Parameters<typeof check>[0])).toThrow(
      new WorkspaceUsageError("check() option 'builtins' takes a boolean, not string"),
    )
    expect(() => diff({ old: 'a', neww: 'b' } as unknown as Parameters<typeof diff>[0])).toThrow(
      expect.objectContaining({
        name: 'DiffUsageError',
        message: expect.stringMatching(/^diff\(\) has no option 'neww' \(did you mean 'new'\?\)/) as string,
      }) as Error,
    )
  })
})
