// `generate --watch`: regenerate on every change below the definitions folder,
// debounced so that an editor's save (write to a temp file, rename over the original)
// triggers one run. Keeps running through errors; exits cleanly on Ctrl-C.
import { existsSync, statSync } from 'node:fs'
import { type FSWatcher, watch } from 'chokidar'
import { displayPath } from '../load/displayPath.js'
import type { GenerateCommandOptions } from './options.js'
import { EXIT, reportFailure, UsageError } from './usage.js'

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}

const DEBOUNCE_MS = 80
const FOLDER_CHECK_MS = 500

export function watchDefinitions(options: GenerateCommandOptions, run: () => number): Promise<number> {
  // a folder that is not there cannot be watched: bad usage, before anything runs
  if (!isFolder(options.definitionsDir)) throw new UsageError(`definitions folder not found: ${displayPath(options.definitionsDir)}`)
  return new Promise((resolvePromise) => {
    let stopped = false
    let timer: NodeJS.Timeout | undefined
    let folderCheck: NodeJS.Timeout | undefined
    let watcher: FSWatcher | undefined
    const stop = (code: number): void => {
      if (stopped) return
      stopped = true
      if (timer) clearTimeout(timer)
      if (folderCheck) clearInterval(folderCheck)
      void (watcher?.close() ?? Promise.resolve()).then(() => resolvePromise(code))
    }
    const runSafely = (): void => {
      // the folder itself removed: nothing left to watch (a watcher cannot follow a folder made anew)
      if (!isFolder(options.definitionsDir)) {
        process.stderr.write(`botwire: error BW9002: the definitions folder ${displayPath(options.definitionsDir)} is gone; stopped watching\n`)
        stop(EXIT.usage)
        return
      }
      try {
        run()
      } catch (error) {
        // printed as the CLI prints any failure (BW9002 for usage, BW9001 otherwise); watching goes on
        reportFailure(error)
      }
    }
    // said only once the watcher is live: an edit made after this line is never missed
    const sayWatching = (): void => void process.stdout.write(`watching ${displayPath(options.definitionsDir)} for changes (Ctrl-C to stop)\n`)
    runSafely()
    if (stopped) return
    watcher = watch(options.definitionsDir, {
      ignoreInitial: true,
      ignored: (path: string) => /(^|[/\\])(node_modules|\.[^/\\]+)([/\\]|$)/.test(path.slice(options.definitionsDir.length)),
      awaitWriteFinish: { stabilityThreshold: 30, pollInterval: 10 },
    })
    watcher.once('ready', sayWatching)
    watcher.on('all', () => {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        runSafely()
        if (!stopped) sayWatching()
      }, DEBOUNCE_MS)
    })
    // the folder's own removal is not always an event (the watch on it goes with it): look
    // for it twice a second as well
    folderCheck = setInterval(() => {
      if (!isFolder(options.definitionsDir)) runSafely()
    }, FOLDER_CHECK_MS)
    // a watcher error (a permission lost, say) is reported, not an uncaught crash
    watcher.on('error', (error) => reportFailure(error))
    process.once('SIGINT', () => stop(EXIT.ok))
    process.once('SIGTERM', () => stop(EXIT.ok))
  })
}
