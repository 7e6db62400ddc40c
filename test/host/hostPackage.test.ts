// The host's package as npm packs it (docs/deploying.md#installing): its compiled host and
// nothing else of src/; a production install of the runtime and the host starts a host
// that answers on its health endpoint, has the bin `botwire-serve` (serve without the
// compiler: test/host/servedProject.test.ts serves a bot with it), and stays small.
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { packedPackages, productionInstall, type Tarballs } from '../support/packedProject.js'

let tarballs: Tarballs = new Map()
beforeAll(() => {
  tarballs = packedPackages()
}, 120_000)

it('packs the compiled host and its README, nothing else', () => {
  const files = execFileSync('tar', ['-tzf', tarballs.get('@botwire/host') as string], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line !== '')
  expect(files).toContain('package/dist/host/index.js')
  expect(files).toContain('package/dist/host/index.d.ts')
  expect(files).toContain('package/dist/host/serveBin.js')
  expect(files.filter((file) => !/^package\/(dist\/host\/[\w.]+|README\.md|package\.json)$/.test(file))).toEqual([])
})

it('a production install of the runtime and the host is under 8 MB and serves /health', async () => {
  // a production install in one step (`npm install --omit=dev`, kept while the tarballs are the same): this project has no dev
  // dependencies, so `npm install` then `npm ci --omit=dev` installed exactly this, at twice the CPU
  // (test/cli/gettingStarted.test.ts runs the page's `npm ci --omit=dev`)
  const sandbox = productionInstall({ name: 'bot-on-http', private: true, type: 'module' }, ['@botwire/runtime', '@botwire/host'], tarballs)
  const installed = readdirSync(join(sandbox, 'node_modules'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0)
  expect(installed).toBeLessThan(8 * 1024 * 1024)
  // the host's package alone: a runtime-shaped object stands in for a generated bot here (test/host/host.test.ts serves a real one)
  const program = `
    import { createHost } from '@botwire/host'
    const host = await createHost({ runtime: { botId: 'b', client: {}, integration() { throw new Error('none') }, webhooks: () => [] }, port: 0 })
    const answer = await fetch(host.url + '/health')
    console.log(answer.status, JSON.stringify(await answer.json()))
    await host.close()
  `
  writeFileSync(join(sandbox, 'run.mjs'), program)
  expect(execFileSync(process.execPath, ['run.mjs'], { cwd: sandbox, encoding: 'utf8' })).toBe('200 {"status":"ok"}\n')
  // the host's bin, linked by npm: bad usage is one line with serve's code, exit 2
  const bin = spawnSync(process.execPath, [join(sandbox, 'node_modules', '.bin', 'botwire-serve')], { cwd: sandbox, encoding: 'utf8' })
  expect([bin.status, bin.stderr]).toEqual([
    2,
    'botwire-serve: error BW9002: botwire-serve takes one bot module: botwire-serve MODULE [--port N] [--hostname HOST] [--data DIR | --database-url URL]\n',
  ])
}, 180_000)
