// The embedded store in its folder: what it keeps is there after a restart, the next seq
// still higher; one process at a time holds the folder; a lock left by a killed process is
// taken over (docs/runtime.md#the-embedded-store). The folder starts as a copy of an empty
// database (test/support/emptyEmbeddedFolder.ts): making one costs seconds of CPU, and a
// folder made from nothing (a user's first run, the store making its folder and its
// database) is what docs/runtime.md's src/keep-messages.ts does, run as written with the
// packed packages by test/cli/examplePages.test.ts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'
import { rejection } from '../support/rejection.js'
import { expectKeptAcrossReopen } from './reopenedEmbeddedStore.js'
import { storedMessage } from './storeContract.js'

const root = mkdtempSync(join(tmpdir(), 'botwire-embedded-folder-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('keeps its messages across a close and an open, holds its folder alone while open, and takes over a lock left by a dead process', async () => {
  const folder = await emptyEmbeddedFolder(join(root, '.botwire', 'store'))
  const first = await openEmbeddedStore({ folder })
  expect(first.folder).toBe(folder)
  expect(existsSync(join(folder, 'store.lock'))).toBe(true)
  const a = await first.insert(storedMessage('a', 'c'))
  const b = await first.insert(storedMessage('b', 'c'))
  await first.delete('b')
  // a second open of the same folder while the first is open
  expect(await rejection(openEmbeddedStore({ folder }))).toMatchObject({
    code: 'STORE_UNAVAILABLE',
    message: expect.stringContaining('already open in this process'),
  })
  await first.close()
  expect(existsSync(join(folder, 'store.lock'))).toBe(false)

  // another process that is alive holds it (this test's parent stands for it)
  writeFileSync(join(folder, 'store.lock'), String(process.ppid))
  expect(await rejection(openEmbeddedStore({ folder }))).toMatchObject({
    code: 'STORE_UNAVAILABLE',
    message: expect.stringContaining(`is in use by process ${process.ppid}`),
  })
  // a process that is gone left it (killed before it could close)
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout
  writeFileSync(join(folder, 'store.lock'), gone)

  await expectKeptAcrossReopen(folder, a, b)
}, 180_000)

it('refuses a schema name that is no plain identifier, and a folder it cannot make, before opening a database', async () => {
  expect(await rejection(openEmbeddedStore({ folder: join(root, 'x'), schema: 'My Schema' }))).toMatchObject({ code: 'INVALID_STORE_OPTIONS' })
  const file = join(root, 'a-file')
  mkdirSync(root, { recursive: true })
  writeFileSync(file, '')
  expect(await rejection(openEmbeddedStore({ folder: join(file, 'store') }))).toMatchObject({
    code: 'STORE_UNAVAILABLE',
    message: expect.stringContaining('cannot make its folder'),
  })
})
