// serve (docs/cli.md#botwire-serve-module), the host's `botwire-serve MODULE` and the
// compiler's `botwire serve MODULE`, which calls it: loads a bot module (its `runtime`, or a
// `createRuntime(stores)` factory, and optionally `webhooks` written beside the bot: its
// implementations' own handlers need none) and serves it with createHost, once the runtime says
// no secret its bot needs is missing (serveSecrets.ts). A `createRuntime`
// is given the stores serve opens (serveStores.ts); a `runtime` keeps its own. Logs go to
// stdout as JSON lines; SIGINT or SIGTERM closes the host (requests in flight finish), the
// runtime, the stores serve opened, then the module's own `close()`, and resolves 0; a second
// signal meanwhile exits at once (130 or 143), saying on stderr what it cut.
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { createHost } from './createHost.js'
import type { HostOptions } from './hostOptions.js'
import { refuseMissingSecrets } from './serveSecrets.js'
import { chooseStore, type OpenedStores, openStores, type StoreChoice } from './serveStores.js'
import { ServeUsageError } from './serveUsage.js'
import { SIGNAL_EXIT, waitForStopSignal } from './stopSignal.js'

/** What serve reads of the bot module. */
interface BotModule {
  runtime?: unknown
  createRuntime?: unknown
  webhooks?: unknown
  close?: unknown
}

/** What serve reads of the runtime itself; createHost checks the rest. */
interface ServedRuntime {
  close?: unknown
  missingSecrets?: unknown
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null
}

/** A coded error of the runtime's (INVALID_HOST_OPTIONS: a port in use, 0.0.0.0 without a token; INVALID_RUNTIME_OPTIONS) as the bad usage it is; any other as it is. */
function codedAsUsage(what: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' ? new ServeUsageError(`${what}: ${code}: ${error.message}`) : error
}

function checkedRuntime(moduleFile: string, runtime: unknown): ServedRuntime {
  if (!isObject(runtime) || typeof runtime['integration'] !== 'function')
    throw new ServeUsageError(`${moduleFile} must export \`runtime\` (what createRuntime returns) or \`createRuntime\` (a function that returns it)`)
  return runtime
}

/** The module's runtime: `createRuntime(stores)` on the stores serve opens, or its own `runtime` (and no stores of serve's). */
async function startRuntime(
  command: string,
  moduleFile: string,
  bot: BotModule,
  choice: StoreChoice,
  asked: { flag: boolean; environment: boolean },
  log: (line: string) => void,
): Promise<{ runtime: ServedRuntime; opened?: OpenedStores }> {
  if (typeof bot.createRuntime !== 'function') {
    if (asked.flag)
      throw new ServeUsageError(`${moduleFile} exports \`runtime\`, which keeps its own stores: --data and --database-url need \`createRuntime(stores)\``)
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
  const opened = await openStores(command, moduleFile, choice)
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'store opened', ...opened.described }))
  try {
    return { runtime: checkedRuntime(moduleFile, await (bot.createRuntime as (stores: object) => unknown)(opened.stores)), opened }
  } catch (error) {
    await opened.close()
    throw codedAsUsage(`${moduleFile}'s createRuntime failed`, error)
  }
}

const NOT_COMPILED = ' (a bot written in TypeScript is compiled first, with tsc, or served through tsx: docs/cli.md#botwire-serve-module)'

