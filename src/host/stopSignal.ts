// The first SIGINT or SIGTERM while serve runs (serveModule.ts): caught from the start so
// that a signal during start-up closes what was opened, rather than ending the process.

export type StopSignalName = 'SIGINT' | 'SIGTERM'

export interface StopSignal {
  /** resolves with the first signal received */
  received: Promise<StopSignalName>
  /** stops listening: a later signal has its default effect again */
  dispose(): void
}

export function waitForStopSignal(): StopSignal {
  const names: StopSignalName[] = ['SIGINT', 'SIGTERM']
  let onSignal: (name: StopSignalName) => void = () => undefined
  const received = new Promise<StopSignalName>((resolve) => {
    onSignal = resolve
  })
  for (const name of names) process.on(name, onSignal)
  return {
    received,
    dispose: () => {
      for (const name of names) process.off(name, onSignal)
    },
  }
}
