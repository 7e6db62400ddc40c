// The runtime's time (docs/runtime.md#the-clock): what "now" is and when a timer fires, for
// timestamps, time limits, state expiry and recurring events. `systemClock` is the real one;
// `ManualClock` is one a test moves forward itself, so that time-driven behaviour is
// tested without waiting and without timed tests.

/** A pending timer of a clock; `cancel` is safe to call more than once, and after it fired. */
export interface ClockTimer {
  cancel(): void
}

export interface TimerOptions {
  /**
   * Whether a pending timer keeps the process alive (a real clock only). True for work that
   * is pending, such as a call waiting for its time limit; false for background schedules,
   * which a host keeps alive by itself.
   */
  keepAlive: boolean
}

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number
  /** Calls `callback` once, when `ms` milliseconds have passed (at once for 0 or less). */
  setTimer(callback: () => void, ms: number, options: TimerOptions): ClockTimer
}

// typed here rather than with @types/node or the DOM: the runtime compiles without platform types
interface PlatformTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}
const platform = globalThis as unknown as PlatformTimers

/** The longest delay a platform timer takes (2^31 - 1 ms, about 24.8 days): a longer one fires at once. */
const LONGEST_TIMER_MS = 2_147_483_647

function unref(handle: unknown): void {
  ;(handle as { unref?: () => void } | null)?.unref?.()
}

/** A platform timer: one object per timer, its method on the prototype (a timer is set for every handler and delivery). */
class PlatformTimer implements ClockTimer {
  constructor(private readonly handle: unknown) {}
  cancel(): void {
    platform.clearTimeout(this.handle)
  }
}

/** A delay longer than one platform timer takes, as a chain of them. */
function chainedTimer(callback: () => void, ms: number, options: TimerOptions): ClockTimer {
  let remaining = ms
  let handle: unknown
  let cancelled = false
  const arm = (): void => {
    const delay = Math.min(remaining, LONGEST_TIMER_MS)
    remaining -= delay
    handle = platform.setTimeout(() => {
      if (cancelled) return
      if (remaining > 0) arm()
      else callback()
    }, delay)
    if (!options.keepAlive) unref(handle)
  }
  arm()
  return {
    cancel: () => {
      cancelled = true
      platform.clearTimeout(handle)
    },
  }
}

/** The real clock: `Date.now()` and the platform's timers (a delay longer than one timer takes is chained). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, ms, options) {
    const delay = Math.max(0, ms)
    if (delay > LONGEST_TIMER_MS) return chainedTimer(callback, delay, options)
    const handle = platform.setTimeout(callback, delay)
    if (!options.keepAlive) unref(handle)
    return new PlatformTimer(handle)
  },
}

interface ManualTimer {
  due: number
  order: number
  callback: () => void
  cancelled: boolean
}

/** Lets promise callbacks and I/O callbacks queued so far run (one platform turn). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => platform.setTimeout(resolve, 0))
}

/** Timers by due time, then by the order they were set: a binary heap, so that firing n timers costs n log n. */
class TimerQueue {
  private readonly heap: ManualTimer[] = []

  push(timer: ManualTimer): void {
    const heap = this.heap
    heap.push(timer)
    let at = heap.length - 1
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (!earlier(timer, heap[parent] as ManualTimer)) break
      heap[at] = heap[parent] as ManualTimer
      at = parent
    }
    heap[at] = timer
  }

  peek(): ManualTimer | undefined {
    return this.heap[0]
  }

  pop(): ManualTimer | undefined {
    const heap = this.heap
    const top = heap[0]
    const last = heap.pop()
    if (top === undefined || last === undefined || heap.length === 0) return top
    let at = 0
    for (;;) {
      const left = 2 * at + 1
      if (left >= heap.length) break
      const right = left + 1
      const child = right < heap.length && earlier(heap[right] as ManualTimer, heap[left] as ManualTimer) ? right : left
      if (!earlier(heap[child] as ManualTimer, last)) break
      heap[at] = heap[child] as ManualTimer
      at = child
    }
    heap[at] = last
    return top
  }
}

