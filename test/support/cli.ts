// Runs the botwire command line for the tests: in this worker (`runBotwire`), or as a child
// process of the built CLI, as a user's shell would (`runCli`).
//
// A child process costs about 0.3 s of CPU before botwire does anything (Node's start-up
// and the module graph read anew), so the tests that are about what a command does (its
// output, exit code and files) call the command line's entry function here, with the
// working directory, the environment and the standard streams of a real run. The tests that
// are about the process itself (the bin script, signals, a closed pipe, watch, the packed
// tarball) and a few end-to-end runs of each command keep the child process.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll } from 'vitest'
import { runCli as runCommandLine } from '../../src/cli/run.js'

export const repoRoot = join(import.meta.dirname, '..', '..')
export const cliPath = join(repoRoot, 'dist', 'cli', 'main.js')

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export interface CliOptions {
  cwd: string
  /** variables to set (a string) or to remove (undefined); FORCE_COLOR and NO_COLOR are unset unless given */
  env?: Record<string, string | undefined>
}

/** The environment of a run: the test's own, without color settings, with the given changes. */
function runEnvironment(options: CliOptions): Record<string, string | undefined> {
  return { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, ...options.env }
}

/** Runs `node dist/cli/main.js ...args` in a child process and waits for it. */
export function runCli(args: string[], options: CliOptions): CliResult {
  const env = runEnvironment(options) as NodeJS.ProcessEnv
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd: options.cwd, env, encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

// One run at a time: a run owns the worker's working directory, environment and standard
// streams until it ends, so runs that tests start together (describe.concurrent) queue.
let queue: Promise<unknown> = Promise.resolve()

/**
 * Runs `botwire ...args` in this worker, as `bin/botwire.js` would run it from `cwd`: the
 * same entry function (argv in, exit code out), stdout and stderr captured, colors decided
 * by the environment and by stdout not being a terminal, as in a child process.
 */
export function runBotwire(args: string[], options: CliOptions): Promise<CliResult> {
  const run = queue.then(() => runHere(args, options))
  queue = run.catch(() => undefined)
  return run
}

/** Sets own properties of an object for a while; the returned function puts back what was there before. */
function override(target: object, values: Record<string, unknown>): () => void {
  const before = Object.keys(values).map((key) => [key, Object.getOwnPropertyDescriptor(target, key)] as const)
  for (const [key, value] of Object.entries(values)) Object.defineProperty(target, key, { value, configurable: true, writable: true })
  return () => {
    for (const [key, descriptor] of before) {
      if (descriptor === undefined) Reflect.deleteProperty(target, key)
      else Object.defineProperty(target, key, descriptor)
    }
  }
}

async function runHere(args: string[], options: CliOptions): Promise<CliResult> {
  const output = { stdout: '', stderr: '' }
  const capture =
    (name: keyof typeof output) =>
    (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      output[name] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined
      callback?.()
      return true
    }
  // a child's piped stdout is no terminal, whatever the worker's own stdout is
  const restoreStreams = [
    override(process.stdout, { write: capture('stdout'), isTTY: false }),
    override(process.stderr, { write: capture('stderr'), isTTY: false }),
  ]
  const savedEnv = { ...process.env }
  const savedCwd = process.cwd()
  try {
    for (const [key, value] of Object.entries(runEnvironment(options))) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    process.chdir(options.cwd)
    const code = await runCommandLine(args)
    return { code, ...output }
  } finally {
    process.chdir(savedCwd)
    for (const key of Object.keys(process.env)) if (!Object.hasOwn(savedEnv, key)) delete process.env[key]
    Object.assign(process.env, savedEnv)
    for (const restore of restoreStreams) restore()
  }
}

export function tempDir(prefix = 'botwire-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/**
 * A maker of fresh temporary folders for one test file, all removed after its tests: call
 * it at the file's top level (it registers the file's afterAll).
 */
export function scratchFolders(prefix: string): () => string {
  const made: string[] = []
  afterAll(() => {
    for (const folder of made) rmSync(folder, { recursive: true, force: true })
  })
  return () => {
    const folder = tempDir(prefix)
    made.push(folder)
    return folder
  }
}

/** Writes files (path -> text) below a folder. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

/** A workspace (in `dir`, a new temp folder unless given) holding a copy of the repository's example definitions (without the built-ins folder). */
export function exampleWorkspace(dir = tempDir()): string {
  cpSync(join(repoRoot, 'definitions', 'example'), join(dir, 'definitions', 'example'), { recursive: true })
  return dir
}
