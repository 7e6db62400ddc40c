// `botwire serve` stopped twice (docs/deploying.md#stopping-the-host): the first SIGTERM starts
// the graceful stop, which waits for the requests in flight; a second one while it waits exits
// at once, non-zero, saying on stderr what it cut. The bot's webhook here never answers, so the
// first stop alone would wait for ever.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { botFolder, freePort, jsonLines, type ServedProcess, serveInChild } from '../host/servedProcess.js'
import { cliPath, repoRoot } from '../support/cli.js'

const TOKEN = 'second-signal-token-0123456789'
const bot = botFolder('serve-second-signal')
const world = JSON.stringify(join(repoRoot, 'test', 'host', 'hostWorld.ts'))
writeFileSync(
  join(bot.folder, 'bot.ts'),
  `const world = await import(${world})
export const runtime = world.botRuntime().runtime
export const webhooks = {
  slack: async () => {
    console.log(JSON.stringify({ msg: 'handler entered' }))
    await new Promise(() => undefined)
  },
}
`,
)
let served: ServedProcess | undefined
afterAll(() => {
  served?.child.kill('SIGKILL')
  bot.remove()
})

it('exits at once at a second SIGTERM while the first waits for a request in flight: 143, and stderr says what was cut', async () => {
  const port = await freePort()
  served = serveInChild(['--import', 'tsx', cliPath, 'serve', 'bot.ts', '--port', String(port)], bot.folder, { BOTWIRE_TOKEN: TOKEN })
  await served.printed('"msg":"serving"')
  const inFlight = fetch(`http://127.0.0.1:${port}/webhooks/slack`, { method: 'POST', body: '{}' }).then(
    (answer) => answer.status,
    () => 'connection dropped',
  )
  await served.printed('"msg":"handler entered"')
  served.child.kill('SIGTERM')
  await served.printed('"msg":"stopping"')
  served.child.kill('SIGTERM')
  expect(await served.exited).toBe(143)
  expect(await inFlight).toBe('connection dropped')
  expect(served.stderr()).toBe(
    "botwire serve: SIGTERM while stopping: exiting at once (143), cut: the requests in flight (their clients see the connection drop); the runtime's state expiries and recurring events in flight\n",
  )
  expect(jsonLines(served.stdout()).map((line) => line.msg)).toEqual(['serving', 'handler entered', 'stopping'])
})
