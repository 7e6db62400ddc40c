// What writing promises about the output folder besides interruptions
// (interruptedRuns.test.ts): temporary files of an interrupted run are swept and shown by
// --check, no write or removal leaves the folder through a symbolic link, one run at a
// time holds the folder, and a failed write is one clear error.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BANNER_FIRST_LINE } from '../../src/emit/emitFile.js'
import type { OutputFile } from '../../src/emit/emitPlan.js'
import { compareOutput } from '../../src/write/compareOutput.js'
import { MANIFEST_NAME } from '../../src/write/manifest.js'
import { LOCK_NAME, lockOutputFolder, OutputLockedError } from '../../src/write/outputLock.js'
import { OutputConfinementError, writeFailure, writeOutput } from '../../src/write/writeOutput.js'
import { writeSteps } from '../../src/write/writeSteps.js'
import { cliPath, runBotwire, scratchFolders } from '../support/cli.js'

const scratch = scratchFolders('botwire-out-')

/** The first line of every TypeScript file botwire generates: how a file botwire wrote is told from a user's. */
const HEADER = `${BANNER_FIRST_LINE}\n`

const FILES: OutputFile[] = [
  { path: 'messages.ts', text: `${HEADER}export type A = 1\n` },
  { path: 'bots/hello/v1.0.0.ts', text: `${HEADER}export const hello = 1\n` },
  { path: 'bots/hello/index.ts', text: `${HEADER}export * from './v1.0.0.js'\n` },
]

