// `botwire lsp` through a real client over stdio (bench/lspClient.ts), on the valid copy of
// the 1,000-definition workspace: the initial load against `botwire check` of the same
// workspace (both child processes of the built CLI, alternated in the same run), the
// server's memory after the load, the time from a didChange to the diagnostics it
// publishes (a bot, and the interface bench/watch.ts picks, about 40 definitions depending
// on it), and completion and hover answered at the names of three files.
//
// The server is started with a debounce of 0: the debounce (30 ms unless the client sets
// it) is a wait for the typing to pause, not work, and the figures are of the work.
import { spawnSync } from 'node:child_process'
import { readFileSync, realpathSync } from 'node:fs'
import { relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { checkWorkspace } from '../src/pipeline/checkWorkspace.js'
import { type LspClient, startLspClient } from './lspClient.js'
import { interfaceWithDependents } from './watch.js'

export interface LspFigures {
  /** spawn to the first diagnostics published for the opened bot, wall ms per run (run 0: the warm-up) */
  serverLoad: number[]
  /** `botwire check` of the same workspace, spawn to exit, wall ms per run (run 0: the warm-up) */
  checkLoad: number[]
  memory: { rssBytes: number; heapUsedBytes: number }
  /** didChange to the diagnostics published, wall ms per edit */
  bot: number[]
  iface: number[]
  ifaceLabel: string
  completion: number[]
  hover: number[]
  /** a hover sent right after an edit's diagnostics: the first request after an analysis builds the index */
  firstAfterAnalysis: number[]
  /** positions where completion offered something, hover said something */
  answered: { completion: number; hover: number }
}

interface Position {
  uri: string
  line: number
  character: number
}

/** The values of the cross-file names (definition names, versions, aliases) in a text: where to hover, where to complete. */
function namePositions(uri: string, text: string): { hover: Position[]; completion: Position[] } {
  const hover: Position[] = []
  const completion: Position[] = []
  text.split('\n').forEach((line, i) => {
    const found = /^(\s*)(integration|plugin|version|integrationAlias|integrationInterfaceAlias|name|entity): ([\w.^~-]+)/.exec(line)
    if (!found) return
    const start = (found[1]?.length ?? 0) + (found[2]?.length ?? 0) + 2
    hover.push({ uri, line: i, character: start + 1 })
    completion.push({ uri, line: i, character: start + (found[3]?.length ?? 0) })
  })
  return { hover, completion }
}

/** Up to `count` items, spread evenly over the list. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)] as T)
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now()
  const result = await fn()
  return { ms: performance.now() - started, result }
}

export async function lspFigures(validDir: string, scratch: string, runs: number, cliMain: string, edits = 100): Promise<LspFigures> {
  const dir = realpathSync(validDir)
  const root = realpathSync(scratch)
  const { model } = checkWorkspace({ definitionsDir: dir, builtins: true })
  const bot = model.bots[0]
  const chosen = interfaceWithDependents(model, 40)
  const iface = model.definitions.get(chosen.key)
  const implementation = model.integrations.find((i) => i.implemented.some((m) => m.interfaceKey === chosen.key))
  if (!bot || !iface || !implementation) throw new Error('bench: the workspace has no bot, interface or implementation')
  const rel = (path: string): string => relative(root, path)
  const start = (): Promise<LspClient> => startLspClient(cliMain, root, { args: ['--definitions', dir], debounce: 0 })

  // the initial load, alternated with `botwire check`; the last server stays for the rest
  const serverLoad: number[] = []
  const checkLoad: number[] = []
  let client: LspClient | null = null
  let botUri = ''
  for (let run = 0; run <= runs; run++) {
    await client?.close()
    const load = await timed(async () => {
      const started = await start()
      const uri = await started.open(rel(bot.file.absolutePath))
      await started.waitForDiagnostics(uri, () => true, 300_000)
      return { started, uri }
    })
    client = load.result.started
    botUri = load.result.uri
    serverLoad.push(load.ms)
    const check = await timed(async () =>
      spawnSync(process.execPath, [cliMain, 'check', '--definitions', dir], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' }),
    )
    if (check.result.status !== 0) throw new Error(`bench: botwire check of the valid copy exited ${check.result.status}:\n${check.result.stdout}`)
    checkLoad.push(check.ms)
  }
  if (!client) throw new Error('bench: no server')
  const live = client
  try {
    const status = await live.request<{ memory: { rssBytes: number; heapUsedBytes: number } }>('botwire/status', {})
    const implementationUri = await live.open(rel(implementation.file.absolutePath))
    await live.waitForDiagnostics(implementationUri, (d) => d.length === 0)
    const ifaceUri = await live.open(rel(iface.file.absolutePath))
    await live.waitForDiagnostics(ifaceUri, (d) => d.length === 0)
    const botText = readFileSync(bot.file.absolutePath, 'utf8')
    const ifaceText = readFileSync(iface.file.absolutePath, 'utf8')
    // a second bot, not open (requests answer from the analysis of every file), so that there are about 30 positions
    const other = model.bots[1]
    const positions = [
      namePositions(botUri, botText),
      namePositions(implementationUri, readFileSync(implementation.file.absolutePath, 'utf8')),
      ...(other ? [namePositions(live.uri(rel(other.file.absolutePath)), readFileSync(other.file.absolutePath, 'utf8'))] : []),
    ]
    const hoverAt = spread(
      positions.flatMap((p) => p.hover),
      30,
    )
    const completeAt = spread(
      positions.flatMap((p) => p.completion),
      30,
    )
    const hoverOnce = (p: Position) => live.request<unknown>('textDocument/hover', { textDocument: { uri: p.uri }, position: p })

    // a bot: even edits misspell one of its integrations (an unknown-reference error), odd ones restore the text
    const references = [...botText.matchAll(/^ {4}integration: ([\w-]+)$/gm)].map((m) => m[0])
    if (references.length === 0) throw new Error('bench: the bot references no integration')
    const botTimes: number[] = []
    const firstAfterAnalysis: number[] = []
    let version = 1
    for (let n = 0; n < edits; n++) {
      const reference = references[Math.floor(n / 2) % references.length] as string
      const breaks = n % 2 === 0
      const text = breaks ? botText.replace(reference, `${reference}x`) : botText
      const edit = await timed(async () => {
        await live.change(botUri, text, ++version)
        await live.waitForDiagnostics(botUri, (d) => (breaks ? d.length > 0 : d.length === 0))
      })
      botTimes.push(edit.ms)
      const probe = hoverAt[n % hoverAt.length]
      if (probe) firstAfterAnalysis.push((await timed(() => hoverOnce(probe))).ms)
    }

    // the interface: even edits change its version (its implementations name one that is gone), odd ones restore it
    const ifaceTimes: number[] = []
    version = 1
    for (let n = 0; n < edits; n++) {
      const breaks = n % 2 === 0
      const text = breaks ? ifaceText.replace(/^version: .*$/m, `version: 9.${n}.0`) : ifaceText
      const edit = await timed(async () => {
        await live.change(ifaceUri, text, ++version)
        await live.waitForDiagnostics(implementationUri, (d) => (breaks ? d.length > 0 : d.length === 0))
      })
      ifaceTimes.push(edit.ms)
    }

    // completion and hover, with no change waiting (the index of the last analysis built by a first request)
    await hoverOnce(hoverAt[0] as Position)
    const completion: number[] = []
    const hover: number[] = []
    const answered = { completion: 0, hover: 0 }
    for (const p of completeAt) {
      const asked = await timed(() =>
        live.request<unknown[] | { items: unknown[] } | null>('textDocument/completion', { textDocument: { uri: p.uri }, position: p }),
      )
      completion.push(asked.ms)
      const list = asked.result
      if (list && (Array.isArray(list) ? list : list.items).length > 0) answered.completion++
    }
    for (const p of hoverAt) {
      const asked = await timed(() => hoverOnce(p))
      hover.push(asked.ms)
      if (asked.result) answered.hover++
    }
    return {
      serverLoad,
      checkLoad,
      memory: status.memory,
      bot: botTimes,
      iface: ifaceTimes,
      ifaceLabel: `an interface ${chosen.dependents} definitions depend on`,
      completion,
      hover,
      firstAfterAnalysis,
      answered,
    }
  } finally {
    await live.close()
  }
}
