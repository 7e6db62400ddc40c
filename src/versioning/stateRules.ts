// What a new version may do to states and recurring events (docs/versioning.md#states-and-recurring-events):
//
//   state added ................................................... minor
//   state removed, its type changed ............................... major (stored values are left behind)
//   state schema ........... as an input: the new version reads what the old one stored
//   state expiry added, removed or changed ........................ minor
//   recurrence added .............................................. minor
//   recurrence removed ............................................ major (handlers that waited for it get nothing)
//   recurrence cron or payload changed ............................ minor
//
// A bot's are all patch, as every change of a bot is (nothing uses a bot).
import { jsonEqual } from '../jsonSchema/jsonEqual.js'
import type { EventSpec, StateSpec } from '../validate/definitionTypes.js'
import type { ChangeRecorder } from './changeRecorder.js'
import type { ChangeLevel } from './types.js'

type States = Record<string, StateSpec> | undefined

function expiryOf(state: StateSpec): number | undefined {
  return 'expiry' in state ? state.expiry : undefined
}

/** `leaf`: the definition is a bot, whose every change is patch. */
export function compareStates(recorder: ChangeRecorder, before: States, after: States, leaf = false): void {
  const level = (wanted: ChangeLevel): ChangeLevel => (leaf ? 'patch' : wanted)
  recorder.members(
    (name) => `state '${name}'`,
    ['states'],
    before,
    after,
    { removed: level('major'), added: level('minor') },
    (name, oldState, newState) => {
      const what = `state '${name}'`
      const path = ['states', name]
      recorder.metadata(what, path, oldState, newState, ['title', 'description'])
      if (oldState.type !== newState.type) {
        recorder.add(
          level('major'),
          recorder.atNew([...path, 'type']),
          `${what} is now kept per ${newState.type}, not ${oldState.type}: the values stored per ${oldState.type} are left behind`,
        )
        return
      }
      const oldExpiry = expiryOf(oldState)
      const newExpiry = expiryOf(newState)
      if (oldExpiry !== newExpiry) {
        const place = newExpiry === undefined ? recorder.atOld([...path, 'expiry']) : recorder.atNew([...path, 'expiry'])
        const change =
          oldExpiry === undefined
            ? `now expires after ${newExpiry} ms idle`
            : newExpiry === undefined
              ? 'no longer expires'
              : `expires after ${newExpiry} ms idle, not ${oldExpiry}`
        recorder.add(level('minor'), place, `${what} ${change}`)
      }
      if (leaf) {
        if (!jsonEqual(oldState.schema, newState.schema)) recorder.add('patch', recorder.atNew([...path, 'schema']), `schema of ${what} changed`)
        return
      }
      // the new version reads the values the old one stored: an input of it
      recorder.schema('input', `value of ${what}`, [...path, 'schema'], [...path, 'schema'], oldState.schema, newState.schema)
    },
  )
}

/** The recurrences of the events present on both sides (an added or removed event is the events' rule). */
export function compareRecurrences(
  recorder: ChangeRecorder,
  before: Record<string, EventSpec> | undefined,
  after: Record<string, EventSpec> | undefined,
): void {
  for (const [name, newEvent] of Object.entries(after ?? {})) {
    const oldEvent = before?.[name]
    if (oldEvent !== undefined && Object.hasOwn(before ?? {}, name)) compareRecurrence(recorder, name, oldEvent, newEvent)
  }
}

/** The recurrence of an event present on both sides. */
export function compareRecurrence(recorder: ChangeRecorder, name: string, oldEvent: EventSpec, newEvent: EventSpec, leaf = false): void {
  const level = (wanted: ChangeLevel): ChangeLevel => (leaf ? 'patch' : wanted)
  const path = ['events', name, 'recurrence']
  const was = oldEvent.recurrence
  const now = newEvent.recurrence
  if (was === undefined && now === undefined) return
  if (was === undefined) recorder.add(level('minor'), recorder.atNew(path), `event '${name}' now recurs ('${now?.cron}')`)
  else if (now === undefined) recorder.add(level('major'), recorder.atOld(path), `event '${name}' no longer recurs: nothing emits it on a schedule any more`)
  else {
    if (was.cron !== now.cron)
      recorder.add(level('minor'), recorder.atNew([...path, 'cron']), `schedule of event '${name}' changed ('${was.cron}' -> '${now.cron}')`)
    if (!jsonEqual(was.payload, now.payload))
      recorder.add(level('minor'), recorder.atNew([...path, 'payload']), `recurrence payload of event '${name}' changed`)
  }
}