/** Why a module did not load: for TypeScript that Node does not run by itself (.ts before Node 22.18, an enum after), the two ways to serve it. */
function loadFailure(command: string, module: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (/\.[cm]?ts$/.test(module) && (code === 'ERR_UNKNOWN_FILE_EXTENSION' || code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX'))
    return `Node does not run this TypeScript by itself: compile it (npx tsc) and serve the JavaScript, or serve it through tsx: NODE_OPTIONS='--import tsx' npx ${command} ${module}`
  return error instanceof Error ? error.message : String(error)
}

/** The command's usage line, with the name it was run as. */
function usageLine(command: string): string {
  return `${command} takes one bot module: ${command} MODULE [--port N] [--hostname HOST] [--data DIR | --database-url URL]`
}

/**
 * Serves the bot module `args` name until SIGINT or SIGTERM; resolves 0 once all is closed.
 * Bad usage (a module, a flag, a store or a host that cannot start) rejects with a
 * ServeUsageError whose message names `command`, the name serve was run as.
 */
export async function runServe(args: string[], command = 'botwire-serve'): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { port: { type: 'string' }, hostname: { type: 'string' }, 'database-url': { type: 'string' }, data: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1) throw new ServeUsageError(usageLine(command))
  const moduleFile = resolve(positionals[0] ?? '')
  const portText = values.port ?? process.env['PORT'] ?? '3000'
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) throw new ServeUsageError(`--port must be a port number (0 to 65535), not '${portText}'`)
  const choice = chooseStore({ databaseUrl: values['database-url'], data: values.data }, process.env)
  let bot: BotModule
  if (!existsSync(moduleFile)) throw new ServeUsageError(`cannot load ${moduleFile}: there is no such file${NOT_COMPILED}`)
  try {
    bot = (await import(pathToFileURL(moduleFile).href)) as BotModule
  } catch (error) {
    throw new ServeUsageError(`cannot load ${moduleFile}: ${loadFailure(command, positionals[0] ?? '', error)}`)
  }
  const log = (line: string): void => {
    process.stdout.write(`${line}\n`)
  }
  const asked = { flag: values.data !== undefined || values['database-url'] !== undefined, environment: Boolean(process.env['BOTWIRE_DATABASE_URL']) }
  const { runtime, opened } = await startRuntime(command, moduleFile, bot, choice, asked, log)
  /** The runtime (its work in flight awaited), then the stores serve opened; `closedRuntime` between the two. */
  const closeRuntime = async (closedRuntime: () => void = () => undefined): Promise<void> => {
    if (typeof runtime.close === 'function') await (runtime.close as () => unknown)()
    closedRuntime()
    await opened?.close()
  }
  // before it listens: a bot whose secrets are not all set would answer 500 MISSING_SECRET to each call that needs one
  try {
    refuseMissingSecrets(command, moduleFile, runtime)
  } catch (error) {
    await closeRuntime()
    throw error
  }
  const stop = waitForStopSignal()
  let served: { url: string; close(): Promise<void> }
  try {
    // the module's exports are checked as far as serve reads them; createHost checks the rest
    const options = {
      runtime,
      ...(isObject(bot.webhooks) && { webhooks: bot.webhooks }),
      token: process.env['BOTWIRE_TOKEN'],
      hostname: values.hostname ?? process.env['HOST'] ?? '127.0.0.1',
      port,
      logger: log,
    } as HostOptions
    served = await createHost(options)
  } catch (error) {
    stop.dispose()
    await closeRuntime()
    throw codedAsUsage(`${command} cannot start the host`, error)
  }
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'serving', module: positionals[0], url: served.url }))
  const signal = await stop.received
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'stopping', signal }))
  // what a second signal cuts: the step under way and those after it, each dropped once done
  const cut = [
    'the requests in flight (their clients see the connection drop)',
    "the runtime's state expiries and recurring events in flight",
    ...(opened ? ['the closing of the store'] : []),
    ...(typeof bot.close === 'function' ? ["the module's close()"] : []),
  ]
  const done = (): void => void cut.shift()
  stop.onRepeat((again) => {
    process.stderr.write(`${command}: ${again} while stopping: exiting at once (${SIGNAL_EXIT[again]}), cut: ${cut.join('; ')}\n`)
    process.exit(SIGNAL_EXIT[again])
  })
  await served.close()
  done()
  await closeRuntime(done)
  if (opened) done()
  if (typeof bot.close === 'function') await (bot.close as () => unknown)()
  log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'closed', signal }))
  stop.dispose()
  return 0
}
