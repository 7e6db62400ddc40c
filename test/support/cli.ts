// Runs the built CLI as a child process, as a user's shell would.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '..', '..')
export const cliPath = join(repoRoot, 'dist', 'cli', 'main.js')

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined> }): CliResult {
  const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: undefined, NO_COLOR: undefined, ...options.env }
  const result = spawnSync(process.execPath, [cliPath, ...args], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, encoding: 'utf8' })
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr }
}

export function tempDir(prefix = 'botwire-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** Writes files (path -> text) below a folder. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

/** A temp workspace holding a copy of the repository's example definitions (without the built-ins folder). */
export function exampleWorkspace(): string {
  const dir = tempDir()
  cpSync(join(repoRoot, 'definitions', 'example'), join(dir, 'definitions', 'example'), { recursive: true })
  return dir
}
