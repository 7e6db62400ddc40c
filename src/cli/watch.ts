// `generate --watch`: regenerate on every change below the definitions folder,
// debounced so that an editor's save (write to a temp file, rename over the original)
// triggers one run. Keeps running through errors; exits cleanly on Ctrl-C.
import { watch } from 'chokidar'
import { EXIT } from './usage.js'
import type { GenerateCommandOptions } from './commands/generate.js'

const DEBOUNCE_MS = 80

export function watchDefinitions(options: GenerateCommandOptions, run: () => number): Promise<number> {
  return new Promise((resolvePromise) => {
    const runSafely = (): void => {
      try {
        run()
      } catch (error) {
        process.stderr.write(`botwire: internal error BW9001: ${error instanceof Error ? error.message : String(error)}\n`)
      }
    }
    // said only once the watcher is live: an edit made after this line is never missed
    const sayWatching = (): void => void process.stdout.write(`watching ${options.definitionsDir} for changes (Ctrl-C to stop)\n`)
    runSafely()
    let timer: NodeJS.Timeout | undefined
    const watcher = watch(options.definitionsDir, {
      ignoreInitial: true,
      ignored: (path: string) => /(^|[/\\])(node_modules|\.[^/\\]+)([/\\]|$)/.test(path.slice(options.definitionsDir.length)),
      awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 },
    })
    watcher.once('ready', sayWatching)
    watcher.on('all', () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        runSafely()
        sayWatching()
      }, DEBOUNCE_MS)
    })
    const stop = (): void => {
      if (timer) clearTimeout(timer)
      void watcher.close().then(() => resolvePromise(EXIT.ok))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}
