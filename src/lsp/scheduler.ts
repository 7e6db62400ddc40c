// When to analyse: a change marks the workspace stale, and the analysis runs once the
// changes have paused for `delay` ms (an edit storm of 1,000 changes in a second runs it
// once or twice, never 1,000 times), or at the latest `maxWait` ms after the first of
// them. A request that needs the analysis of the current texts runs it at once (`fresh`).
export interface SchedulerOptions {
  delay: number
  maxWait: number
}

export class AnalysisScheduler {
  private timer: NodeJS.Timeout | null = null
  private staleSince: number | null = null

  constructor(
    private readonly options: SchedulerOptions,
    private readonly run: () => void,
  ) {}

  get stale(): boolean {
    return this.staleSince !== null
  }

  /** A text changed: analyse after the pause. */
  changed(): void {
    const now = Date.now()
    this.staleSince ??= now
    if (this.timer) clearTimeout(this.timer)
    const wait = Math.max(0, Math.min(this.options.delay, this.staleSince + this.options.maxWait - now))
    this.timer = setTimeout(() => this.flush(), wait)
  }

  /** Runs the analysis now if a change is waiting for it. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (this.staleSince === null) return
    this.staleSince = null
    this.run()
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
