// `generate --watch`: regenerate on every change below the definitions folder,
// debounced so that an editor's save (write to a temp file, rename over the original)
// triggers one run. Keeps running through errors and through the folder's removal
// (it waits for it to come back); exits cleanly on Ctrl-C. Each run is told which paths
// changed since the last one (the incremental engine reads only those), or that
// anything may have (the first run, and the folder back after its removal). A run may
// write asynchronously: changes during it wait for it to end, and Ctrl-C or SIGTERM (the
// caller's `stop` signal) ends the watch at once when no run is in flight, or when the run
// in flight ends, which its writing does at its next step (at once in the wait for
// another run's lock); a run the signal stopped gives the exit code (130, 143).
import { existsSync, statSync } from 'node:fs'
import { type FSWatcher, watch } from 'chokidar'
import { displayPath } from '../load/displayPath.js'
import { FOLDER_HINT } from '../load/loadWorkspace.js'
import type { GenerateCommandOptions } from './options.js'
import { isSignalExit } from './stopSignals.js'
import { EXIT, reportFailure, UsageError } from './usage.js'

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory()
}

// a save (a temporary file written and renamed over the original, or a write in place) is
// a few events within a millisecond or two: a short quiet takes it as one run. A file read
// while still being written is read again on the event its last write makes.
const DEBOUNCE_MS = 20
/** an editor's save is at most this many events (a temporary file written, renamed over the original); more before a run are a burst */
const SAVE_EVENTS = 3
/** within this long after a run, more changes are taken as a burst (a branch switch, a formatter) */
const BURST_WINDOW_MS = 1000
/** the quiet a burst must leave before the next run */
const BURST_DEBOUNCE_MS = 300
/** no change waits longer than this for its run */
const MAX_WAIT_MS = 1000
const FOLDER_CHECK_MS = 500

/** One run: `changed` lists the paths changed since the last run, or is null when anything may have changed. Gives its exit code. */
export type WatchRun = (changed: readonly string[] | null) => Promise<number>

export function watchDefinitions(options: GenerateCommandOptions, stopSignal: AbortSignal, run: WatchRun): Promise<number> {
  // a folder that is not there cannot be watched: bad usage, before anything runs
  if (!isFolder(options.definitionsDir)) throw new UsageError(`definitions folder not found: ${displayPath(options.definitionsDir)}${FOLDER_HINT}`)
  const folder = displayPath(options.definitionsDir)
  return new Promise((resolvePromise) => {
    let stopped = false
    let gone = false
    let timer: NodeJS.Timeout | undefined
    let firstPending = 0
    /** events since the last run */
    let events = 0
    let lastRunEnded = 0
    let folderCheck: NodeJS.Timeout | undefined
    let watcher: FSWatcher | undefined
    /** paths changed since the last run; null: start over (nothing is known yet, or the folder came back) */
    let changed: Set<string> | null = null
    /** a run in flight: a change waits for it, and so does a signal */
    let running = false
    /** the watcher is live (its 'ready' came): "watching" is said once it is and no run is in flight */
    let watcherReady = false
    const stop = (code: number): void => {
      if (stopped) return
      stopped = true
      if (timer) clearTimeout(timer)
      if (folderCheck) clearInterval(folderCheck)
      void (watcher?.close() ?? Promise.resolve()).then(() => resolvePromise(code))
    }
    // what the watcher says of itself goes beside the runs' output: with --format json to
    // stderr, so that stdout holds only the runs' JSON arrays, one after another
    const say = (line: string): void => void (options.format === 'json' ? process.stderr : process.stdout).write(`${line}\n`)
    // said only once the watcher is live: an edit made after this line is never missed
    const sayWatching = (): void => say(`watching ${folder} for changes (Ctrl-C to stop)`)
    const runSafely = (): void => {
      timer = undefined
      if (stopped) return
      if (running) {
        // this burst is run once the run in flight ends
        schedule()
        return
      }
      firstPending = 0
      events = 0
      if (!isFolder(options.definitionsDir)) {
        // removed (a branch switch, a script that rebuilds it): wait for it to come back
        if (gone) return
        gone = true
        changed = null
        void watcher?.close()
        watcher = undefined
        say(`the definitions folder ${folder} is gone; waiting for it to come back (Ctrl-C to stop)`)
        return
      }
      const paths = changed && [...changed]
      changed = new Set()
      running = true
      void run(paths)
        .catch((error: unknown) => {
          // printed as the CLI prints any failure (BW9002 for usage, BW9001 otherwise); watching goes on
          reportFailure(error)
          return EXIT.ok
        })
        .then((code) => {
          running = false
          lastRunEnded = Date.now()
          if (stopSignal.aborted) return stop(isSignalExit(code) ? code : EXIT.ok)
          if (gone) {
            gone = false
            startWatcher(true)
          } else if (watcher && watcherReady) sayWatching()
        })
    }
    // a save is one run, DEBOUNCE_MS after it; a burst of changes (a branch switch, a
    // formatter over every file) is a few: changes soon after a run, or more than a save
    // makes, wait for a longer quiet, and none waits longer than MAX_WAIT_MS
    const schedule = (): void => {
      if (timer) clearTimeout(timer)
      const now = Date.now()
      if (firstPending === 0) firstPending = now
      events++
      const inBurst = now - lastRunEnded < BURST_WINDOW_MS || events > SAVE_EVENTS
      const quiet = inBurst ? BURST_DEBOUNCE_MS : DEBOUNCE_MS
      timer = setTimeout(runSafely, Math.max(0, Math.min(quiet, firstPending + MAX_WAIT_MS - now)))
    }
    const startWatcher = (cameBack: boolean): void => {
      const live = watch(options.definitionsDir, {
        ignoreInitial: true,
        ignored: (path: string) => /(^|[/\\])(node_modules|\.[^/\\]+)([/\\]|$)/.test(path.slice(options.definitionsDir.length)),
      })
      watcher = live
      watcherReady = false
      live.once('ready', () => {
        if (watcher !== live) return
        watcherReady = true
        // during the first run, the run's end says it, after what the run printed
        if (!running) sayWatching()
        // a change made while the watcher started up (the folder just came back) is not an
        // event, and the run before it may have read the folder half-copied: read it all again
        if (cameBack) {
          changed = null
          schedule()
        }
      })
      live.on('all', (_event, path) => {
        changed?.add(path)
        schedule()
      })
      // a watcher error (a permission lost, say) is reported, not an uncaught crash
      live.on('error', (error) => reportFailure(error))
    }
    // a signal while no run is in flight ends the watch now; one during a run, when it ends
    stopSignal.addEventListener('abort', () => {
      if (!running) stop(EXIT.ok)
    })
    runSafely()
    startWatcher(false)
    // the folder's own removal, and its coming back, are not always events (the watch on
    // it goes with it): look for both twice a second as well
    folderCheck = setInterval(() => {
      if (isFolder(options.definitionsDir) === gone && timer === undefined) runSafely()
    }, FOLDER_CHECK_MS)
  })
}
