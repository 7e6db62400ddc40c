// The embedded store's empty-database template (docs/decisions.md, "The embedded store ships
// an empty database"): a new PGlite database, closed, packed as a tar and compressed with
// brotli, and a record of the PGlite version that made it. A store opening a folder without a
// database unpacks it (src/stores/embedded/emptyDatabaseTemplate.ts) rather than running
// initdb, seconds of CPU in WebAssembly. scripts/buildStorePackages.mjs copies it into
// packages/store-embedded/template/; it is made once per PGlite version and kept in
// node_modules/.cache/botwire, each file made aside and renamed into place.
//
// Brotli at quality 9 with a large window (2^26 bytes, so that the three alike databases of
// a new cluster compress as one): 1.2 MB of the 40 MB tar in 1.4 s of CPU, where quality 11
// with the standard window gave 1.3 MB in 29 s and gzip 4.5 MB (BENCHMARKS.md section 11).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'

export const TEMPLATE_ARCHIVE = 'empty-database.tar.br'
export const TEMPLATE_RECORD = 'empty-database.json'
export const BROTLI_QUALITY = 9
export const BROTLI_WINDOW_BITS = 26

/** A ustar header of a file or a folder ('0' or '5'), its mode 644 or 755 and its times 0, so that the same database packs to the same bytes. */
function tarHeader(name, size, type) {
  if (Buffer.byteLength(name) > 99) throw new Error(`the template's tar takes names of 99 bytes at most, not ${name}`)
  const header = Buffer.alloc(512)
  header.write(name, 0)
  header.write(type === '5' ? '0000755\0' : '0000644\0', 100)
  header.write('0000000\0', 108)
  header.write('0000000\0', 116)
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124)
  header.write('00000000000\0', 136)
  header.write('        ', 148)
  header.write(type, 156)
  header.write('ustar\0', 257)
  header.write('00', 263)
  const sum = header.reduce((total, byte) => total + byte, 0)
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return header
}

/** The tar of what `folder` holds (folders and files only, in name order), its names relative to it. */
export function tarOf(folder) {
  const parts = []
  const walk = (relative) => {
    const entries = readdirSync(join(folder, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of entries) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) {
        parts.push(tarHeader(`${name}/`, 0, '5'))
        walk(name)
      } else if (entry.isFile()) {
        const data = readFileSync(join(folder, name))
        parts.push(tarHeader(name, data.length, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512))
      } else {
        throw new Error(`the template's database holds ${name}, neither a file nor a folder`)
      }
    }
  }
  walk('')
  parts.push(Buffer.alloc(1024))
  return Buffer.concat(parts)
}

/** Makes the template of the installed PGlite in `into` (a new folder): its archive and its record. */
async function makeTemplate(into, pgliteVersion) {
  const database = await PGlite.create(join(into, 'pgdata'))
  const { rows } = await database.query('SELECT system_identifier::text AS id FROM pg_control_system()')
  await database.close()
  const tar = tarOf(join(into, 'pgdata'))
  const archive = brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [constants.BROTLI_PARAM_LARGE_WINDOW]: 1,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  })
  writeFileSync(join(into, TEMPLATE_ARCHIVE), archive)
  // the system identifier initdb chose: a database made from the template has the same (the tests tell by it)
  const record = { pglite: pgliteVersion, systemIdentifier: rows[0].id, tarBytes: tar.length }
  writeFileSync(join(into, TEMPLATE_RECORD), `${JSON.stringify(record, null, 2)}\n`)
  rmSync(join(into, 'pgdata'), { recursive: true, force: true })
}

/** The cached template of the installed PGlite (made when missing); returns its folder. */
export async function cachedTemplate(root) {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'))
  const cache = join(root, 'node_modules', '.cache', 'botwire')
  const made = join(cache, `pglite-${version}-template`)
  if (existsSync(made)) return made
  mkdirSync(cache, { recursive: true })
  // made aside and renamed into place whole: a build stopped while it is made leaves no half template
  const aside = mkdtempSync(`${made}-making-`)
  try {
    await makeTemplate(aside, version)
    try {
      renameSync(aside, made)
    } catch (error) {
      // another build made it meanwhile: its copy is as good
      if (!existsSync(made)) throw error
    }
  } finally {
    rmSync(aside, { recursive: true, force: true })
  }
  return made
}

/** Copies the template into `folder` (made when missing), each file written aside and renamed over the last build's. */
export function copyTemplate(template, folder) {
  mkdirSync(folder, { recursive: true })
  for (const file of [TEMPLATE_ARCHIVE, TEMPLATE_RECORD]) {
    const aside = join(folder, `.${file}.copying-${process.pid}`)
    copyFileSync(join(template, file), aside)
    renameSync(aside, join(folder, file))
  }
}
