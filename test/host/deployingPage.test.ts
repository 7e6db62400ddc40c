// docs/deploying.md as written (docs/deploying.md#createhost): its program is run with tsx
// in a folder of its own, `./bot.js` exporting the helpdesk bot's runtime (test/host/hostWorld.ts)
// and `@botwire/host` the package as it is built; then each curl line of the page is run
// against it (the port it was given in place of 3000), and SIGTERM closes it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { codeBlocks, shellLines } from '../support/markdownBlocks.js'

const root = join(import.meta.dirname, '..', '..')
const page = codeBlocks(readFileSync(join(root, 'docs', 'deploying.md'), 'utf8'))
// under the repository, so that `@botwire/host` and `@botwire/runtime` resolve to its packages
const folder = join(root, 'node_modules', '.cache', 'botwire', `deploying-page-${process.pid}`)
const token = 'docs-page-token-0123456789'
let child: ChildProcess | undefined
afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(folder, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

it('runs the program of docs/deploying.md, answers its curl lines, and closes on SIGTERM', async () => {
  const program = page.find((block) => block.language === 'ts' && block.text.includes('createHost('))
  expect(program, 'docs/deploying.md shows a program that calls createHost').toBeDefined()
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'main.ts'), program?.text ?? '')
  writeFileSync(
    join(folder, 'bot.ts'),
    `export const runtime = (await import(${JSON.stringify(join(root, 'test', 'host', 'hostWorld.ts'))})).botRuntime().runtime\n`,
  )
  // its own tsconfig: tsx must not map @botwire/runtime to the repository's sources (tsconfig.json's paths)
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true } }),
  )
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  const port = await freePort()
  const started = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'main.ts'], {
    cwd: folder,
    env: { ...process.env, PORT: String(port), BOTWIRE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = started
  let stdout = ''
  let stderr = ''
  started.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  started.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)))
  for (let waited = 0; !stdout.includes('serving on'); waited += 50) {
    if (waited > 60_000 || started.exitCode !== null) throw new Error(`the page's program did not start:\n${stdout}${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(stdout).toContain(`serving on http://127.0.0.1:${port}`)

  const curls = page
    .filter((block) => block.language === 'sh')
    .flatMap(shellLines)
    .filter((line) => line.startsWith('curl '))
  expect(curls).toHaveLength(2)
  const run = (line: string) =>
    execFileSync('bash', ['-c', line.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`)], { encoding: 'utf8', env: { ...process.env, BOTWIRE_TOKEN: token } })
  const webhook = JSON.parse(run(curls[0] ?? '')) as { ok: boolean; conversationId: string }
  expect(webhook.ok).toBe(true)
  const listed = JSON.parse(run(curls[1] ?? '')) as { conversations: { id: string; tags: unknown }[] }
  expect(listed.conversations).toEqual([expect.objectContaining({ id: webhook.conversationId, tags: { 'slack:channelId': 'C1', 'slack:threadTs': '17.1' } })])

  started.kill('SIGTERM')
  expect(await exited).toBe(0)
  const lines = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number })
  expect(lines.filter((line) => line.msg === 'request').map((line) => [line.path, line.status])).toEqual([
    ['/webhooks/slack', 200],
    ['/api/listConversations', 200],
  ])
  expect(stdout).not.toContain(token)
})
