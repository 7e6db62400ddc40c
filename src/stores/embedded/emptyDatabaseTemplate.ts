// The empty database this package ships (template/, made by scripts/emptyDatabaseTemplate.mjs
// when the package is built): a new folder's database is unpacked from it rather than made by
// PGlite's initdb, seconds of CPU in WebAssembly (docs/decisions.md, "The embedded store
// ships an empty database"). It holds nothing of botwire's: the store creates its schema on
// it as on any new database. Its record names the PGlite that made it, which must be the
// PGlite installed: the package pins that version, and a template of another is refused.
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { brotliDecompressSync, constants } from 'node:zlib'
import { RuntimeError } from '@botwire/runtime'
import { unpackTar } from './tarArchive.js'

export const TEMPLATE_ARCHIVE = 'empty-database.tar.br'
export const TEMPLATE_RECORD = 'empty-database.json'

/** What empty-database.json says of the archive beside it. */
export interface TemplateRecord {
  /** the version of PGlite that made it */
  pglite: string
  /** the system identifier initdb gave it, which every database made from it has */
  systemIdentifier: string
}

const require = createRequire(import.meta.url)

/** This package's template/ folder (found by the package's name, so that the sources in the repository find the built package's). */
export function packageTemplateFolder(): string {
  return join(dirname(require.resolve('@botwire/store-embedded/package.json')), 'template')
}

/** The version of the PGlite this process loads, from its package.json. */
export function installedPgliteVersion(): string {
  for (let folder = dirname(require.resolve('@electric-sql/pglite')); folder !== dirname(folder); folder = dirname(folder)) {
    const manifest = join(folder, 'package.json')
    if (!existsSync(manifest)) continue
    const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown }
    if (name === '@electric-sql/pglite' && typeof version === 'string') return version
  }
  throw new Error('cannot find the package.json of @electric-sql/pglite')
}

/** The template's record; throws STORE_UNAVAILABLE when it is missing or was made by a PGlite other than the one installed. */
export function checkedTemplate(templateFolder: string): TemplateRecord {
  let record: TemplateRecord
  try {
    record = JSON.parse(readFileSync(join(templateFolder, TEMPLATE_RECORD), 'utf8')) as TemplateRecord
  } catch (error) {
    throw new RuntimeError(
      'STORE_UNAVAILABLE',
      `the embedded store has no readable empty-database template in '${templateFolder}' (${error instanceof Error ? error.message : String(error)}): reinstall @botwire/store-embedded`,
    )
  }
  const installed = installedPgliteVersion()
  if (record.pglite !== installed) {
    throw new RuntimeError(
      'STORE_UNAVAILABLE',
      `the embedded store's empty-database template was made with PGlite ${record.pglite}, and PGlite ${installed} is installed: ` +
        `@botwire/store-embedded needs the version it pins (@electric-sql/pglite ${record.pglite}); install that one`,
    )
  }
  return record
}

/**
 * Makes the database `pgdata` (which must not exist) from the template: unpacked into a folder
 * beside it, renamed into place once whole. A process that dies while unpacking leaves that
 * folder, never a half `pgdata`; removeInterruptedLoads clears it on the next open.
 */
export function makeDatabaseFromTemplate(pgdata: string, templateFolder: string): TemplateRecord {
  const record = checkedTemplate(templateFolder)
  const tar = brotliDecompressSync(readFileSync(join(templateFolder, TEMPLATE_ARCHIVE)), {
    params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 },
  })
  const aside = mkdtempSync(`${pgdata}${LOADING}`)
  try {
    unpackTar(tar, aside)
    renameSync(aside, pgdata)
  } catch (error) {
    rmSync(aside, { recursive: true, force: true })
    throw error
  }
  return record
}

const LOADING = '.loading-'

/** Removes what loads of the template into `pgdata` left when their process died (call while holding the folder's lock). */
export function removeInterruptedLoads(pgdata: string): void {
  const prefix = `${basename(pgdata)}${LOADING}`
  for (const entry of readdirSync(dirname(pgdata))) if (entry.startsWith(prefix)) rmSync(join(dirname(pgdata), entry), { recursive: true, force: true })
}
