// `--cache`: the parsed values of the previous run, by text. A cached run must load
// exactly what an uncached run loads: the same values (NaN, -0 and `__proto__` keys
// included), a changed file read anew, a corrupt cache file ignored, two files with the
// same text never sharing one value; and nothing is written unless the cache is asked for.
// A cache file made by another version of botwire, js-yaml or yaml is not read.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { describe, expect, it } from 'vitest'
import { loadWorkspace } from '../../src/load/loadWorkspace.js'
import { type CacheMaker, cacheFile, cacheFolder, cacheMaker } from '../../src/load/parseCache.js'
import { runCli, tempDir, writeFiles } from '../support/cli.js'

const root = join(import.meta.dirname, '..', '..')

function project(): { cwd: string; definitions: string } {
  const cwd = tempDir()
  mkdirSync(join(cwd, 'node_modules'))
  const definitions = join(cwd, 'definitions')
  cpSync(join(root, 'test', 'fixtures', 'valid', 'hostile-names', 'definitions'), definitions, { recursive: true })
  writeFiles(definitions, {
    'odd.yaml': 'kind: interface\nname: odd\nversion: 1.0.0\nentities: {}\nactions: {}\nx-zero: -0.0\n__proto__: { polluted: true }\n',
    // not a JSON number: not loaded (BW1012), cached or not
    'nan.yaml': 'kind: interface\nname: nan\nversion: 1.0.0\nentities: {}\nactions: {}\nx-nan: .nan\n',
    'twin-a.yaml': 'kind: interface\nname: twin\nversion: 1.0.0\nentities: {}\nactions: {}\n',
    'twin-b.yaml': 'kind: interface\nname: twin\nversion: 1.0.0\nentities: {}\nactions: {}\n',
  })
  return { cwd, definitions }
}

type Loaded = ReturnType<typeof loadWorkspace>

function summary(loaded: Loaded): unknown {
  return loaded.files.map((f) => ({ path: f.file.displayPath, reader: f.file.reader, value: f.value, codes: f.diagnostics.map((d) => d.code) }))
}

function load(p: { cwd: string; definitions: string }, cache: boolean): Loaded {
  return loadWorkspace({ definitionsDir: p.definitions, builtins: true, cwd: p.cwd, cache })
}

describe('the parse cache', () => {
  it('writes nothing unless asked for', () => {
    const p = project()
    load(p, false)
    expect(join(p.cwd, 'node_modules', '.cache')).not.toSatisfy(existsSync)
    expect(join(p.cwd, '.botwire-cache')).not.toSatisfy(existsSync)
  })

  it('loads what an uncached run loads, from the cache the second time', () => {
    const p = project()
    const expected = summary(load(p, false))
    expect(summary(load(p, true))).toEqual(expected) // writes the cache
    const path = cacheFile(cacheFolder(p.cwd), join(p.definitions))
    expect(path).toSatisfy(existsSync)
    const second = load(p, true)
    expect(summary(second)).toEqual(expected)
    const oddOf = (loaded: Loaded): Record<string, unknown> =>
      loaded.files.find((f) => f.file.displayPath.endsWith('odd.yaml'))?.value as Record<string, unknown>
    const odd = oddOf(second)
    expect(second.files.find((f) => f.file.displayPath.endsWith('nan.yaml'))?.diagnostics.map((d) => d.code)).toEqual(['BW1012'])
    // toEqual does not tell 0 from -0
    expect(Object.is(odd['x-zero'], oddOf(load(p, false))['x-zero'])).toBe(true)
    expect(Object.keys(odd)).toContain('__proto__')
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    const twins = second.files.filter((f) => f.file.displayPath.includes('twin-')).map((f) => f.value)
    expect(twins).toHaveLength(2)
    expect(twins[0]).toEqual(twins[1])
    expect(twins[0]).not.toBe(twins[1])
  })

  it('reads a changed file anew, and forgets a removed one', () => {
    const p = project()
    load(p, true)
    writeFileSync(join(p.definitions, 'twin-b.yaml'), 'kind: interface\nname: twin\nversion: 2.0.0\nentities: {}\nactions: {}\n')
    const loaded = load(p, true)
    expect(loaded.files.find((f) => f.file.displayPath.endsWith('twin-b.yaml'))?.value?.version).toBe('2.0.0')
    expect(summary(loaded)).toEqual(summary(load(p, false)))
  })

  it('ignores a cache file it cannot read, and writes a good one', () => {
    const p = project()
    load(p, true)
    const path = cacheFile(cacheFolder(p.cwd), p.definitions)
    writeFileSync(path, 'not a cache')
    expect(summary(load(p, true))).toEqual(summary(load(p, false)))
    expect(summary(load(p, true))).toEqual(summary(load(p, false)))
    expect(readdirSync(cacheFolder(p.cwd)).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('names the versions of botwire, js-yaml and yaml that made it', () => {
    const version = (path: string): string => (JSON.parse(readFileSync(join(root, path), 'utf8')) as { version: string }).version
    expect(cacheMaker()).toEqual({
      botwire: version('package.json'),
      jsYaml: version('node_modules/js-yaml/package.json'),
      yaml: version('node_modules/yaml/package.json'),
    })
  })

  it('is trusted only when the same botwire, js-yaml and yaml made it', () => {
    const p = project()
    const expected = summary(load(p, false))
    load(p, true)
    const path = cacheFile(cacheFolder(p.cwd), p.definitions)
    const made = deserialize(readFileSync(path)) as { madeBy: CacheMaker; keys: string[]; values: unknown[] }
    expect(made.madeBy).toEqual(cacheMaker())
    // every cached value replaced: a run that trusts the file loads these instead of the texts
    const planted = (madeBy: CacheMaker): void => {
      writeFileSync(path, serialize({ madeBy, keys: made.keys, values: made.values.map((_, i) => ({ kind: 'interface', planted: i })) }))
    }
    const plantedValues = (loaded: Loaded): number => loaded.files.filter((f) => f.value !== null && 'planted' in f.value).length
    planted(made.madeBy)
    expect(plantedValues(load(p, true))).toBe(made.keys.length)
    for (const upgraded of ['botwire', 'jsYaml', 'yaml'] as const) {
      planted({ ...made.madeBy, [upgraded]: `${made.madeBy[upgraded]}-next` })
      const loaded = load(p, true)
      expect(plantedValues(loaded), upgraded).toBe(0)
      expect(summary(loaded), upgraded).toEqual(expected)
    }
  })

  it('lives in .botwire-cache when the project has no node_modules', () => {
    const cwd = tempDir()
    expect(cacheFolder(cwd)).toBe(join(cwd, '.botwire-cache'))
  })

  it('is asked for with --cache on the command line, which reports the same', () => {
    const p = project()
    const plain = runCli(['check', '--format', 'json'], { cwd: p.cwd })
    expect(join(p.cwd, 'node_modules', '.cache')).not.toSatisfy(existsSync)
    const first = runCli(['check', '--format', 'json', '--cache'], { cwd: p.cwd })
    const second = runCli(['check', '--format', 'json', '--cache'], { cwd: p.cwd })
    expect(join(p.cwd, 'node_modules', '.cache', 'botwire')).toSatisfy(existsSync)
    expect([first.code, first.stdout]).toEqual([plain.code, plain.stdout])
    expect([second.code, second.stdout]).toEqual([plain.code, plain.stdout])
  })
})
