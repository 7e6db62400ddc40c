// Recurring events (docs/runtime.md#recurring-events): each event with a `recurrence` (the
// bot's own, a plugin instance's, an integration's the bot adds) is emitted by the runtime
// at every occurrence of its cron schedule, on the runtime's clock, with the recurrence's
// payload, exactly as its owner's client would emit it. Each occurrence is claimed in the
// state store first (StateStore.claimOccurrence): of several runtimes on one shared store,
// the one whose claim wins emits it, so it is emitted once. Timers are background ones
// (keepAlive false): a host keeps its process alive itself. `stop` cancels them all; an
// occurrence in flight is tracked, for the runtime's close to wait for it.

import type { Clock, ClockTimer } from './clock.js'
import { type CronSchedule, parseCron } from './cronSchedule.js'
import type { EventDefinition } from './definition.js'
import { ValidationError } from './errors.js'
import { copyJson } from './jsonCopies.js'
import type { StateStore } from './stateStore.js'

/** One recurring event and how to emit it. */
export interface RecurringEvent {
  /** as handlers see it: `dailyReport`, `reminders#sweep`, `chat:tick` */
  label: string
  event: EventDefinition
  emit(payload: unknown): Promise<void>
}

export interface Schedules {
  stop(): void
}

/** The bot's recurring events: own, then each plugin instance's, then each integration's it has an implementation of. */
export function recurringEvents(
  definition: { events?: { [name: string]: EventDefinition }; plugins: { [alias: string]: { events: { [name: string]: EventDefinition } } } },
  integrationEvents: (alias: string) => { [name: string]: EventDefinition } | undefined,
  integrationAliases: readonly string[],
  emit: {
    own(name: string, payload: unknown): Promise<void>
    plugin(alias: string, name: string, payload: unknown): Promise<void>
    integration(alias: string, name: string, payload: unknown): Promise<void>
  },
): RecurringEvent[] {
  const found: RecurringEvent[] = []
  for (const [name, event] of Object.entries(definition.events ?? {})) {
    if (event.recurrence) found.push({ label: name, event, emit: (payload) => emit.own(name, payload) })
  }
  for (const [alias, instance] of Object.entries(definition.plugins)) {
    for (const [name, event] of Object.entries(instance.events)) {
      if (event.recurrence) found.push({ label: `${alias}#${name}`, event, emit: (payload) => emit.plugin(alias, name, payload) })
    }
  }
  for (const alias of integrationAliases) {
    for (const [name, event] of Object.entries(integrationEvents(alias) ?? {})) {
      if (event.recurrence) found.push({ label: `${alias}:${name}`, event, emit: (payload) => emit.integration(alias, name, payload) })
    }
  }
  return found
}

/** Parses every schedule first, so that a bad one refuses to start (INVALID_RECURRENCE) before any timer is armed. */
function schedulesOf(events: readonly RecurringEvent[]): { event: RecurringEvent; schedule: CronSchedule }[] {
  const issues: string[] = []
  const parsed: { event: RecurringEvent; schedule: CronSchedule }[] = []
  for (const event of events) {
    const cron = event.event.recurrence?.cron ?? ''
    const result = parseCron(cron)
    if ('problem' in result) issues.push(`${event.label}: ${result.problem.reason}`)
    else parsed.push({ event, schedule: result.schedule })
  }
  if (issues.length > 0) throw new ValidationError('INVALID_RECURRENCE', 'createRuntime: a recurring event cannot be scheduled', issues)
  return parsed
}

/**
 * Arms a timer for the next occurrence of each schedule; each occurrence is claimed in
 * `claims`, emitted when this runtime's claim wins, and arms the next one (from the
 * occurrence, so a slow handler does not shift the schedule). A failed claim or emission
 * goes to `backgroundError`; the schedule goes on.
 */
export function startSchedules(
  events: readonly RecurringEvent[],
  clock: Clock,
  claims: Pick<StateStore, 'claimOccurrence'>,
  backgroundError: (error: unknown) => void,
  /** each occurrence in flight, which the runtime's close waits for */
  track: (work: Promise<void>) => void,
): Schedules {
  const timers = new Set<ClockTimer>()
  let stopped = false
  const arm = (event: RecurringEvent, schedule: CronSchedule, after: number): void => {
    const next = schedule.nextAfter(after)
    if (stopped || next === undefined) return
    const timer = clock.setTimer(
      () => {
        timers.delete(timer)
        if (stopped) return
        arm(event, schedule, next)
        const payload = event.event.recurrence?.payload
        const emitWhenClaimed = async (): Promise<void> => {
          if (await claims.claimOccurrence(`event ${event.label}`, new Date(next).toISOString())) await event.emit(copyJson(payload ?? {}))
        }
        // the runtime's close waits for an occurrence in flight: its store is still open
        track(emitWhenClaimed().catch(backgroundError))
      },
      next - clock.now(),
      { keepAlive: false },
    )
    timers.add(timer)
  }
  const start = clock.now()
  for (const { event, schedule } of schedulesOf(events)) arm(event, schedule, start)
  return {
    stop() {
      stopped = true
      for (const timer of timers) timer.cancel()
      timers.clear()
    },
  }
}
