// A folder for a test's embedded store that already holds an empty PGlite database: a copy of
// one made once per test process. Making a database costs about 2 s, copying one a few
// milliseconds; the copy has nothing of botwire's in it, so opening the store still creates
// its schema as on a new folder. test/stores/embeddedFolder.test.ts keeps making a folder from
// nothing, as a user's first run does.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

let template: Promise<string> | undefined

function makeTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'botwire-pglite-template-'))
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
  return PGlite.create(join(dir, 'pgdata')).then(async (database) => {
    await database.close()
    return dir
  })
}

/** Fills `folder` (made when missing) with an empty database, where openEmbeddedStore looks for it; returns `folder`. */
export async function emptyEmbeddedFolder(folder: string): Promise<string> {
  template ??= makeTemplate()
  cpSync(join(await template, 'pgdata'), join(folder, 'pgdata'), { recursive: true })
  return folder
}
