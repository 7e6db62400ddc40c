// `botwire serve MODULE` (docs/cli.md#botwire-serve-module): loads a bot module (its
// `runtime`, or a `createRuntime(stores)` factory, and optionally `webhooks` written beside
// the bot: its implementations' own handlers need none) and serves it with
// `@botwire/host`, found in the bot's project as the runtime is: the compiler's package does
// not depend on the host, a bot that is served installs it. A `createRuntime` is given the
// stores serve opens (serveStores.ts); a `runtime` keeps its own. Logs go to stdout as JSON
// lines; SIGINT or SIGTERM closes the host (requests in flight finish), the runtime, the
// stores serve opened, then the module's own `close()`, and exits 0.
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { listenForStopSignals } from '../stopSignals.js'
import { UsageError } from '../usage.js'
import { chooseStore, type OpenedStores, openStores, type StoreChoice } from './serveStores.js'

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

/** A coded error of the runtime's (INVALID_HOST_OPTIONS: a port in use, 0.0.0.0 without a token; INVALID_RUNTIME_OPTIONS) as the bad usage it is; any other as it is. */
function codedAsUsage(what: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' ? new UsageError(`${what}: ${code}: ${error.message}`) : error
}

function checkedRuntime(moduleFile: string, runtime: unknown): { close?: unknown } {
  if (!isObject(runtime) || typeof runtime['integration'] !== 'function')
    throw new UsageError(`${moduleFile} must export \`runtime\` (what createRuntime returns) or \`createRuntime\` (a function that returns it)`)
  return runtime
}

/** The module's runtime: `createRuntime(stores)` on the stores serve opens, or its own `runtime` (and no stores of serve's). */
async function startRuntime(
  moduleFile: string,
  bot: BotModule,
  choice: StoreChoice,
  asked: { flag: boolean; environment: boolean },
  log: (line: string) => void,
): Promise<{ runtime: { close?: unknown }; opened?: OpenedStores }> {
  if (typeof bot.createRuntime !== 'function') {
    if (asked.flag)
      throw new UsageError(`${moduleFile} exports \`runtime\`, which keeps its own stores: --data and --database-url need \`createRuntime(stores)\``)
    if (asked.environment)
      log(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'warn',
          msg: 'the module exports runtime, which keeps its own stores: BOTWIRE_DATABASE_URL is not used',
        }),
      )
    return { runtime: checkedRuntime(moduleFile, bot.runtime) }
  }
  const opened = await openStores(moduleFile, choice)
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'store opened', ...opened.described }))
  try {
    return { runtime: checkedRuntime(moduleFile, await (bot.createRuntime as (stores: object) => unknown)(opened.stores)), opened }
  } catch (error) {
    await opened.close()
    throw codedAsUsage(`${moduleFile}'s createRuntime failed`, error)
  }
}

export async function runServe(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { port: { type: 'string' }, hostname: { type: 'string' }, 'database-url': { type: 'string' }, data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1)
    throw new UsageError('botwire serve takes one bot module: botwire serve MODULE [--port N] [--hostname HOST] [--data DIR | --database-url URL]')
  const moduleFile = resolve(positionals[0] ?? '')
  const portText = values.port ?? process.env['PORT'] ?? '3000'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`--port must be a port number (0 to 65535), not '${portText}'`)
  const choice = chooseStore({ databaseUrl: values['database-url'], data: values.data }, process.env)
  const host = await loadHost(moduleFile)
  let bot: BotModule
  try {
    bot = (await import(pathToFileURL(moduleFile).href)) as BotModule
  } catch (error) {
    throw new UsageError(`cannot load ${moduleFile}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const log = (line: string): void => {
    process.stdout.write(`${line}\n`)
  }
  const asked = { flag: values.data !== undefined || values['database-url'] !== undefined, environment: Boolean(process.env['BOTWIRE_DATABASE_URL']) }
  const { runtime, opened } = await startRuntime(moduleFile, bot, choice, asked, log)
  const closeRuntime = async (): Promise<void> => {
    if (typeof runtime.close === 'function') (runtime.close as () => void)()
    await opened?.close()
  }
  const stop = listenForStopSignals()
  let served: { url: string; close(): Promise<void> }
  try {
    served = await host.createHost({
      runtime,
      ...(isObject(bot.webhooks) && { webhooks: bot.webhooks }),
      token: process.env['BOTWIRE_TOKEN'],
      hostname: values.hostname ?? process.env['HOST'] ?? '127.0.0.1',
      port,
      logger: log,
    })
  } catch (error) {
    stop.dispose()
    await closeRuntime()
    throw codedAsUsage('botwire serve cannot start the host', error)
  }
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'serving', module: positionals[0], url: served.url }))
  await new Promise<void>((done) => stop.signal.addEventListener('abort', () => done(), { once: true }))
  await served.close()
  await closeRuntime()
  if (typeof bot.close === 'function') await (bot.close as () => unknown)()
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'closed', signal: stop.received() }))
  stop.dispose()
  return 0
}
