// Ctrl-C (SIGINT) and SIGTERM during a one-shot `botwire generate`: from the start of the
// command to its end they are caught, and turn an AbortSignal that the writing looks at
// between two files and in its wait for another run's lock (write/writeOutput.ts). The
// run then stops where it is, with the output folder as an interrupted run leaves it
// (docs/cli.md#interrupted-runs), says so on stderr and exits 130 or 143, as a shell
// reports a process a signal stopped.
//
// A listener runs only when the event loop turns: while the checks run (synchronous
// code), a signal waits for them to end, then stops the run before it writes.

/** The exit code of a run a signal stopped: 128 plus the signal's number. */
export const SIGNAL_EXIT: Readonly<Record<StopSignalName, number>> = { SIGINT: 130, SIGTERM: 143 }

export type StopSignalName = 'SIGINT' | 'SIGTERM'

/** Whether an exit code is that of a run a signal stopped. */
export function isSignalExit(code: number): boolean {
  return Object.values(SIGNAL_EXIT).includes(code)
}

export interface StopSignals {
  /** aborted with the signal's name at the first signal */
  signal: AbortSignal
  /** the first signal received, if any */
  received(): StopSignalName | null
  /** stops listening: a later signal has its default effect again */
  dispose(): void
}

export function listenForStopSignals(): StopSignals {
  const controller = new AbortController()
  const onSignal = (name: StopSignalName): void => {
    if (!controller.signal.aborted) controller.abort(name)
  }
  const names: StopSignalName[] = ['SIGINT', 'SIGTERM']
  for (const name of names) process.on(name, onSignal)
  return {
    signal: controller.signal,
    received: () => (controller.signal.aborted ? (controller.signal.reason as StopSignalName) : null),
    dispose: () => {
      for (const name of names) process.off(name, onSignal)
    },
  }
}
