// docs/deploying.md as written (docs/deploying.md#createhost): its program is run with tsx's loader
// beside a `./bot.js` that exports the helpdesk bot's runtime (test/host/servedProcess.ts),
// `@botwire/host` the package as it is built; then each curl line of the page is run against
// it (the port it was given in place of 3000), and SIGTERM closes it.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { codeBlocks, shellLines } from '../support/markdownBlocks.js'
import { botFolder, freePort, jsonLines, repoRoot, type ServedProcess, serveInChild } from './servedProcess.js'

const page = codeBlocks(readFileSync(join(repoRoot, 'docs', 'deploying.md'), 'utf8'))
const token = 'docs-page-token-0123456789'
const bot = botFolder('deploying-page')
let served: ServedProcess | undefined
afterAll(() => {
  served?.child.kill('SIGKILL')
  bot.remove()
})

it('runs the program of docs/deploying.md, answers its curl lines, and closes on SIGTERM', async () => {
  const program = page.find((block) => block.language === 'ts' && block.text.includes('createHost('))
  expect(program, 'docs/deploying.md shows a program that calls createHost').toBeDefined()
  writeFileSync(join(bot.folder, 'main.ts'), program?.text ?? '')
  const port = await freePort()
  // tsx's loader in the program's own process: SIGTERM reaches the page's program, not tsx's command line that relays it
  served = serveInChild(['--import', 'tsx', 'main.ts'], bot.folder, { PORT: String(port), BOTWIRE_TOKEN: token })
  await served.printed('serving on')
  expect(served.stdout()).toContain(`serving on http://127.0.0.1:${port}`)

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

  served.child.kill('SIGTERM')
  expect(await served.exited).toBe(0)
  expect(
    jsonLines(served.stdout())
      .filter((line) => line.msg === 'request')
      .map((line) => [line.path, line.status]),
  ).toEqual([
    ['/webhooks/slack', 200],
    ['/api/listConversations', 200],
  ])
  expect(served.stdout()).not.toContain(token)
})
