// `botwire generate --watch`: follows edits, new files and deletions, survives errors,
// and stops cleanly on Ctrl-C (SIGINT).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cliPath, exampleWorkspace, runBotwire } from '../support/cli.js'

async function until(what: string, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('botwire generate --watch', () => {
  it('regenerates on edit, new file and deletion, reports an error and recovers, exits 0 on SIGINT', async () => {
    const dir = exampleWorkspace()
    const child = spawn(process.execPath, [cliPath, 'generate', '--watch'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const runs = (): number => (output.match(/watching /g) ?? []).length
    try {
      await until('the first run', () => runs() >= 1)
      const out = join(dir, 'generated')
      expect(join(out, 'integrations/openai/v2.0.0.ts')).toSatisfy(existsSync)

      // an edit, saved the way many editors do: write a temp file, rename it over the original
      const openai = join(dir, 'definitions/example/integrations/openai.yaml')
      writeFileSync(`${openai}.tmp`, readFileSync(openai, 'utf8').replace('title: Moderate', 'title: Moderate content'))
      renameSync(`${openai}.tmp`, openai)
      await until('the edit to show', () => readFileSync(join(out, 'integrations/openai/v2.0.0.ts'), 'utf8').includes('Moderate content'))

      // a new definition
      writeFileSync(
        join(dir, 'definitions/example/interfaces/greeting.yaml'),
        'kind: interface\nname: greeting\nversion: 1.0.0\nentities: {}\nactions:\n  greet:\n    input: { schema: { type: object, properties: { name: { type: string } } } }\n    output: { schema: { type: object, properties: { text: { type: string } } } }\n',
      )
      await until('the new interface', () => existsSync(join(out, 'interfaces/greeting/v1.0.0.ts')))

      // an error: reported with its location, nothing written, watching goes on
      const before = runs()
      writeFileSync(openai, readFileSync(openai, 'utf8').replace('modelRef: model', 'modelRef: modle'))
      await until('the error', () => output.includes('BW3007') && runs() > before)
      expect(output).toMatch(/definitions\/example\/integrations\/openai\.yaml:\d+:\d+ - error BW3007/)
      expect(readFileSync(join(out, 'integrations/openai/v2.0.0.ts'), 'utf8')).toContain('Moderate content')

      // the fix, then a deletion
      writeFileSync(openai, readFileSync(openai, 'utf8').replace('modelRef: modle', 'modelRef: model').replace('Moderate content', 'Moderate again'))
      await until('the fix', () => readFileSync(join(out, 'integrations/openai/v2.0.0.ts'), 'utf8').includes('Moderate again'))
      rmSync(join(dir, 'definitions/example/interfaces/greeting.yaml'))
      await until('the deletion', () => !existsSync(join(out, 'interfaces/greeting/v1.0.0.ts')))
    } finally {
      child.kill('SIGINT')
    }
    expect(await exited).toBe(0)
  }, 90_000)

  it("with --format json, stdout holds only the runs' JSON arrays; what the watcher says goes to stderr", async () => {
    const dir = exampleWorkspace()
    const child = spawn(process.execPath, [cliPath, 'generate', '--watch', '--format', 'json'], { cwd: dir })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const runs = (): number => (stderr.match(/watching definitions for changes/g) ?? []).length
    try {
      await until('the first run', () => runs() >= 1)
      const openai = join(dir, 'definitions/example/integrations/openai.yaml')
      writeFileSync(openai, readFileSync(openai, 'utf8').replace('modelRef: model', 'modelRef: modle'))
      await until('the error', () => stdout.includes('BW3007') && runs() >= 2)
    } finally {
      child.kill('SIGINT')
    }
    expect(await exited).toBe(0)
    // one array per run, each a whole JSON document
    const arrays = stdout.split(/\n(?=\[)/).map((text) => JSON.parse(text) as { code: string }[])
    expect(arrays.length).toBeGreaterThanOrEqual(2)
    expect(arrays[0]).toEqual([])
    expect(arrays.at(-1)?.map((d) => d.code)).toContain('BW3007')
    expect(stderr).not.toContain('[')
  }, 90_000)

  it('exits 2 with a usage error when the definitions folder is missing at the start', async () => {
    const dir = exampleWorkspace()
    const missing = await runBotwire(['generate', '--watch', '--definitions', 'nothere'], { cwd: dir })
    expect([missing.code, missing.stderr]).toEqual([
      2,
      'botwire: error BW9002: definitions folder not found: nothere (run botwire in the project that holds it, pass --definitions DIR, or write a first definition with botwire init bot NAME)\n',
    ])
  })
})
