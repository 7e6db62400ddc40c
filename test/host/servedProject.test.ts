// Issue #35's "done when", as a user does it (docs/deploying.md#without-a-program-botwire-serve):
// a project made from an empty folder with the packages as npm packs them
// (test/support/packedProject.ts: getting-started.md's installs, then the page's), the
// example's thread bot with the page's src/bot.ts (a webhook, createRuntime on the stores
// serve opens), generated and compiled by the page's commands, served by the project's
// `botwire` in a child process. The page's curl line posts to the webhook, the reply shows
// as delivered, SIGTERM stops it, and started again it finds the same conversation with
// the earlier messages. Once on the embedded store (the page's command line), and once on
// PostgreSQL through the page's Dockerfile (#a-container-image): this machine runs no Docker
// daemon, so the file is checked against the project (what it copies is there, its RUN steps
// are the page's commands), its image stage made as a production-only install beside the
// project (`npm ci --omit=dev`: no compiler in it) with the compiled dist/, and its CMD, the
// host's `botwire-serve` (docs/cli.md's line), run there with its ENV, in a schema of its own.
// About 35 s of CPU beside the project getting-started.md makes (two npm installs, tsc, four
// starts of a served bot, two of them loading PGlite); a loaded machine stretches the wall time.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { dropSchema, TEST_DATABASE_URL, uniqueSchemaName } from '../stores/postgresServer.js'
import { emptyEmbeddedFolder } from '../support/emptyEmbeddedFolder.js'
import { type CodeBlock, codeBlocks, shellLines } from '../support/markdownBlocks.js'
import { installedProject, packedPackages, runPageLine } from '../support/packedProject.js'
import { freePort, jsonLines, repoRoot, type ServedProcess, serveInChild } from './servedProcess.js'

const read = (page: string) => codeBlocks(readFileSync(join(repoRoot, 'docs', page), 'utf8'))
const deploying = read('deploying.md')
const token = 'served-project-token-0123456789'
const schema = uniqueSchemaName()
const children: ServedProcess[] = []
afterAll(async () => {
  for (const child of children) child.child.kill('SIGKILL')
  await dropSchema(schema)
})

function block(test: (b: CodeBlock) => boolean, what: string): CodeBlock {
  const found = deploying.find(test)
  if (found === undefined) throw new Error(`docs/deploying.md has no ${what}`)
  return found
}

const serveLines = shellLines(block((b) => b.language === 'sh' && b.text.includes('npx botwire serve'), 'block with npx botwire serve'))
const webhookCurl = deploying
  .filter((b) => b.language === 'sh')
  .flatMap(shellLines)
  .find((line) => line.startsWith('curl ') && line.includes('/webhooks/slack'))

let project = ''
beforeAll(() => {
  const tarballs = packedPackages()
  // getting-started.md's installs and tsconfig.json, then this page's installs (the host, the stores)
  const setUp = read('getting-started.md').filter((b) => /^[13]\. /.test(b.section))
  const [packages, settings] = setUp as [CodeBlock, CodeBlock]
  const installs = deploying
    .filter((b) => b.language === 'sh')
    .flatMap(shellLines)
    .filter((line) => line.startsWith('npm install @botwire/'))
  expect(installs).toEqual(['npm install @botwire/runtime @botwire/host', 'npm install @botwire/store-embedded @botwire/store-postgres'])
  // a copy of the project getting-started.md's lines and this page's installs made (kept while the
  // packages are the same), its node_modules shared; both install lines' packages in one npm
  // call: one install of the tree rather than two (about 4 s of CPU each)
  const install = `npm install ${installs.map((line) => line.slice('npm install '.length)).join(' ')}`
  project = installedProject([...shellLines(packages), install], tarballs, { modules: 'shared' })
  writeFileSync(join(project, 'tsconfig.json'), settings.text)
  runPageLine('npx botwire init --example', project, tarballs)
  const bot = block((b) => b.language === 'ts' && b.text.startsWith('// src/bot.ts'), 'src/bot.ts')
  mkdirSync(join(project, 'src'))
  writeFileSync(join(project, 'src', 'bot.ts'), bot.text)
  // the page's commands before serve: generate, then tsc (which type-checks the bot under the strict settings)
  const [serveLine] = serveLines.slice(-1)
  expect(serveLines.slice(0, -1)).toEqual(['npx botwire generate', 'npx tsc'])
  for (const line of serveLines.slice(0, -1)) runPageLine(line, project, tarballs)
  expect(serveLine).toMatch(/^BOTWIRE_TOKEN=\S+ npx botwire serve dist\/src\/bot\.js$/)
}, 300_000)

