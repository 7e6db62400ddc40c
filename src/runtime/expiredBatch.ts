// A batch of expired states a sweep deleted (states.ts): each is this runtime's to hand to its
// owner's handlers, one after the other; a failing one goes to the background errors and the
// batch goes on (its states are deleted: skipping them would lose their expiry). Once the
// runtime closes, the rest of the batch runs together, so that close waits one handler time
// limit for it, not one per state (docs/runtime.md#stopping-a-runtime).
export async function handleExpiredBatch<T>(
  batch: readonly T[],
  handle: (state: T) => Promise<void>,
  closed: () => boolean,
  backgroundError: (error: unknown) => void,
): Promise<void> {
  const reported = (state: T): Promise<void> => handle(state).catch(backgroundError)
  let index = 0
  for (; index < batch.length && !closed(); index++) await reported(batch[index] as T)
  await Promise.all(batch.slice(index).map(reported))
}
