// Work bounded by the size of the input, through the whole check: a file of nothing but
// shape errors, and a workspace of thousands of definitions. Each is held to near-linear
// CPU time by its growth from n to 2n (test/support/growth.ts), and the size the issue
// names (1 MiB of errors, 20,000 definitions) must finish. Workspaces are built in temp
// folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadLimits } from '../../src/load/limits.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { cpuGrowth, expectNearLinear } from '../support/growth.js'

const folders: string[] = []

afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A definitions folder holding the given files. */
function workspace(files: Iterable<[string, string]>): string {
  const root = mkdtempSync(join(tmpdir(), 'botwire-'))
  folders.push(root)
  const definitionsDir = join(root, 'definitions')
  mkdirSync(definitionsDir)
  for (const [path, text] of files) writeFileSync(join(definitionsDir, path), text)
  return definitionsDir
}

function check(definitionsDir: string) {
  return checkWorkspace({ definitionsDir, builtins: false, cwd: definitionsDir })
}

/** An interface whose `n` entity schemas each hold an unknown keyword: `n` shape errors among `n` schemas. */
function shapeErrors(n: number): string {
  const entities = Array.from({ length: n }, (_, i) => `  entity${i}: { schema: { type: object, minLenght: 1 } }\n`).join('')
  return `kind: interface\nname: shapes\nversion: 1.0.0\nactions: {}\nentities:\n${entities}`
}

describe('a file of shape errors', () => {
  it('is checked in time linear in its size (schema sanity once compared every schema with every error)', async () => {
    const growth = await cpuGrowth((n) => {
      const dir = workspace([['shapes.yaml', shapeErrors(n)]])
      return () => void check(dir)
    }, 2000)
    expectNearLinear(growth)
  })

  it('of 1 MiB finishes, with the first 50 problems and how many more there are', () => {
    let n = 1
    while (shapeErrors(n * 2).length <= loadLimits.maxFileBytes) n *= 2
    while (shapeErrors(n + 1000).length <= loadLimits.maxFileBytes) n += 1000
    const text = shapeErrors(n)
    expect(text.length).toBeGreaterThan(loadLimits.maxFileBytes - 64 * 1024)
    const { diagnostics } = check(workspace([['shapes.yaml', text]]))
    expect(diagnostics).toHaveLength(loadLimits.maxDiagnosticsPerFile + 1)
    expect(diagnostics.slice(0, -1).every((d) => d.code === 'BW2002')).toBe(true)
    expect(diagnostics.at(-1)?.message).toMatch(new RegExp(`^${n - loadLimits.maxDiagnosticsPerFile} more problems in this file are not shown`))
  })
})

/** `n` versions of one interface, one file each, each bumped from the one below. */
function versions(n: number): [string, string][] {
  return Array.from({ length: n }, (_, i) => [`crm-${i}.yaml`, `kind: interface\nname: crm\nversion: 1.${i}.0\nentities: {}\nactions: {}\n`])
}

describe('a workspace of many definitions', () => {
  it('is checked in time linear in their number, many versions of one name included (the version checks once compared every pair)', async () => {
    const growth = await cpuGrowth((n) => {
      const dir = workspace(versions(n))
      return () => void check(dir)
    }, 1000)
    expectNearLinear(growth)
  })

  it('of 20,000 definitions finishes: 10,000 versions of one interface and 10,000 interfaces of their own', { timeout: 180_000 }, () => {
    const own: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [
      `own-${i}.yaml`,
      `kind: interface\nname: own-${i}\nversion: 1.0.0\nentities: {}\nactions: {}\n`,
    ])
    const checked = check(workspace([...versions(10_000), ...own]))
    expect(checked.diagnostics).toEqual([])
    expect(checked.model.definitions.size).toBe(20_000)
  })
})

/** `n` versions of interface `crm` and `n` plugins using it: by a range it satisfies (`found`), or by one none of its versions does. */
function rangeReferences(n: number, found: boolean): [string, string][] {
  const plugins: [string, string][] = Array.from({ length: n }, (_, i) => [
    `plugin-${i}.yaml`,
    `kind: plugin\nname: p-${i}\nversion: 1.0.0\ninterfaces:\n  crm: { name: crm, version: ${found ? '^1.0.0' : '^9.0.0'} }\nactions: {}\n`,
  ])
  return [...versions(n), ...plugins]
}

describe('many references to a name with many versions', () => {
  it('that resolve are checked in time linear in their number (each reference scanned every version)', async () => {
    const growth = await cpuGrowth((n) => {
      const dir = workspace(rangeReferences(n, true))
      return () => void check(dir)
    }, 1000)
    expectNearLinear(growth)
  })

  it('each by a range of its own are checked in time linear in their number (each distinct range scanned every version)', async () => {
    const growth = await cpuGrowth((n) => {
      const plugins: [string, string][] = Array.from({ length: n }, (_, i) => [
        `plugin-${i}.yaml`,
        `kind: plugin\nname: p-${i}\nversion: 1.0.0\ninterfaces:\n  crm: { name: crm, version: '>=1.${i}.0 <2.0.0 || ~1.${i}.0' }\nactions: {}\n`,
      ])
      const dir = workspace([...versions(n), ...plugins])
      return () => {
        const { diagnostics } = check(dir)
        expect(diagnostics).toEqual([])
      }
    }, 1000)
    expectNearLinear(growth)
  })

  it('that find no version list the 20 highest versions and how many lower ones there are', () => {
    const { diagnostics } = check(workspace(rangeReferences(30, false)))
    const noVersion = diagnostics.filter((d) => d.code === 'BW4004')
    expect(noVersion.length).toBeGreaterThan(0)
    expect(noVersion[0]?.message).toMatch(/available versions: 1\.10\.0, .*, 1\.29\.0 \(and 10 lower\)/)
  })
})
