// `botwire generate --watch` under stress: the definitions folder deleted and made anew, a
// burst of 1,000 changes in about a second, and a definition read while half-written.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cliPath, exampleWorkspace } from '../support/cli.js'

async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Whether a file holds a text; false while it is not there (a run over a folder still being copied in leaves it out). */
function holds(path: string, text: string): boolean {
  return existsSync(path) && readFileSync(path, 'utf8').includes(text)
}

interface Watch {
  child: ChildProcessWithoutNullStreams
  output: () => string
  /** completed runs: each prints a summary line */
  runs: () => number
  exited: Promise<number | null>
}

const running: Watch[] = []
afterEach(() => {
  for (const watch of running.splice(0)) watch.child.kill('SIGKILL')
})

function startWatch(dir: string): Watch {
  const child = spawn(process.execPath, [cliPath, 'generate', '--watch'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const watch: Watch = {
    child,
    output: () => output,
    runs: () => (output.match(/^(generated \d+ files|nothing written)/gm) ?? []).length,
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  }
  running.push(watch)
  return watch
}

describe('generate --watch under stress', () => {
  it('waits when the definitions folder is deleted, and regenerates when it is made anew', async () => {
    const dir = exampleWorkspace()
    const saved = join(dir, 'saved-definitions')
    cpSync(join(dir, 'definitions'), saved, { recursive: true })
    const watch = startWatch(dir)
    await until('the first run', () => watch.output().includes('watching definitions for changes'))
    rmSync(join(dir, 'definitions'), { recursive: true, force: true })
    await until('the notice', () => watch.output().includes('the definitions folder definitions is gone; waiting for it to come back'))
    const openai = 'definitions/example/integrations/openai.yaml'
    cpSync(saved, join(dir, 'definitions'), { recursive: true })
    writeFileSync(join(dir, openai), readFileSync(join(dir, openai), 'utf8').replace('title: Moderate', 'title: Moderate after the return'))
    const generatedOpenai = join(dir, 'generated/integrations/openai/v2.0.0.ts')
    await until('the regeneration', () => holds(generatedOpenai, 'Moderate after the return'))
    // and it watches the new folder: a later edit shows too
    await until('watching again', () => watch.output().split('is gone')[1]?.includes('watching definitions for changes') === true)
    writeFileSync(join(dir, openai), readFileSync(join(dir, openai), 'utf8').replace('after the return', 'edited later'))
    await until('the later edit', () => holds(generatedOpenai, 'Moderate edited later'))
    watch.child.kill('SIGINT')
    expect(await watch.exited).toBe(0)
  }, 90_000)

  it('coalesces a burst of 1,000 changes into a few runs, whose last one has the last content', async () => {
    const dir = exampleWorkspace()
    const watch = startWatch(dir)
    await until('the first run', () => watch.output().includes('watching definitions for changes'))
    const before = watch.runs()
    const file = join(dir, 'definitions/example/interfaces/burst.yaml')
    const version = (n: number): string =>
      `kind: interface\nname: burst\nversion: 1.0.0\ntitle: Burst ${n}\nentities: {}\nactions:\n  ping:\n    input: { schema: { type: object } }\n    output: { schema: { type: object } }\n`
    const started = Date.now()
    for (let n = 1; n <= 1000; n++) {
      writeFileSync(file, version(n))
      // spread over about a second, as a formatter or a branch switch would
      if (n % 100 === 0) await new Promise((resolve) => setTimeout(resolve, Math.max(0, (n / 1000) * 1000 - (Date.now() - started))))
    }
    const generated = join(dir, 'generated/interfaces/burst/v1.0.0.ts')
    await until('the last content', () => holds(generated, 'Burst 1000'))
    // let any run still queued finish, then count
    await new Promise((resolve) => setTimeout(resolve, 500))
    const runs = watch.runs() - before
    expect(runs).toBeGreaterThanOrEqual(1)
    expect(runs).toBeLessThanOrEqual(5)
    watch.child.kill('SIGINT')
    expect(await watch.exited).toBe(0)
  }, 90_000)

  it('a definition read while half-written is corrected by the next event', async () => {
    const dir = exampleWorkspace()
    const watch = startWatch(dir)
    await until('the first run', () => watch.output().includes('watching definitions for changes'))
    const file = join(dir, 'definitions/example/interfaces/half.yaml')
    const whole =
      'kind: interface\nname: half\nversion: 1.0.0\ntitle: Whole\nentities: {}\nactions:\n  ping:\n    input: { schema: { type: object } }\n    output: { schema: { type: object } }\n'
    // the first half, left long enough to be read: an error, nothing written
    writeFileSync(file, whole.slice(0, whole.indexOf('actions:') + 20))
    await until('the half file to be read', () => /half\.yaml:\d+:\d+ - error/.test(watch.output()))
    expect(join(dir, 'generated/interfaces/half/v1.0.0.ts')).not.toSatisfy(existsSync)
    writeFileSync(file, whole)
    await until('the whole file', () => existsSync(join(dir, 'generated/interfaces/half/v1.0.0.ts')))
    expect(readFileSync(join(dir, 'generated/interfaces/half/v1.0.0.ts'), 'utf8')).toContain('Whole')
    watch.child.kill('SIGINT')
    expect(await watch.exited).toBe(0)
  }, 90_000)
})
