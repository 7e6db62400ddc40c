// Builds dist/ once before the tests that run the CLI as a child process.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'

export default function setup(): void {
  const root = join(import.meta.dirname, '..', '..')
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
}
