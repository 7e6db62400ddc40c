// Changes on disk (a file saved by another tool, added, deleted, a git checkout) reach the
// analysis without the client's help: not every client sends didChangeWatchedFiles.
// chokidar is loaded only here: a client that watches files for the server never needs it.
import type { FSWatcher } from 'chokidar'

export async function watchDefinitions(definitionsDir: string, changed: (path: string) => void): Promise<FSWatcher> {
  const { watch } = await import('chokidar')
  const watcher = watch(definitionsDir, {
    ignoreInitial: true,
    ignored: (path: string) => /(^|[/\\])(node_modules|\.[^/\\]+)([/\\]|$)/.test(path.slice(definitionsDir.length)),
  })
  watcher.on('all', (_event, path) => changed(path))
  // a folder that cannot be watched leaves the client's notifications, and requests, to tell
  watcher.on('error', () => undefined)
  // resolved once the watcher has read the folder: from then on no change is missed
  await new Promise<void>((ready) => {
    watcher.once('ready', ready)
    watcher.once('error', () => ready())
  })
  return watcher
}
