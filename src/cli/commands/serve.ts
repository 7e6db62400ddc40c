// `botwire serve MODULE` (docs/cli.md#botwire-serve-module): serve is the host's
// (@botwire/host's runServe, also its bin `botwire-serve`), so that a production install
// serves a bot without the compiler. This command finds the host in the bot's project, from
// the working directory where `npx botwire` runs (the compiler's package does not depend on
// the host), and hands it the arguments; its bad usage (a ServeUsageError) is reported as
// the CLI's own (usage.ts).
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { UsageError } from '../usage.js'

/** What this command reads of `@botwire/host`. */
interface HostServe {
  runServe(args: string[], command: string): Promise<number>
}

export async function runServe(args: string[]): Promise<number> {
  const project = process.cwd()
  let entry: string
  try {
    entry = createRequire(join(project, 'package.json')).resolve('@botwire/host')
  } catch {
    throw new UsageError(`botwire serve needs @botwire/host in the bot's project (from ${project}): npm install @botwire/host`)
  }
  const host = (await import(pathToFileURL(entry).href)) as Partial<HostServe>
  if (typeof host.runServe !== 'function') throw new UsageError(`${entry} exports no runServe: is @botwire/host installed whole, at this botwire's version?`)
  return host.runServe(args, 'botwire serve')
}