function earlier(a: ManualTimer, b: ManualTimer): boolean {
  return a.due < b.due || (a.due === b.due && a.order < b.order)
}

/**
 * A clock that stands still until `advance` moves it: timers fire in the order they are due
 * (by the order they were set when due together), each at its own time, with the work it
 * starts given a turn to run before the next fires. Nothing it holds keeps a process alive.
 */
export class ManualClock implements Clock {
  private current: number
  private counter = 0
  private pending = 0
  private readonly queue = new TimerQueue()

  /** `start`: the time it shows first, milliseconds since the epoch or an ISO timestamp; default 2026-01-01T00:00:00Z. */
  constructor(start: number | string = '2026-01-01T00:00:00.000Z') {
    const at = typeof start === 'string' ? Date.parse(start) : start
    if (!Number.isFinite(at)) throw new TypeError(`ManualClock: start must be a time (milliseconds since the epoch or an ISO timestamp), not ${String(start)}`)
    this.current = at
  }

  now(): number {
    return this.current
  }

  setTimer(callback: () => void, ms: number, _options?: TimerOptions): ClockTimer {
    const timer: ManualTimer = { due: this.current + Math.max(0, ms), order: this.counter++, callback, cancelled: false }
    this.queue.push(timer)
    this.pending++
    return {
      cancel: () => {
        if (timer.cancelled) return
        timer.cancelled = true
        this.pending--
      },
    }
  }

  /** How many timers are set and have neither fired nor been cancelled. */
  get pendingTimers(): number {
    return this.pending
  }

  /**
   * Moves time forward by `ms` (0 or more): fires every timer due by then, including those
   * the fired ones set, and resolves once the work they started has had its turns.
   */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new TypeError(`ManualClock.advance: ms must be a finite number of milliseconds, 0 or more, not ${String(ms)}`)
    const target = this.current + ms
    await nextTurn()
    for (let next = this.queue.peek(); next && next.due <= target; next = this.queue.peek()) {
      this.queue.pop()
      if (next.cancelled) continue
      next.cancelled = true
      this.pending--
      this.current = next.due
      next.callback()
      await nextTurn()
    }
    this.current = target
  }
}

// Timestamps as the records keep them (ISO 8601, UTC), the last two made remembered: a
// message, its reply and their updates are stamped within a millisecond or two (an update
// in the same millisecond is stamped one later), and formatting and parsing a date cost
// more than the rest of a stamp.
const recentMs = [Number.NaN, Number.NaN]
const recentIso = ['', '']
let older = 0

/** `new Date(ms).toISOString()`, the last two remembered. */
export function isoTimestamp(ms: number): string {
  if (ms === recentMs[0]) return recentIso[0] as string
  if (ms === recentMs[1]) return recentIso[1] as string
  const iso = new Date(ms).toISOString()
  recentMs[older] = ms
  recentIso[older] = iso
  older = 1 - older
  return iso
}

/** `Date.parse(iso)`: milliseconds since the epoch, NaN for what is no time; for a timestamp just made, without parsing it. */
export function timestampMs(iso: string): number {
  if (iso === recentIso[0]) return recentMs[0] as number
  if (iso === recentIso[1]) return recentMs[1] as number
  return Date.parse(iso)
}

/** What is wrong with `createRuntime({ clock })` (nothing when absent or a clock). */
export function clockOptionIssues(clock: unknown): string[] {
  if (clock === undefined) return []
  const c = clock as { now?: unknown; setTimer?: unknown } | null
  if (c === null || typeof c !== 'object' || typeof c.now !== 'function' || typeof c.setTimer !== 'function')
    return ['clock: must be a clock, with now() and setTimer(callback, ms, options) (systemClock or a ManualClock)']
  return []
}
