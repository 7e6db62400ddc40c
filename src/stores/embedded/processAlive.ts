// Whether a process still runs, for the locks that name their holder by its process id (the
// embedded store's folder lock; the test suite's lock files and run folders).

/** Whether a process with that id runs (one of another user counts: it is there, only not ours to signal). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'
  }
}
