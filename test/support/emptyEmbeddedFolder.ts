// A folder for a test's embedded store that already holds an empty PGlite database: a copy of
// one unpacked once from the package's empty-database template (what a store makes of a new
// folder, src/stores/embedded/emptyDatabaseTemplate.ts) and kept in node_modules/.cache/botwire
// for the PGlite version installed. Unpacking costs about half a second of CPU, copying a few
// milliseconds; the copy has nothing of botwire's in it, so opening the store still creates
// its schema as on a new folder. docs/runtime.md's src/keep-messages.ts, run as written by
// test/cli/examplePages.test.ts, opens a new folder, as a user's first run does.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { makeDatabaseFromTemplate, packageTemplateFolder } from '../../src/stores/embedded/emptyDatabaseTemplate.js'
import { acquire, release } from './lockFile.js'

const root = join(import.meta.dirname, '..', '..')
const cache = join(root, 'node_modules', '.cache', 'botwire')

let template: Promise<string> | undefined

/** The empty database of the installed PGlite, made when it is not in the cache yet (by one test process; the others wait for it). */
async function cachedTemplate(): Promise<string> {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }
  const made = join(cache, `pglite-${version}-empty`)
  mkdirSync(cache, { recursive: true })
  const lock = `${made}.lock`
  acquire(lock)
  try {
    if (!existsSync(made)) {
      // made aside and renamed into place whole: a run stopped while it is made leaves no half database
      const aside = mkdtempSync(`${made}-making-`)
      try {
        makeDatabaseFromTemplate(join(aside, 'pgdata'), packageTemplateFolder())
        renameSync(join(aside, 'pgdata'), made)
      } finally {
        rmSync(aside, { recursive: true, force: true })
      }
    }
    return made
  } finally {
    release(lock)
  }
}

/** Fills `folder` (made when missing) with an empty database, where openEmbeddedStore looks for it; returns `folder`. */
export async function emptyEmbeddedFolder(folder: string): Promise<string> {
  template ??= cachedTemplate()
  cpSync(await template, join(folder, 'pgdata'), { recursive: true })
  return folder
}
