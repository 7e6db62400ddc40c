// `botwire serve MODULE` (docs/cli.md#botwire-serve-module): loads a bot module (its
// `runtime`, or a `createRuntime()` factory, and optionally `webhooks` written beside the
// bot: its implementations' own handlers need none) and serves it with
// `@botwire/host`, found in the bot's project as the runtime is: the compiler's package does
// not depend on the host, a bot that is served installs it. Logs go to stdout as JSON lines;
// SIGINT or SIGTERM closes the host (requests in flight finish), the runtime, then the
// module's own `close()` (its stores), and exits 0.
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { listenForStopSignals } from '../stopSignals.js'
import { UsageError } from '../usage.js'

/** What serve reads of `@botwire/host` (docs/deploying.md#createhost). */
interface HostPackage {
  createHost(options: object): Promise<{ url: string; close(): Promise<void> }>
}

/** What serve reads of the bot module. */
interface BotModule {
  runtime?: unknown
  createRuntime?: unknown
  webhooks?: unknown
  close?: unknown
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null
}

async function loadHost(moduleFile: string): Promise<HostPackage> {
  let entry: string
  try {
    entry = createRequire(moduleFile).resolve('@botwire/host')
  } catch {
    throw new UsageError(`botwire serve needs @botwire/host in the bot's project (from ${dirname(moduleFile)}): npm install @botwire/host`)
  }
  const loaded: unknown = await import(pathToFileURL(entry).href)
  if (!isObject(loaded) || typeof loaded['createHost'] !== 'function') throw new UsageError(`${entry} exports no createHost: is @botwire/host installed whole?`)
  return loaded as unknown as HostPackage
}

async function loadRuntime(moduleFile: string, bot: BotModule): Promise<{ close?: unknown }> {
  const runtime = typeof bot.createRuntime === 'function' ? await (bot.createRuntime as () => unknown)() : bot.runtime
  if (!isObject(runtime) || typeof runtime['integration'] !== 'function')
    throw new UsageError(`${moduleFile} must export \`runtime\` (what createRuntime returns) or \`createRuntime\` (a function that returns it)`)
  return runtime
}

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { port: { type: 'string' }, hostname: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1) throw new UsageError('botwire serve takes one bot module: botwire serve MODULE [--port N] [--hostname HOST]')
  const moduleFile = resolve(positionals[0] ?? '')
  const portText = values.port ?? process.env['PORT'] ?? '3000'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port must be a port number (0 to 65535), not '${portText}'`)
  const host = await loadHost(moduleFile)
  let bot: BotModule
  try {
    bot = (await import(pathToFileURL(moduleFile).href)) as BotModule
  } catch (error) {
    throw new UsageError(`cannot load ${moduleFile}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const runtime = await loadRuntime(moduleFile, bot)
  const stop = listenForStopSignals()
  const log = (line: string): void => {
    process.stdout.write(`${line}\n`)
  }
  const served = await host.createHost({
    runtime,
    ...(isObject(bot.webhooks) && { webhooks: bot.webhooks }),
    token: process.env['BOTWIRE_TOKEN'],
    hostname: values.hostname ?? process.env['HOST'] ?? '127.0.0.1',
    port,
    logger: log,
  })
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'serving', module: positionals[0], url: served.url }))
  await new Promise<void>((done) => stop.signal.addEventListener('abort', () => done(), { once: true }))
  await served.close()
  if (typeof runtime.close === 'function') (runtime.close as () => void)()
  if (typeof bot.close === 'function') await (bot.close as () => unknown)()
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'closed', signal: stop.received() }))
  stop.dispose()
  return 0
}
