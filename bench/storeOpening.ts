// Part of the message stores section (bench/stores.ts): what opening the embedded store's
// database costs on a new folder, made from the empty-database template the package ships
// (src/stores/embedded/databaseFolder.ts, as openEmbeddedStore does) against PGlite's own
// initdb (PGlite.create on an empty folder, what the store did before the template), and,
// for scale, reopening a folder that holds a database and the whole openEmbeddedStore on a
// new folder (the template, then the store's schema). CPU time of this process (PGlite runs
// in it), each variant once per round, interleaved; the median of the measured rounds. With
// --compression, also the template's tar compressed each way that was considered for it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { openDatabaseFolder } from '../src/stores/embedded/databaseFolder.js'
import { packageTemplateFolder, TEMPLATE_ARCHIVE } from '../src/stores/embedded/emptyDatabaseTemplate.js'
import { openEmbeddedStore } from '../src/stores/embedded/index.js'
import { cpuNow, medianSample, ms, ratio, type Sample } from './measure.js'

export interface OpeningRow {
  variant: string
  median: Sample
}

/** The median CPU and wall time of each way to open, over `runs` rounds after a warm-up round (in a temporary folder, removed after). */
export async function measureNewFolderOpens(runs: number): Promise<OpeningRow[]> {
  const under = mkdtempSync(join(tmpdir(), 'botwire-bench-opening-'))
  try {
    return await timeOpens(under, runs)
  } finally {
    rmSync(under, { recursive: true, force: true })
  }
}

async function timeOpens(under: string, runs: number): Promise<OpeningRow[]> {
  const reopened = join(mkdtempSync(join(under, 'opening-')), 'pgdata')
  await (await PGlite.create(reopened)).close()
  const variants: [string, () => Promise<void>][] = [
    ['a new folder, from the template', async () => (await openDatabaseFolder(mkdtempSync(join(under, 'opening-')))).close()],
    ['a new folder, by initdb (PGlite.create, no template)', async () => (await PGlite.create(join(mkdtempSync(join(under, 'opening-')), 'pgdata'))).close()],
    ['a folder with a database (reopened)', async () => (await PGlite.create(reopened)).close()],
    [
      'openEmbeddedStore on a new folder (template and schema)',
      async () => (await openEmbeddedStore({ folder: mkdtempSync(join(under, 'opening-')) })).close(),
    ],
  ]
  const samples: Sample[][] = variants.map(() => [])
  for (let round = 0; round <= runs; round++) {
    for (const [i, [, open]] of variants.entries()) {
      const cpu = cpuNow()
      const wall = performance.now()
      await open()
      if (round > 0) samples[i]?.push({ wallMs: performance.now() - wall, cpuMs: cpuNow() - cpu })
    }
  }
  return variants.map(([variant], i) => ({ variant, median: medianSample(samples[i] ?? []) }))
}

/** The rows of the opening table, each variant's CPU as a ratio to initdb's. */
export function openingTable(rows: OpeningRow[], runs: number): string[] {
  const initdb = rows[1]?.median.cpuMs ?? Number.NaN
  return [
    `The embedded store opening a new folder (bench/storeOpening.ts): the median of ${runs} round${runs === 1 ? '' : 's'} after a warm-up round, measured before the stores are filled; CPU time of this process.`,
    '',
    '| opening | ms CPU | ms wall | CPU vs initdb |',
    '|---|---:|---:|---:|',
    ...rows.map(({ variant, median }) => `| ${variant} | ${ms(median.cpuMs)} | ${ms(median.wallMs)} | ${ratio(median.cpuMs, initdb)} |`),
    '',
  ]
}

export interface CompressionRow {
  compression: string
  bytes: number
  compressCpuMs: number
  decompressCpuMs: number
}

/** The package's template tar compressed each way considered (scripts/emptyDatabaseTemplate.mjs chose brotli 9 with a 2^26 window), once each. */
export function measureTemplateCompression(): CompressionRow[] {
  const tar = brotliDecompressSync(readFileSync(join(packageTemplateFolder(), TEMPLATE_ARCHIVE)), {
    params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 },
  })
  const brotli = (quality: number, windowBits: number): [string, () => Buffer, (packed: Buffer) => Buffer] => {
    const large = windowBits > 24 ? 1 : 0
    return [
      `brotli, quality ${quality}, window 2^${windowBits}${large ? ' (large window)' : ''}`,
      () =>
        brotliCompressSync(tar, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_LGWIN]: windowBits,
            [constants.BROTLI_PARAM_LARGE_WINDOW]: large,
            [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
          },
        }),
      (packed) => brotliDecompressSync(packed, { params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: large } }),
    ]
  }
  const ways: [string, () => Buffer, (packed: Buffer) => Buffer][] = [
    ['gzip, level 9', () => gzipSync(tar, { level: 9 }), (packed) => gunzipSync(packed)],
    brotli(9, 24),
    brotli(11, 24),
    brotli(9, 26),
    brotli(10, 26),
  ]
  return ways.map(([compression, compress, decompress]) => {
    let cpu = cpuNow()
    const packed = compress()
    const compressCpuMs = cpuNow() - cpu
    cpu = cpuNow()
    decompress(packed)
    return { compression, bytes: packed.length, compressCpuMs, decompressCpuMs: cpuNow() - cpu }
  })
}

export function compressionTable(rows: CompressionRow[]): string[] {
  return [
    "The template's tar compressed each way considered (`--compression`), once each; CPU time.",
    '',
    '| compression | bytes | ms CPU to compress | ms CPU to decompress |',
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.compression} | ${row.bytes.toLocaleString('en-US')} | ${ms(row.compressCpuMs)} | ${ms(row.decompressCpuMs)} |`),
    '',
  ]
}