describe('temporary files of an interrupted run', () => {
  it('are shown by --check as leftovers and removed by the next run, which touches no other file', () => {
    const out = join(scratch(), 'generated')
    writeOutput(out, FILES)
    const leftover = join(out, 'bots', 'hello', '.botwire-tmp-4242-1-0')
    writeFileSync(leftover, 'half a fi')
    writeFileSync(join(out, 'bots', 'notes.md'), 'mine')
    expect(compareOutput(out, FILES).leftover).toEqual(['bots/hello/.botwire-tmp-4242-1-0'])
    const summary = writeOutput(out, FILES)
    expect(summary.swept).toEqual([leftover])
    expect(leftover).not.toSatisfy(existsSync)
    expect(readFileSync(join(out, 'bots', 'notes.md'), 'utf8')).toBe('mine')
    expect(compareOutput(out, FILES).leftover).toEqual([])
  })

  it('files an interrupted run left pending in the manifest are removed when no longer produced', () => {
    const out = join(scratch(), 'generated')
    writeOutput(out, FILES)
    writeFileSync(join(out, 'bots', 'gone.ts'), `${HEADER}// written by a run that was stopped`)
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { pending?: string[] }
    manifest.pending = ['bots/gone.ts']
    writeFileSync(join(out, MANIFEST_NAME), JSON.stringify(manifest))
    expect(compareOutput(out, FILES).removed).toEqual(['bots/gone.ts'])
    expect(writeOutput(out, FILES).removed).toEqual(['bots/gone.ts'])
    expect(join(out, 'bots', 'gone.ts')).not.toSatisfy(existsSync)
    expect(JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8'))).not.toHaveProperty('pending')
  })
})

describe('confinement to the output folder', () => {
  it('refuses a symbolic link inside the folder that leads outside, before anything is written', () => {
    const root = scratch()
    const out = join(root, 'generated')
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere)
    mkdirSync(out)
    symlinkSync(elsewhere, join(out, 'bots'))
    let thrown: unknown
    try {
      writeOutput(out, FILES)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputConfinementError)
    expect(readdirSync(elsewhere)).toEqual([])
    expect(readdirSync(out)).toEqual(['bots'])
    const failure = writeFailure(out, thrown)
    expect(failure.code).toBe('BW5007')
    expect(failure.message).toContain(`generated/bots leads outside the output folder`)
    expect(failure.message).toContain(elsewhere)
  })

  it('refuses to write through a listed file that is a link to a file outside, and never removes it', () => {
    const root = scratch()
    const out = join(root, 'generated')
    writeOutput(out, FILES)
    const precious = join(root, 'precious.ts')
    writeFileSync(precious, `${HEADER}not botwire’s`)
    rmSync(join(out, 'messages.ts'))
    symlinkSync(precious, join(out, 'messages.ts'))
    expect(() => writeOutput(out, FILES)).toThrow(OutputConfinementError)
    // no longer produced: a link is no file botwire wrote, so it is left alone, with a warning
    expect(writeOutput(out, FILES.slice(1)).leftAlone).toEqual([{ path: 'messages.ts', why: 'notGenerated' }])
    expect(lstatSync(join(out, 'messages.ts')).isSymbolicLink()).toBe(true)
    expect(readFileSync(precious, 'utf8')).toBe(`${HEADER}not botwire’s`)
  })

  it('never writes or removes what a tampered manifest points outside the folder', () => {
    const root = scratch()
    const out = join(root, 'generated')
    writeOutput(out, FILES)
    const outside = join(root, 'outside.ts')
    writeFileSync(outside, 'keep me')
    writeFileSync(
      join(out, MANIFEST_NAME),
      JSON.stringify({
        generator: 'botwire',
        files: [
          { path: '../outside.ts', sha256: 'x' },
          { path: outside, sha256: 'x' },
        ],
        pending: ['../outside.ts'],
      }),
    )
    expect(compareOutput(out, FILES).removed).toEqual([])
    writeOutput(out, FILES)
    expect(readFileSync(outside, 'utf8')).toBe('keep me')
  })

  it('stops when a folder is swapped for a link leading outside while it writes, and writes nothing there (BW5007)', () => {
    const root = scratch()
    const out = join(root, 'generated')
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere)
    writeOutput(out, FILES)
    const changed = FILES.map((file) => ({ ...file, text: `${file.text}// changed\n` }))
    // the run, step by step, up to its first file: the look for a way out before writing has passed
    const steps = writeSteps(out, changed)
    let step = steps.next()
    while (!step.done && !(step.value.kind === 'writing' && step.value.progress.planned > 0)) step = steps.next()
    expect(step.done).toBe(false)
    // now the folder is moved away and a link to outside put in its place
    renameSync(join(out, 'bots'), join(root, 'moved-bots'))
    symlinkSync(elsewhere, join(out, 'bots'))
    let thrown: unknown
    try {
      while (!steps.next().done);
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputConfinementError)
    expect(readdirSync(elsewhere)).toEqual([])
    const failure = writeFailure(out, thrown)
    expect(failure.code).toBe('BW5007')
    expect(failure.message).toContain('generated/bots leads outside the output folder')
    expect(failure.message).toContain('since the run began writing')
    // the lock released, and the manifest lists only files that are there, as they are
    expect(existsSync(join(out, LOCK_NAME))).toBe(false)
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: { path: string; sha256: string }[]; pending: string[] }
    expect(manifest.pending.length).toBeGreaterThan(0)
    for (const entry of manifest.files)
      expect(
        createHash('sha256')
          .update(readFileSync(join(out, entry.path)))
          .digest('hex'),
        entry.path,
      ).toBe(entry.sha256)
  })

  it('never removes through a folder swapped for a link leading outside while it runs', () => {
    const root = scratch()
    const out = join(root, 'generated')
    const elsewhere = join(root, 'elsewhere')
    // outside, a file that looks like botwire's, where the swapped folder would lead the removal
    mkdirSync(join(elsewhere, 'old'), { recursive: true })
    writeFileSync(join(elsewhere, 'old', 'v1.0.0.ts'), `${HEADER}// another project's generated file\n`)
    writeOutput(out, [...FILES, { path: 'bots/old/v1.0.0.ts', text: `${HEADER}export const old = 1\n` }])
    const steps = writeSteps(out, FILES)
    let step = steps.next()
    while (!step.done && !(step.value.kind === 'writing' && step.value.progress.planned > 0)) step = steps.next()
    expect(step.done).toBe(false)
    renameSync(join(out, 'bots'), join(root, 'moved-bots'))
    symlinkSync(elsewhere, join(out, 'bots'))
    expect(() => {
      while (!steps.next().done);
    }).toThrow(OutputConfinementError)
    expect(readFileSync(join(elsewhere, 'old', 'v1.0.0.ts'), 'utf8')).toBe(`${HEADER}// another project's generated file\n`)
    expect(existsSync(join(out, LOCK_NAME))).toBe(false)
  })

  it('follows links that stay inside, and an output folder that is itself a link', () => {
    const root = scratch()
    const real = join(root, 'real-out')
    mkdirSync(join(real, 'shared'), { recursive: true })
    symlinkSync(join(real, 'shared'), join(real, 'bots'))
    symlinkSync(real, join(root, 'generated'))
    writeOutput(join(root, 'generated'), FILES)
    expect(readFileSync(join(real, 'shared', 'hello', 'v1.0.0.ts'), 'utf8')).toBe(`${HEADER}export const hello = 1\n`)
  })
})