/** `botwire serve dist/src/bot.js` in `folder`, as the page's line (or the Dockerfile's CMD) runs it, on a free port. */
async function serve(folder: string, command: string[], env: { [name: string]: string }): Promise<{ served: ServedProcess; url: string }> {
  const port = await freePort()
  const [bin = '', ...args] = command
  const served = serveInChild([join(folder, bin), ...args], folder, { BOTWIRE_TOKEN: token, BOTWIRE_DATABASE_URL: '', ...env, PORT: String(port) })
  children.push(served)
  await served.printed('"msg":"serving"')
  return { served, url: `http://127.0.0.1:${port}` }
}

/** The page's curl line to the webhook, run by curl, on the served port. */
function postToWebhook(url: string): { ok: boolean; conversationId: string } {
  expect(webhookCurl).toBeDefined()
  return JSON.parse(execFileSync('bash', ['-c', (webhookCurl ?? '').replaceAll('http://127.0.0.1:3000', url)], { encoding: 'utf8' })) as {
    ok: boolean
    conversationId: string
  }
}

async function listTexts(url: string, conversationId: string): Promise<string[]> {
  const answer = await fetch(`${url}/api/listMessages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId }),
  })
  const { messages } = (await answer.json()) as { messages: { payload: { text: string } }[] }
  return messages.map((m) => m.payload.text)
}

/** Serves, posts, stops with SIGTERM, serves again, posts in the same thread: the same conversation, the earlier messages listed. */
async function postStopAndRestart(folder: string, command: string[], env: { [name: string]: string }): Promise<{ opened: object[]; output: string }> {
  const first = await serve(folder, command, env)
  const { ok, conversationId } = postToWebhook(first.url)
  expect(ok).toBe(true)
  // the channel handler's line, written before the webhook answered, reaches this process's pipe when it does
  await first.served.printed('to Slack C1/17.1: echo: hello\n')
  expect(await listTexts(first.url, conversationId)).toEqual(['echo: hello', 'hello'])
  first.served.child.kill('SIGTERM')
  expect(await first.served.exited).toBe(0)
  expect(jsonLines(first.served.stdout()).map((line) => line.msg)).toEqual(['store opened', 'serving', 'request', 'request', 'stopping', 'closed'])

  const second = await serve(folder, command, env)
  const again = postToWebhook(second.url)
  expect(again.conversationId).toBe(conversationId)
  expect(await listTexts(second.url, conversationId)).toEqual(['echo: hello', 'hello', 'echo: hello', 'hello'])
  second.served.child.kill('SIGTERM')
  expect(await second.served.exited).toBe(0)
  const output = first.served.stdout() + second.served.stdout()
  expect(output).not.toContain(token)
  return { opened: jsonLines(output).filter((line) => line.msg === 'store opened'), output }
}

it('on the embedded store: the webhook posted with curl, the reply delivered, and after SIGTERM and a new start the same conversation with its earlier messages', async () => {
  // the empty database PGlite makes on a first start (10 s of CPU in a child process), copied
  // in: serve still creates botwire's tables in it; test/stores/embeddedFolder.test.ts makes one from nothing
  await emptyEmbeddedFolder(join(project, '.botwire', 'store'))
  const { opened } = await postStopAndRestart(project, ['node_modules/.bin/botwire', 'serve', 'dist/src/bot.js'], {})
  const folder = { store: 'embedded', folder: expect.stringMatching(/[/\\]\.botwire[/\\]store$/) }
  expect(opened).toEqual([expect.objectContaining(folder), expect.objectContaining(folder)])
  expect(existsSync(join(project, '.botwire', 'store'))).toBe(true)
}, 300_000)

it("the page's Dockerfile: what it copies is in the project, its RUN steps are the page's commands, and its CMD, the host's botwire-serve in a production-only install, serves the bot on PostgreSQL across a restart", async () => {
  const dockerfile = block((b) => b.language === 'dockerfile', 'Dockerfile')
    .text.split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => /^([A-Z]+) (.*)$/.exec(line)?.slice(1) as [string, string])
  const steps = (instruction: string) => dockerfile.filter(([name]) => name === instruction).map(([, rest]) => rest)
  expect(steps('FROM')).toEqual(['node:22-slim AS build', 'node:22-slim'])
  // the build stage copies from the project, the image stage from it too and the compiled dist/ from the build stage
  const fromBuild = steps('COPY').filter((copy) => copy.startsWith('--from=build '))
  expect(fromBuild).toEqual(['--from=build /app/dist/ dist/'])
  for (const copy of steps('COPY').filter((copy) => !copy.startsWith('--from='))) {
    const sources = copy.split(' ').slice(0, -1)
    for (const source of sources) expect(existsSync(join(project, source)), `COPY ${source}`).toBe(true)
  }
  // npm ci is what made the project's node_modules (installedProject, from the tarballs); chown needs the image's user
  const productionInstall = 'npm ci --omit=dev --no-audit --no-fund'
  expect(steps('RUN')).toEqual([
    'npm ci --no-audit --no-fund',
    `${serveLines.slice(0, -1).join(' && ')}`,
    productionInstall,
    'mkdir .botwire && chown node .botwire',
  ])
  const env = Object.fromEntries(steps('ENV').flatMap((line) => line.split(' ').map((pair) => pair.split('=') as [string, string])))
  expect(env).toEqual({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000' })
  const command = JSON.parse(steps('CMD')[0] ?? '[]') as string[]
  expect(command).toEqual(['node_modules/.bin/botwire-serve', 'dist/src/bot.js'])
  // docs/cli.md's line for a production install runs the same bin on the same module
  const cliPage = read('cli.md')
    .filter((b) => b.language === 'sh')
    .flatMap(shellLines)
  expect(cliPage.find((line) => line.includes('npx botwire-serve'))).toMatch(/^BOTWIRE_TOKEN=\S+ npx botwire-serve dist\/src\/bot\.js$/)

  // the image stage: beside the project (npm's relative paths to the tarballs hold), package.json and its lock, the production install, dist/
  const image = mkdtempSync(join(dirname(project), 'image-'))
  for (const file of ['package.json', 'package-lock.json']) cpSync(join(project, file), join(image, file))
  runPageLine(productionInstall, image, packedPackages())
  cpSync(join(project, 'dist'), join(image, 'dist'), { recursive: true })
  expect([existsSync(join(image, 'node_modules', 'botwire')), existsSync(join(image, 'node_modules', 'typescript'))]).toEqual([false, false])
  expect(existsSync(join(image, command[0] ?? ''))).toBe(true)

  const { opened, output } = await postStopAndRestart(image, command, { ...env, BOTWIRE_DATABASE_URL: TEST_DATABASE_URL, BOTWIRE_DATABASE_SCHEMA: schema })
  expect(opened).toEqual([expect.objectContaining({ store: 'postgres', schema }), expect.objectContaining({ store: 'postgres', schema })])
  expect(output).not.toContain(TEST_DATABASE_URL)
}, 300_000)
