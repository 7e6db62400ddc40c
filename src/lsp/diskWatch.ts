// Changes on disk (a file saved by another tool, added, deleted, a git checkout) reach the
// analysis without the client's help: not every client sends didChangeWatchedFiles.
import { type FSWatcher, watch } from 'chokidar'

export function watchDefinitions(definitionsDir: string, changed: (path: string) => void): FSWatcher {
  const watcher = watch(definitionsDir, {
    ignoreInitial: true,
    ignored: (path: string) => /(^|[/\\])(node_modules|\.[^/\\]+)([/\\]|$)/.test(path.slice(definitionsDir.length)),
  })
  watcher.on('all', (_event, path) => changed(path))
  // a folder that cannot be watched leaves the client's notifications, and requests, to tell
  watcher.on('error', () => undefined)
  return watcher
}