describe('init stays inside the definitions folder', () => {
  it('refuses a kind folder that is a link leading outside, and writes nothing there', async () => {
    const root = scratch()
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere)
    mkdirSync(join(root, 'definitions'))
    symlinkSync(elsewhere, join(root, 'definitions', 'bots'))
    const result = await runBotwire(['init', 'bot', 'hello'], { cwd: root })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('definitions/bots leads outside the definitions folder definitions')
    expect(readdirSync(elsewhere)).toEqual([])
  })
})

describe('one run at a time', () => {
  it('waits for a live holder, then gives up with BW5008 naming it', () => {
    const out = join(scratch(), 'generated')
    mkdirSync(out)
    writeFileSync(join(out, LOCK_NAME), JSON.stringify({ pid: process.pid, host: hostname() }))
    let thrown: unknown
    try {
      writeOutput(out, FILES, { lockWaitMs: 150 })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputLockedError)
    expect(join(out, 'messages.ts')).not.toSatisfy(existsSync)
    const failure = writeFailure(out, thrown)
    expect(failure.code).toBe('BW5008')
    expect(failure.message).toContain(`process ${process.pid} on ${hostname()}`)
  })

  it('takes over the lock of a process that is gone, and releases its own', async () => {
    const out = join(scratch(), 'generated')
    mkdirSync(out)
    const gone = spawn(process.execPath, ['-e', '0'])
    const pid = gone.pid
    await new Promise((resolvePromise) => gone.once('exit', resolvePromise))
    writeFileSync(join(out, LOCK_NAME), JSON.stringify({ pid, host: hostname() }))
    // --check shows it as a leftover, as it shows temporary files
    expect(compareOutput(out, FILES).leftover).toEqual([LOCK_NAME])
    writeOutput(out, FILES, { lockWaitMs: 150 })
    expect(readFileSync(join(out, 'messages.ts'), 'utf8')).toBe(`${HEADER}export type A = 1
`)
    expect(join(out, LOCK_NAME)).not.toSatisfy(existsSync)
    expect(compareOutput(out, FILES).leftover).toEqual([])
  })

  it('never takes over a lock held by another machine', () => {
    const out = join(scratch(), 'generated')
    mkdirSync(out)
    writeFileSync(join(out, LOCK_NAME), JSON.stringify({ pid: 1, host: `not-${hostname()}` }))
    expect(() => lockOutputFolder(out, 100)).toThrow(OutputLockedError)
  })

  it('two generate processes on one folder both finish, one after the other, with the right output', async () => {
    const root = scratch()
    mkdirSync(join(root, 'definitions'))
    writeFileSync(join(root, 'definitions', 'hello.yaml'), 'kind: bot\nname: hello\nversion: 1.0.0\n')
    const run = (): Promise<number | null> =>
      new Promise((resolvePromise) => {
        const child = spawn(process.execPath, [cliPath, 'generate'], { cwd: root, stdio: 'ignore' })
        child.once('exit', (code) => resolvePromise(code))
      })
    expect(await Promise.all([run(), run(), run()])).toEqual([0, 0, 0])
    expect(join(root, 'generated', LOCK_NAME)).not.toSatisfy(existsSync)
    expect(readdirSync(join(root, 'generated')).filter((name) => name.startsWith('.botwire'))).toEqual([])
    expect(readFileSync(join(root, 'generated', 'bots', 'hello', 'index.ts'), 'utf8')).toContain('export * from "./v1.0.0.js"')
  })
})

describe('a failed write', () => {
  it('is one error naming the path and the cause, and the folder is left as it was', () => {
    const out = join(scratch(), 'generated')
    writeOutput(out, FILES)
    const before = readFileSync(join(out, MANIFEST_NAME), 'utf8')
    rmSync(join(out, 'bots'), { recursive: true })
    writeFileSync(join(out, 'bots'), 'a file where a folder must be')
    let thrown: unknown
    try {
      writeOutput(out, [...FILES, { path: 'bots/other/v1.0.0.ts', text: 'x' }])
    } catch (error) {
      thrown = error
    }
    const failure = writeFailure(out, thrown)
    expect(failure.code).toBe('BW5002')
    expect(failure.message).toMatch(/^cannot write .*generated\/bots.* \((ENOTDIR|EEXIST)\)/)
    // the manifest lists only files that are there
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), 'utf8')) as { files: { path: string }[] }
    for (const entry of manifest.files) expect(existsSync(join(out, entry.path)), entry.path).toBe(true)
    expect(manifest.files.length).toBeLessThanOrEqual(JSON.parse(before).files.length)
    expect(join(out, LOCK_NAME)).not.toSatisfy(existsSync)
  })
})
