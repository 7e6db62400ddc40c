// The stores serve (serveModule.ts) opens for a module that exports `createRuntime`
// (docs/deploying.md#the-stores-serve-opens): PostgreSQL when a database URL is given
// (BOTWIRE_DATABASE_URL or --database-url), else the embedded store in a folder under the
// working directory. Each store package is found in the bot's project at run time (the host's
// package depends on none). The
// URL may hold a password: it is never put in a message or a log line, and what a store's
// error says is cleaned of it before it is shown.
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ServeUsageError } from './serveUsage.js'

/** Which store to open, from the flags and the environment. */
export type StoreChoice = { kind: 'postgres'; connectionString: string; schema?: string } | { kind: 'embedded'; folder?: string }

export interface OpenedStores {
  /** createRuntime's store options: `store`, and every `*Store` the opened store carries (RuntimeStores) */
  stores: { readonly [option: string]: object }
  /** what the log says of it: its kind, and its folder or schema (never the URL) */
  described: { store: 'embedded'; folder: string } | { store: 'postgres'; schema: string }
  close(): Promise<void>
}

/** The store the flags and environment ask for; `--data` with a database URL is bad usage. */
export function chooseStore(flags: { databaseUrl?: string | undefined; data?: string | undefined }, env: NodeJS.ProcessEnv): StoreChoice {
  const connectionString = flags.databaseUrl ?? nonEmpty(env['BOTWIRE_DATABASE_URL'])
  if (connectionString === undefined) return { kind: 'embedded', ...(flags.data !== undefined && { folder: flags.data }) }
  if (flags.data !== undefined)
    throw new ServeUsageError("--data is the embedded store's folder: with a database URL (BOTWIRE_DATABASE_URL or --database-url) serve opens PostgreSQL")
  const schema = nonEmpty(env['BOTWIRE_DATABASE_SCHEMA'])
  return { kind: 'postgres', connectionString, ...(schema !== undefined && { schema }) }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null
}

const PACKAGES = {
  embedded: { name: '@botwire/store-embedded', open: 'openEmbeddedStore' },
  postgres: { name: '@botwire/store-postgres', open: 'openPostgresStore' },
} as const

/** The store package's open function, from the bot's project. */
async function loadOpen(command: string, moduleFile: string, kind: StoreChoice['kind']): Promise<(options: object) => Promise<unknown>> {
  const { name, open } = PACKAGES[kind]
  let entry: string
  try {
    entry = createRequire(moduleFile).resolve(name)
  } catch {
    throw new ServeUsageError(`${command} needs ${name} in the bot's project (from ${dirname(moduleFile)}) to open its store: npm install ${name}`)
  }
  const loaded: unknown = await import(pathToFileURL(entry).href)
  if (!isObject(loaded) || typeof loaded[open] !== 'function') throw new ServeUsageError(`${entry} exports no ${open}: is ${name} installed whole?`)
  return loaded[open] as (options: object) => Promise<unknown>
}

/** `store` and every `*Store` property of the opened store: the list of store options lives in the store packages and RuntimeStores, not here. */
function runtimeStores(opened: { readonly [key: string]: unknown }): { readonly [option: string]: object } {
  const stores: { [option: string]: object } = { store: opened }
  for (const [key, value] of Object.entries(opened)) if (key.endsWith('Store') && isObject(value)) stores[key] = value
  return stores
}

/** A store's error message without the connection string or its password (a driver may repeat what it was given). */
function withoutSecret(message: string, connectionString: string): string {
  let password = ''
  try {
    password = decodeURIComponent(new URL(connectionString).password)
  } catch {
    // no URL: the whole string is all there is to hide
  }
  let cleaned = message.replaceAll(connectionString, '<BOTWIRE_DATABASE_URL>')
  if (password !== '') cleaned = cleaned.replaceAll(password, '<password>')
  return cleaned
}

/** Opens the chosen store; a store that cannot be opened is bad usage with its reason (STORE_UNAVAILABLE, INVALID_STORE_OPTIONS). */
export async function openStores(command: string, moduleFile: string, choice: StoreChoice): Promise<OpenedStores> {
  const open = await loadOpen(command, moduleFile, choice.kind)
  let opened: unknown
  try {
    opened =
      choice.kind === 'postgres'
        ? await open({ connectionString: choice.connectionString, ...(choice.schema !== undefined && { schema: choice.schema }) })
        : await open(choice.folder === undefined ? {} : { folder: choice.folder })
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error)
    const code = isObject(error) && typeof error['code'] === 'string' ? `${error['code']}: ` : ''
    throw new ServeUsageError(
      `${command} cannot open the ${choice.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} store: ${code}${choice.kind === 'postgres' ? withoutSecret(said, choice.connectionString) : said}`,
    )
  }
  if (!isObject(opened) || typeof opened['close'] !== 'function')
    throw new ServeUsageError(`${PACKAGES[choice.kind].name} opened no store: is it installed whole?`)
  const store = opened
  const described =
    choice.kind === 'postgres'
      ? { store: 'postgres' as const, schema: String(store['schema']) }
      : { store: 'embedded' as const, folder: String(store['folder']) }
  return { stores: runtimeStores(store), described, close: async () => void (await (store['close'] as () => Promise<void>)()) }
}
