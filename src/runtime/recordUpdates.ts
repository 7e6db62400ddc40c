// How a store applies an update of a record's tags (docs/runtime.md#conversations-and-users):
// the runtime checks every key and value, then hands the store only the changes; the store
// merges them with what it holds as one atomic step, so that two writers, in one process or
// several on a shared database, never lose each other's tags.

import { isoTimestamp, timestampMs } from './clock.js'

/** Tags as stored (messageStore.ts's StoredTags, written out here: that module imports this one). */
type StoredTags = { [key: string]: string }

/** The changes of a record's tags: the keys to set (each to a non-empty string), and the keys to remove. */
export interface TagChanges {
  set: StoredTags
  remove: string[]
}

/** The changes a client asked for, as storedTags gives them with `removable` (a value '' removes the key). */
export function tagChangesOf(given: StoredTags): TagChanges {
  const changes: TagChanges = { set: {}, remove: [] }
  for (const [key, value] of Object.entries(given)) {
    if (value === '') changes.remove.push(key)
    else changes.set[key] = value
  }
  return changes
}

/** `current` with `changes` applied, as a new object: what a store stores. */
export function tagsWithChanges(current: StoredTags, changes: TagChanges): StoredTags {
  const merged: StoredTags = { ...current }
  for (const key of changes.remove) delete merged[key]
  for (const key of Object.keys(changes.set)) merged[key] = changes.set[key] as string
  return merged
}

/**
 * The `updatedAt` a store writes: `now` (ISO 8601, UTC), or 1 ms after `previous` when now
 * is not later (two writers' clocks differ a little), so that a record's `updatedAt` always
 * moves forward.
 */
export function laterTimestamp(previous: string, now: string): string {
  const before = timestampMs(previous)
  if (Number.isNaN(before) || timestampMs(now) > before) return now
  return isoTimestamp(before + 1)
}
