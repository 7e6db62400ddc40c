// SIGINT and SIGTERM while serve runs (serveModule.ts): caught from the start so that a
// signal during start-up closes what was opened, rather than ending the process. The first
// starts the graceful stop; each one after it goes to `onRepeat`, for serve to exit at once
// (docs/deploying.md#stopping-the-host).

export type StopSignalName = 'SIGINT' | 'SIGTERM'

/** The exit code of a process a signal stopped: 128 plus the signal's number, as a shell reports it. */
export const SIGNAL_EXIT: Readonly<Record<StopSignalName, number>> = { SIGINT: 130, SIGTERM: 143 }

export interface StopSignal {
  /** resolves with the first signal received */
  received: Promise<StopSignalName>
  /** called with each signal received after the first */
  onRepeat(handler: (name: StopSignalName) => void): void
  /** stops listening: a later signal has its default effect again */
  dispose(): void
}

export function waitForStopSignal(): StopSignal {
  const names: StopSignalName[] = ['SIGINT', 'SIGTERM']
  let first: ((name: StopSignalName) => void) | undefined
  let repeated: (name: StopSignalName) => void = () => undefined
  const received = new Promise<StopSignalName>((resolve) => {
    first = resolve
  })
  const onSignal = (name: StopSignalName): void => {
    if (first === undefined) repeated(name)
    else {
      first(name)
      first = undefined
    }
  }
  for (const name of names) process.on(name, onSignal)
  return {
    received,
    onRepeat: (handler) => {
      repeated = handler
    },
    dispose: () => {
      for (const name of names) process.off(name, onSignal)
    },
  }
}
