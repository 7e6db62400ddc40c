// The YAML parsers on the same texts, in a process of their own (a fresh heap: in the
// main benchmark process the workspaces, models and results held alive make every
// allocation-heavy parser pay for larger garbage collections, and not all alike).
//
// - `yaml.parseDocument` with positions: every file's parse in the old design, and
//   today the careful path and the lazy positions;
// - the same with `process.env` a plain object (yaml's Parser reads
//   process.env.LOG_TOKENS once per token);
// - `parseFast`, the loader's fast path (screens, then js-yaml 4 `load`, CORE_SCHEMA);
// - js-yaml 4 `load` alone, and js-yaml 5 `load` (json-schema-to-typescript's copy, when
//   it has one), taken in turns so that neither always runs first.
//
// `tsx bench/parsers.ts DIR RUNS` prints the figures as JSON; bench/sections/check.ts and emission.ts run it.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import jsYaml from 'js-yaml'
import { LineCounter, parseDocument } from 'yaml'
import { parseFast } from '../src/load/fastPath.js'
import { measure, medianSample, type Sample, type Stats } from './measure.js'

export interface ParserFigures {
  files: number
  bytes: number
  yaml: Stats
  yamlPlainEnv: Stats
  fastPath: Stats
  /** files `parseFast` accepts */
  fastAccepted: number
  jsYaml4: { version: string; stats: Stats }
  jsYaml5: { version: string; stats: Stats } | null
}

function texts(dir: string): string[] {
  const out: string[] = []
  for (const kind of readdirSync(dir).sort()) for (const file of readdirSync(join(dir, kind)).sort()) out.push(readFileSync(join(dir, kind, file), 'utf8'))
  return out
}

async function yamlOnly(dir: string, runs: number): Promise<{ files: number; bytes: number; yaml: Stats }> {
  const all = texts(dir)
  const yaml = await measure(runs, () => {
    for (const text of all) parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false, prettyErrors: false, keepSourceTokens: false })
  })
  return { files: all.length, bytes: all.reduce((n, t) => n + Buffer.byteLength(t), 0), yaml }
}

async function figures(dir: string, runs: number): Promise<ParserFigures> {
  const all = texts(dir)
  const parseAllWithYaml = (): void => {
    for (const text of all) parseDocument(text, { lineCounter: new LineCounter(), uniqueKeys: false, prettyErrors: false, keepSourceTokens: false })
  }
  const yaml = await measure(runs, parseAllWithYaml)
  const realEnv = process.env
  const yamlPlainEnv = await measure(
    runs,
    () => {
      process.env = { ...realEnv }
      try {
        parseAllWithYaml()
      } finally {
        process.env = realEnv
      }
    },
    undefined,
    false,
  )
  let fastAccepted = 0
  const fastPath = await measure(
    runs,
    () => all.filter((text) => parseFast(text) !== null).length,
    (n) => (fastAccepted = n),
  )

  const require = createRequire(import.meta.url)
  const version4 = (require('js-yaml/package.json') as { version: string }).version
  let js5: { version: string; lib: typeof jsYaml } | null = null
  try {
    const fromJstt = createRequire(require.resolve('json-schema-to-typescript'))
    const version = (fromJstt('js-yaml/package.json') as { version: string }).version
    if (version.startsWith('5.')) js5 = { version, lib: fromJstt('js-yaml') as typeof jsYaml }
  } catch {
    js5 = null
  }
  // js-yaml 4 and 5 in turns: a warm-up each, then `runs` rounds of one run each
  const loadAll = (lib: typeof jsYaml) => (): void => {
    for (const text of all) lib.load(text, { schema: lib.CORE_SCHEMA })
  }
  const libs = [
    { lib: jsYaml, samples: [] as Sample[], first: undefined as Sample | undefined },
    ...(js5 ? [{ lib: js5.lib, samples: [] as Sample[], first: undefined as Sample | undefined }] : []),
  ]
  for (let round = 0; round <= runs; round++) {
    for (const entry of round % 2 === 0 ? libs : [...libs].reverse()) {
      const one = await measure(1, loadAll(entry.lib), undefined, false)
      if (round === 0) entry.first = one.median
      else entry.samples.push(one.median)
    }
  }
  const stats = (entry: (typeof libs)[number]): Stats => ({ first: entry.first as Sample, median: medianSample(entry.samples), runs: entry.samples })
  const [four, five] = libs
  return {
    files: all.length,
    bytes: all.reduce((n, t) => n + Buffer.byteLength(t), 0),
    yaml,
    yamlPlainEnv,
    fastPath,
    fastAccepted,
    jsYaml4: { version: version4, stats: stats(four as (typeof libs)[number]) },
    jsYaml5: js5 && five ? { version: js5.version, stats: stats(five) } : null,
  }
}

function inChild(args: string[]): unknown {
  const result = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`bench/parsers.ts failed (exit ${result.status}): ${result.stderr}`)
  return JSON.parse(result.stdout)
}

/** Every parser on the files of `dir`, in a child process (a fresh heap). */
export function parserFiguresInChild(dir: string, runs: number): ParserFigures {
  return inChild([dir, String(runs)]) as ParserFigures
}

/** Only `yaml.parseDocument` with positions on the files of `dir`, in a child process. */
export function yamlFiguresInChild(dir: string, runs: number): { files: number; bytes: number; yaml: Stats } {
  return inChild([dir, String(runs), '--yaml-only']) as { files: number; bytes: number; yaml: Stats }
}

// `tsx bench/parsers.ts DIR [RUNS] [--yaml-only]`
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, runs, only] = process.argv.slice(2)
  if (!dir) throw new Error('usage: tsx bench/parsers.ts DIR [RUNS] [--yaml-only]')
  const n = Math.max(1, Number(runs ?? 3))
  process.stdout.write(`${JSON.stringify(only === '--yaml-only' ? await yamlOnly(dir, n) : await figures(dir, n))}\n`)
}
