// The PGlite database of an embedded store's folder, in its pgdata/: opened as it is when
// there, else made from the package's empty-database template first (emptyDatabaseTemplate.ts).
// pgdata/ is only ever made whole (unpacked beside it and renamed), so a folder that has it
// holds a database, and one without it holds none, whatever process died in it before.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { makeDatabaseFromTemplate, packageTemplateFolder, removeInterruptedLoads } from './emptyDatabaseTemplate.js'

/** Opens the database in `folder` (which exists and whose lock this process holds), made from the template in `templateFolder` when there is none. */
export async function openDatabaseFolder(folder: string, templateFolder: string = packageTemplateFolder()): Promise<PGlite> {
  const pgdata = join(folder, 'pgdata')
  removeInterruptedLoads(pgdata)
  if (!existsSync(pgdata)) makeDatabaseFromTemplate(pgdata, templateFolder)
  return PGlite.create(pgdata)
}
