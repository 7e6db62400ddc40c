// Runs a TypeScript script that imports `@botwire/runtime` and the generated modules as a
// plain Node program in a child process, as a user runs it: nothing of the test's own
// process (its timers, its open handles) keeps it alive, so it ends when its own work does.
// esbuild bundles the script with what it imports from the repository, and leaves
// `@botwire/runtime` to the built package (packages/runtime/dist/, which the tests' global setup builds): the
// runtime reads its schemas from beside its own files.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'

const runtimeEntry = join(import.meta.dirname, '..', '..', 'packages', 'runtime', 'dist', 'runtime', 'index.js')

export interface ScriptRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `script` (a .ts file) with `node` and waits for it to exit. */
export async function runScript(script: string): Promise<ScriptRun> {
  const dir = mkdtempSync(join(tmpdir(), 'botwire-script-'))
  try {
    const bundle = join(dir, 'script.mjs')
    await build({
      entryPoints: [script],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: bundle,
      logLevel: 'silent',
      plugins: [
        {
          name: 'built-runtime',
          setup(bundler) {
            bundler.onResolve({ filter: /^@botwire\/runtime$/ }, () => ({ path: runtimeEntry, external: true }))
          },
        },
      ],
    })
    return await exitOf(bundle)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function exitOf(bundle: string): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle], { stdio: ['ignore', 'pipe', 'pipe'] })
    const output = { stdout: '', stderr: '' }
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output.stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output.stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, ...output }))
  })
}
