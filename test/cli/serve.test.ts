// `botwire serve MODULE` (docs/cli.md#botwire-serve-module): the CLI, run as a user runs it on
// a TypeScript bot (through tsx), serves the module's runtime and webhooks with the token of
// BOTWIRE_TOKEN, logs JSON lines on stdout and stops gracefully on SIGTERM; bad usage says
// what is missing. The command line of docs/deploying.md is the one run here, its module a
// TypeScript one through tsx (`--import tsx`) and `npx botwire` this repository's CLI.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { botFolder, freePort, jsonLines, type ServedProcess, serveInChild } from '../host/servedProcess.js'
import { cliPath, repoRoot, runBotwire } from '../support/cli.js'
import { codeBlocks, shellLines } from '../support/markdownBlocks.js'

const pageLine = codeBlocks(readFileSync(join(repoRoot, 'docs', 'deploying.md'), 'utf8'))
  .filter((block) => block.language === 'sh')
  .flatMap(shellLines)
  .find((line) => line.includes('npx botwire serve'))
const [, token = '', pageModule = ''] = /^BOTWIRE_TOKEN=(\S+) npx botwire serve (\S+)$/.exec(pageLine ?? '') ?? []
const bot = botFolder('serve-command')
const elsewhere = mkdtempSync(join(tmpdir(), 'botwire-serve-'))
let served: ServedProcess | undefined
afterAll(() => {
  served?.child.kill('SIGKILL')
  bot.remove()
  rmSync(elsewhere, { recursive: true, force: true })
})

it('serves the exported runtime and webhooks, with the token of BOTWIRE_TOKEN, and exits 0 on SIGTERM', async () => {
  expect([token.length > 16, pageModule]).toEqual([true, 'dist/src/bot.js'])
  const port = await freePort()
  served = serveInChild(['--import', 'tsx', cliPath, 'serve', 'bot.ts', '--port', String(port)], bot.folder, { BOTWIRE_TOKEN: token })
  await served.printed('"msg":"serving"')
  const url = `http://127.0.0.1:${port}`
  expect(jsonLines(served.stdout())[0]).toMatchObject({ msg: 'serving', url })
  const posted = await fetch(`${url}/webhooks/slack`, {
    method: 'POST',
    body: JSON.stringify({ channel: 'C1', thread: '1', user: 'U1', ts: '2', text: 'hi' }),
  })
  const { conversationId } = (await posted.json()) as { conversationId: string }
  const listed = await fetch(`${url}/api/listMessages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify({ conversationId }),
  })
  const { messages } = (await listed.json()) as { messages: { payload: { text: string } }[] }
  expect(messages.map((m) => m.payload.text)).toEqual(['echo: hi', 'hi'])
  expect((await fetch(`${url}/api/listMessages`, { method: 'POST', body: '{}' })).status).toBe(401)
  served.child.kill('SIGTERM')
  expect(await served.exited).toBe(0)
  expect(jsonLines(served.stdout()).map((line) => line.msg)).toEqual(['serving', 'message received', 'request', 'request', 'request', 'stopping', 'closed'])
  expect(served.stdout()).not.toContain(token)
})

it('is bad usage without @botwire/host in the bot project, or with a module that exports no runtime', async () => {
  writeFileSync(join(elsewhere, 'bot.mjs'), 'export const runtime = 1\n')
  const noHost = await runBotwire(['serve', 'bot.mjs'], { cwd: elsewhere })
  expect(noHost.code).toBe(2)
  expect(noHost.stderr).toContain('botwire serve needs @botwire/host in the bot')
  writeFileSync(join(bot.folder, 'nothing.mjs'), 'export const runtime = 1\n')
  const noRuntime = await runBotwire(['serve', 'nothing.mjs', '--port', '0'], { cwd: bot.folder })
  expect(noRuntime.code).toBe(2)
  expect(noRuntime.stderr).toContain('must export `runtime` (what createRuntime returns) or `createRuntime`')
  const badPort = await runBotwire(['serve', 'nothing.mjs', '--port', 'http'], { cwd: bot.folder })
  expect(badPort.stderr).toContain("--port must be a port number (0 to 65535), not 'http'")
})

it('is bad usage that says how to serve a bot in TypeScript, for a module not compiled yet and for TypeScript run without tsx', async () => {
  const notCompiled = await runBotwire(['serve', 'dist/src/bot.js', '--port', '0'], { cwd: bot.folder })
  expect([notCompiled.code, notCompiled.stderr]).toEqual([
    2,
    `botwire: error BW9002: cannot load ${join(bot.folder, 'dist', 'src', 'bot.js')}: there is no such file (a bot written in TypeScript is compiled first, with tsc, or served through tsx: docs/cli.md#botwire-serve-module)\n`,
  ])
  // the CLI as npx runs it, without tsx: Node runs no .ts before 22.18, and no enum after
  writeFileSync(join(bot.folder, 'sizes.ts'), 'enum Size { Small }\nexport const runtime = Size.Small\n')
  const plain = serveInChild([join(repoRoot, 'bin', 'botwire.js'), 'serve', 'sizes.ts', '--port', '0'], bot.folder, { NODE_OPTIONS: '' })
  expect(await plain.exited).toBe(2)
  expect(plain.stderr()).toContain(
    "sizes.ts: Node does not run this TypeScript by itself: compile it (npx tsc) and serve the JavaScript, or serve it through tsx: NODE_OPTIONS='--import tsx' npx botwire serve sizes.ts",
  )
})

