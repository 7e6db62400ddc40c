// A bot served by a child process, for the tests that run a host as a user does (the program
// of docs/deploying.md, `botwire serve`): a folder under the repository (so that
// `@botwire/host` and `@botwire/runtime` resolve to its built packages) whose `bot.ts`
// exports the helpdesk bot's runtime and slack's webhook (test/host/hostWorld.ts), and the
// child's output as it comes.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const repoRoot = join(import.meta.dirname, '..', '..')

/** A folder with `bot.ts` (exports `runtime` and `webhooks`) and a tsconfig of its own: tsx must not map @botwire/runtime to the sources (tsconfig.json's paths). */
export function botFolder(name: string): { folder: string; remove(): void } {
  const folder = join(repoRoot, 'node_modules', '.cache', 'botwire', `${name}-${process.pid}`)
  mkdirSync(folder, { recursive: true })
  const world = JSON.stringify(join(repoRoot, 'test', 'host', 'hostWorld.ts'))
  writeFileSync(
    join(folder, 'bot.ts'),
    `const world = await import(${world})\nexport const runtime = world.botRuntime().runtime\nexport const webhooks = { slack: world.slackWebhook }\n`,
  )
  writeFileSync(
    join(folder, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true } }),
  )
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module', private: true }))
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export interface ServedProcess {
  child: ChildProcess
  stdout(): string
  stderr(): string
  /** resolves once stdout holds `text`; rejects when the child exits first or after a minute */
  printed(text: string): Promise<void>
  /** the child's exit code */
  exited: Promise<number | null>
}

export function serveInChild(args: string[], cwd: string, env: { [name: string]: string }): ServedProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const printed = async (text: string): Promise<void> => {
    for (let waited = 0; !stdout.includes(text); waited += 50) {
      if (waited > 60_000 || child.exitCode !== null) throw new Error(`expected '${text}' from the served bot:\n${stdout}${stderr}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return { child, stdout: () => stdout, stderr: () => stderr, printed, exited }
}

/** The JSON lines of a served bot's stdout. */
export function jsonLines(stdout: string): { msg: string; path?: string; status?: number; url?: string }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string })
}
