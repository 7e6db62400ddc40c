// `--cache`: the fast path's values from the previous run over the same definitions
// folder, kept by the text they were read from. Reading the values back from one file
// costs less than reading the texts again (see docs/performance.md). Off unless asked
// for: a check that writes files would surprise, and a first run (CI) gains nothing.
//
// A value is cached only when the fast path (the screens, then js-yaml) read the text as
// a mapping, so a hit stands for the whole fast path; positions are still read from the
// text when a diagnostic needs them. Keys are the texts' SHA-1. The file's header names
// what made its values: botwire's version (its screens and limits decide which texts take
// the fast path) and those of js-yaml and yaml (which read them, and which the screens
// keep in agreement), so upgrading any of them empties the cache. A cache file that does
// not match or cannot be read counts as empty, and one that cannot be written is left as
// it was: the values are the same either way, only slower to get. The file is written
// whole, under a temporary name, then renamed, so a reader never sees half of it.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { packageRoot } from './packageRoot.js'
import { readRegularFile } from './regularFile.js'

type Value = Record<string, unknown>

/** The versions of what made a cache file's values: a file made by others is not read. */
export interface CacheMaker {
  botwire: string
  jsYaml: string
  yaml: string
}

interface CacheFile {
  madeBy: CacheMaker
  keys: string[]
  values: Value[]
}

function packageVersion(packageJson: string): string {
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version
  if (typeof version !== 'string') throw new Error(`botwire: no version in ${packageJson}`)
  return version
}

let maker: CacheMaker | undefined

/** This installation's botwire, js-yaml and yaml versions, from their package.json files. */
export function cacheMaker(): CacheMaker {
  if (maker) return maker
  const require = createRequire(import.meta.url)
  maker = {
    botwire: packageVersion(join(packageRoot, 'package.json')),
    jsYaml: packageVersion(require.resolve('js-yaml/package.json')),
    yaml: packageVersion(require.resolve('yaml/package.json')),
  }
  return maker
}

function sameMaker(found: unknown, expected: CacheMaker): boolean {
  if (found === null || typeof found !== 'object') return false
  const made = found as Partial<Record<keyof CacheMaker, unknown>>
  return made.botwire === expected.botwire && made.jsYaml === expected.jsYaml && made.yaml === expected.yaml
}

function keyOf(text: string): string {
  return createHash('sha1').update(text).digest('base64')
}

/**
 * Where a project keeps its cache: node_modules/.cache/botwire, as other build tools do,
 * or .botwire-cache in the working directory when there is no node_modules.
 */
export function cacheFolder(cwd: string): string {
  const modules = join(cwd, 'node_modules')
  return existsSync(modules) ? join(modules, '.cache', 'botwire') : join(cwd, '.botwire-cache')
}

/** The cache file of a definitions folder (by its real path). */
export function cacheFile(folder: string, definitionsDir: string): string {
  return join(
    folder,
    `values-${keyOf(definitionsDir)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16)}.bin`,
  )
}

function readCacheFile(path: string): Map<string, Value> {
  try {
    const file = deserialize(readRegularFile(path)) as Partial<CacheFile>
    if (!sameMaker(file.madeBy, cacheMaker()) || !Array.isArray(file.keys) || !Array.isArray(file.values)) return new Map()
    const values = file.values
    return new Map(file.keys.map((key, i) => [key, values[i] as Value]))
  } catch {
    return new Map()
  }
}

export class ParseCache {
  private readonly found: Map<string, Value>
  /** what this run used or parsed, by key: the next cache file */
  private readonly used = new Map<string, Value>()
  private changed = false

  constructor(private readonly path: string) {
    this.found = readCacheFile(path)
  }

  /**
   * The fast path's value for a text from the previous run (undefined: none), and how to
   * keep what this run made of it instead. Two files with the same text get two values
   * (the second is parsed), never one object shared.
   */
  lookup(text: string): { cached: Value | undefined; keep(value: Value | null): void } {
    const key = keyOf(text)
    const cached = this.used.has(key) ? undefined : this.found.get(key)
    if (cached !== undefined) this.used.set(key, cached)
    return {
      cached,
      // null: the text took the careful path; not cached
      keep: (value) => {
        if (value === null) return
        this.used.set(key, value)
        this.changed = true
      },
    }
  }

  /** Writes this run's values when they differ from those read; call before anything can change them. */
  save(): void {
    if (!this.changed && this.used.size === this.found.size) return
    const file: CacheFile = { madeBy: cacheMaker(), keys: [...this.used.keys()], values: [...this.used.values()] }
    const temporary = `${this.path}.${process.pid}.tmp`
    try {
      mkdirSync(dirname(this.path), { recursive: true })
      writeFileSync(temporary, serialize(file))
      renameSync(temporary, this.path)
    } catch {
      rmSync(temporary, { force: true })
    }
  }
}
