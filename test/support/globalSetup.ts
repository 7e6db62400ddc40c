// Builds dist/ once before the tests, as `npm run build` does (an empty dist/ first, so no
// file of an older build lingers): the CLI tests run it as a child process, the pack test
// packs it as it is, and the declarations test compiles a consumer against its .d.ts files.
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'

export default function setup(): void {
  const root = join(import.meta.dirname, '..', '..')
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' })
}
