// `generate --watch` on the incremental engine: the time from a saved edit to the written
// files, for a bot edit and for an edit of an interface that about 40 definitions depend
// on, against a full run (check, lower, emit, write: what every watch run did before the
// engine) measured in the same bench run on the same edits.
//
// In process: the work of one watch run (the engine told of the path, `generate()`, the
// write with what the last write left), and the full run. Through the CLI: the built
// `botwire generate --watch` as a child process, an editor-like save (a temporary file
// renamed over the original), and the time until it prints the run's summary line, which
// it does once every file is written: the watcher's latency and debounce included.
import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateWorkspace } from '../src/pipeline/generateWorkspace.js'
import { openWorkspace } from '../src/pipeline/workspaceEngine.js'
import type { Model } from '../src/resolve/model.js'
import { KnownOutput } from '../src/write/knownOutput.js'
import { writeOutput } from '../src/write/writeOutput.js'
import { measure, type Stats } from './measure.js'

export interface EditTarget {
  label: string
  /** relative to the workspace */
  path: string
  /** definitions whose module depends on it (itself excluded) */
  dependents: number
}

export interface WatchFigures {
  targets: EditTarget[]
  engine: Stats[]
  full: Stats[]
  /** save to summary line through the CLI, wall ms of each edit, per target (null: no built CLI) */
  cli: (number[] | null)[]
  files: number
}

/** The interface whose dependents (implementations, plugins on it, the bots that use either) come closest to `wanted`. */
export function interfaceWithDependents(model: Model, wanted: number): { key: string; dependents: number } {
  let best = { key: '', dependents: -1 }
  for (const iface of model.interfaces) {
    if (iface.builtin) continue
    const integrations = new Set(model.integrations.filter((i) => i.implemented.some((m) => m.interfaceKey === iface.key)).map((i) => i.key))
    const plugins = new Set(model.plugins.filter((p) => p.dependencies.some((d) => d.interfaceKey === iface.key)).map((p) => p.key))
    const bots = model.bots.filter(
      (b) => b.integrations.some((i) => integrations.has(i.integrationKey)) || b.plugins.some((p) => plugins.has(p.pluginKey)),
    ).length
    const dependents = integrations.size + plugins.size + bots
    if (best.dependents < 0 || Math.abs(dependents - wanted) < Math.abs(best.dependents - wanted)) best = { key: iface.key, dependents }
  }
  return best
}

/** An edit that changes the generated text: the definition's title, numbered. */
function edited(text: string, n: number): string {
  return text.replace(/^title: .*$/m, `title: Edited ${n}`)
}

/** Saves as many editors do: a temporary file renamed over the original. */
function save(path: string, text: string): void {
  writeFileSync(`${path}.swp~`, text)
  renameSync(`${path}.swp~`, path)
}

export async function watchFigures(validDir: string, scratch: string, runs: number, cliMain: string | null): Promise<WatchFigures> {
  const dir = join(scratch, 'watch-definitions')
  cpSync(validDir, dir, { recursive: true })
  const options = { definitionsDir: dir, builtins: true, cwd: scratch, outDir: join(scratch, 'watch-out') }
  const engine = openWorkspace(options)
  const first = engine.generate()
  const known = new KnownOutput()
  writeOutput(first.outDir, first.files, { known })
  const model = first.checked.model
  const bot = model.bots[0]
  const chosen = interfaceWithDependents(model, 40)
  const iface = model.definitions.get(chosen.key)
  if (!bot || !iface) throw new Error('bench: the workspace has no bot or interface')
  const targets: EditTarget[] = [
    { label: 'a bot', path: bot.file.absolutePath, dependents: 0 },
    { label: `an interface ${chosen.dependents} definitions depend on`, path: iface.file.absolutePath, dependents: chosen.dependents },
  ]
  const original = targets.map((t) => readFileSync(t.path, 'utf8'))
  const edits = runs * 3
  let n = 0
  const engineStats: Stats[] = []
  const fullStats: Stats[] = []
  for (const [i, target] of targets.entries()) {
    const text = original[i] ?? ''
    engineStats.push(
      await measure(edits, () => {
        save(target.path, edited(text, n++))
        engine.changedOnDisk([target.path])
        const generated = engine.generate()
        if (generated.files.length === 0) throw new Error('bench: the edit broke the workspace')
        return writeOutput(generated.outDir, generated.files, { known })
      }),
    )
    fullStats.push(
      await measure(runs, () => {
        save(target.path, edited(text, n++))
        const generated = generateWorkspace(options)
        return writeOutput(generated.outDir, generated.files)
      }),
    )
    engine.changedOnDisk([target.path])
  }
  const cli: (number[] | null)[] = []
  for (const [i, target] of targets.entries()) cli.push(cliMain ? await throughCli(cliMain, dir, options.outDir, target.path, original[i] ?? '', edits) : null)
  return { targets, engine: engineStats, full: fullStats, cli, files: first.files.length }
}

/** `botwire generate --watch` as a child: the time from each save to the summary line of its run. */
async function throughCli(cliMain: string, dir: string, outDir: string, path: string, text: string, edits: number): Promise<number[]> {
  const child: ChildProcess = spawn(process.execPath, [cliMain, 'generate', '--watch', '--definitions', dir, '--out', outDir], {
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const count = (): number => (output.match(/^generated /gm) ?? []).length
  const until = async (condition: () => boolean): Promise<void> => {
    const started = Date.now()
    while (!condition()) {
      if (Date.now() - started > 120_000) throw new Error(`bench: watch did not answer:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
  }
  try {
    await until(() => output.includes('watching '))
    // more than the burst window after the last run, as a person's next save would be
    const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1100))
    const samples: number[] = []
    for (let n = 0; n < edits; n++) {
      await pause()
      const before = count()
      const started = performance.now()
      save(path, edited(text, 1000 + n))
      await until(() => count() > before)
      samples.push(performance.now() - started)
    }
    return samples
  } finally {
    child.kill('SIGINT')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}
