// The runtime's background work in flight (docs/runtime.md#stopping-a-runtime): a state
// expiry (a timer's or a sweep's) and a recurring event's occurrence, each running its
// handlers with no caller to await them. close() starts no more of it and waits for what
// was started, so that it ends before the program closes the stores it runs against; the
// wait is bounded by the handlers' time limit, on the runtime's clock.
import type { Clock } from './clock.js'

export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()

  /** Tracks `work` until it settles; `work` reports its own failure (to the background errors), this copy of it never rejects. */
  track(work: Promise<void>): void {
    const forget = (): void => {
      this.running.delete(tracked)
    }
    const tracked: Promise<void> = work.then(forget, forget)
    this.running.add(tracked)
  }

  /**
   * Resolves once every piece of work tracked so far (and any it starts meanwhile) has
   * settled, or `limitMs` on `clock` after the call, whichever comes first.
   */
  async settled(clock: Clock, limitMs: number): Promise<void> {
    if (this.running.size === 0) return
    let stop: () => void = () => undefined
    const limit = new Promise<void>((resolve) => {
      stop = resolve
    })
    const timer = clock.setTimer(() => stop(), limitMs, { keepAlive: true })
    try {
      while (this.running.size > 0) {
        const all = Promise.allSettled([...this.running]).then(() => 'settled' as const)
        if ((await Promise.race([all, limit.then(() => 'limit' as const)])) === 'limit') return
      }
    } finally {
      timer.cancel()
    }
  }
}
