// The embedded store on a new folder: its database is the empty one the package ships
// (packages/store-embedded/template/, made by scripts/emptyDatabaseTemplate.mjs when the
// package is built), unpacked beside pgdata/ and renamed into place, not made by PGlite's
// initdb (seconds of CPU); a folder with a database opens as it is; a template made by
// another PGlite is refused (docs/runtime.md#the-embedded-store). One database is made here.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, constants } from 'node:zlib'
import { afterAll, expect, it } from 'vitest'
import { openDatabaseFolder } from '../../src/stores/embedded/databaseFolder.js'
import {
  installedPgliteVersion,
  packageTemplateFolder,
  TEMPLATE_ARCHIVE,
  TEMPLATE_RECORD,
  type TemplateRecord,
} from '../../src/stores/embedded/emptyDatabaseTemplate.js'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { unpackTar } from '../../src/stores/embedded/tarArchive.js'
import { rejection } from '../support/rejection.js'
import { expectKeptAcrossReopen } from './reopenedEmbeddedStore.js'
import { storedMessage } from './storeContract.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-embedded-template-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const templateFolder = packageTemplateFolder()
const record = JSON.parse(readFileSync(join(templateFolder, TEMPLATE_RECORD), 'utf8')) as TemplateRecord

/** The system identifier initdb wrote in the database's control file (its first 8 bytes, little-endian as WebAssembly is). */
function systemIdentifierOf(pgdata: string): string {
  return readFileSync(join(pgdata, 'global', 'pg_control'))
    .readBigUInt64LE(0)
    .toString()
}

it('opens a new folder with the package template, clears what a load cut short left, and keeps what it stores across a reopen', async () => {
  const folder = join(root, 'store')
  // what a process killed while unpacking the template leaves: a folder beside pgdata/, never pgdata/
  mkdirSync(join(folder, 'pgdata.loading-Xy12ab'), { recursive: true })
  writeFileSync(join(folder, 'pgdata.loading-Xy12ab', 'PG_VERSION'), '17\n')

  const first = await openEmbeddedStore({ folder })
  expect(readdirSync(folder).sort()).toEqual(['pgdata', 'store.lock'])
  // the template's database: initdb would have given it a system identifier of its own
  expect(systemIdentifierOf(join(folder, 'pgdata'))).toBe(record.systemIdentifier)
  const a = await first.insert(storedMessage('a', 'c'))
  const b = await first.insert(storedMessage('b', 'c'))
  expect(await first.get('a')).toEqual(a)
  await first.delete('b')
  await first.close()

  await expectKeptAcrossReopen(folder, a, b)
}, 120_000)

it('refuses a template made by another PGlite with STORE_UNAVAILABLE, before making any database', async () => {
  const otherTemplate = join(root, 'other-template')
  mkdirSync(otherTemplate)
  copyFileSync(join(templateFolder, TEMPLATE_ARCHIVE), join(otherTemplate, TEMPLATE_ARCHIVE))
  writeFileSync(join(otherTemplate, TEMPLATE_RECORD), JSON.stringify({ ...record, pglite: '0.4.0' }))
  const folder = join(root, 'refused')
  mkdirSync(folder)
  expect(await rejection(openDatabaseFolder(folder, otherTemplate))).toMatchObject({
    code: 'STORE_UNAVAILABLE',
    message: expect.stringContaining(`made with PGlite 0.4.0, and PGlite ${installedPgliteVersion()} is installed`),
  })
  expect(await rejection(openDatabaseFolder(folder, join(root, 'no-template')))).toMatchObject({
    code: 'STORE_UNAVAILABLE',
    message: expect.stringContaining('no readable empty-database template'),
  })
  expect(readdirSync(folder)).toEqual([])
})

it('pins the PGlite the template was made with, and unpacks no archive that is cut short', () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'store-embedded', 'package.json'), 'utf8')) as {
    dependencies: { [name: string]: string }
  }
  expect([manifest.dependencies['@electric-sql/pglite'], installedPgliteVersion()]).toEqual([record.pglite, record.pglite])
  const tar = brotliDecompressSync(readFileSync(join(templateFolder, TEMPLATE_ARCHIVE)), { params: { [constants.BROTLI_DECODER_PARAM_LARGE_WINDOW]: 1 } })
  const into = join(root, 'cut')
  mkdirSync(into)
  expect(() => unpackTar(tar.subarray(0, tar.length - 4096), into)).toThrow(/cut short/)
  // what it wrote before it stopped stays: why the store unpacks beside pgdata/ and renames
  expect(existsSync(join(into, 'PG_VERSION'))).toBe(true)
})
