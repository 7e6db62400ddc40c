// Builds dist/ once before the tests, as `npm run build` does (an empty dist/ first, so no
// file of an older build lingers): the CLI tests run it as a child process, the pack test
// packs it as it is, and the declarations test compiles a consumer against its .d.ts files.
// Under `npm test` it also type-checks src/ and the tests (`npm run typecheck`) beside the
// build: each tsc keeps one core busy, and the tests start when both are done.
import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')

/** Runs tsc on a config; rejects with what it printed when it reports errors. */
function runTsc(config: string, ...flags: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsc, '-p', join(root, config), ...flags], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tsc -p ${config} ${flags.join(' ')} failed:\n${stdout}${stderr}`))
      else resolve()
    })
  })
}

export default async function setup(): Promise<void> {
  rmSync(join(root, 'dist'), { recursive: true, force: true })
  const steps = [runTsc('tsconfig.build.json')]
  // npm names the script it runs; a targeted `npx vitest run test/<folder>` skips the type-check
  if (process.env.npm_lifecycle_event === 'test') steps.push(runTsc('tsconfig.test.json', '--noEmit'))
  const failures = (await Promise.allSettled(steps)).flatMap((step) => (step.status === 'rejected' ? [step.reason as Error] : []))
  if (failures.length > 0) throw new Error(failures.map((failure) => failure.message).join('\n'))
}