it('is bad usage, naming the npm install, when the store a createRuntime needs is not in the bot project; never shows a database URL', async () => {
  // a project with the host but no store: the host linked from this repository
  mkdirSync(join(elsewhere, 'node_modules', '@botwire'), { recursive: true })
  symlinkSync(join(repoRoot, 'packages', 'host'), join(elsewhere, 'node_modules', '@botwire', 'host'), 'dir')
  writeFileSync(join(elsewhere, 'factory.mjs'), "export function createRuntime() { throw new Error('not reached') }\n")
  const noStore = await runBotwire(['serve', 'factory.mjs', '--port', '0'], { cwd: elsewhere, env: { BOTWIRE_DATABASE_URL: undefined } })
  expect([noStore.code, noStore.stderr]).toEqual([2, expect.stringContaining('needs @botwire/store-embedded in the bot')])
  expect(noStore.stderr).toContain('npm install @botwire/store-embedded')

  writeFileSync(join(bot.folder, 'factory.mjs'), "export function createRuntime() { throw new Error('not reached') }\n")
  const secret = 'postgres://bob:s3cret-word@127.0.0.1:1/bots'
  const unreachable = await runBotwire(['serve', 'factory.mjs', '--port', '0'], { cwd: bot.folder, env: { BOTWIRE_DATABASE_URL: secret } })
  expect([unreachable.code, unreachable.stderr]).toEqual([2, expect.stringContaining('botwire serve cannot open the PostgreSQL store: STORE_UNAVAILABLE')])
  expect(unreachable.stderr + unreachable.stdout).not.toContain('s3cret-word')
  const both = await runBotwire(['serve', 'factory.mjs', '--data', 'here'], { cwd: bot.folder, env: { BOTWIRE_DATABASE_URL: secret } })
  expect([both.code, both.stderr]).toEqual([2, expect.stringContaining("--data is the embedded store's folder")])
  expect(both.stderr).not.toContain('s3cret-word')
  // a module's own runtime keeps its own stores: a store flag with it is bad usage
  const ownRuntime = await runBotwire(['serve', 'nothing.mjs', '--data', 'here'], { cwd: bot.folder })
  expect([ownRuntime.code, ownRuntime.stderr]).toEqual([2, expect.stringContaining('keeps its own stores: --data and --database-url need')])
})

it("is bad usage, with the host's code, when the host cannot start: beyond localhost without a token", async () => {
  const open = await runBotwire(['serve', 'bot.ts', '--hostname', '0.0.0.0', '--port', '0'], { cwd: bot.folder, env: { BOTWIRE_TOKEN: undefined } })
  expect([open.code, open.stderr]).toEqual([2, expect.stringMatching(/^botwire: error BW9002: botwire serve cannot start the host: INVALID_HOST_OPTIONS: /)])
})
