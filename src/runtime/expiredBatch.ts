// A batch of expired states a sweep deleted (states.ts): each is this runtime's to hand to its
// owner's handlers, one after the other. Once the runtime closes, the rest of the batch runs
// together, so that close waits one handler time limit for it, not one per state
// (docs/runtime.md#stopping-a-runtime); each of their failures goes to the background errors.
export async function handleExpiredBatch<T>(
  batch: readonly T[],
  handle: (state: T) => Promise<void>,
  closed: () => boolean,
  backgroundError: (error: unknown) => void,
): Promise<void> {
  let index = 0
  for (; index < batch.length && !closed(); index++) await handle(batch[index] as T)
  for (const ended of await Promise.allSettled(batch.slice(index).map(handle))) if (ended.status === 'rejected') backgroundError(ended.reason)
}
