// The error a promise rejects with, for tests that look at what the runtime says.

/** What the runtime's errors carry beside the message (each field where it applies). */
export type Rejection = Error & { code?: string; cause?: unknown; action?: string; secret?: string; messageId?: string; issues?: readonly string[] }

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<Rejection> {
  try {
    await promise
  } catch (error) {
    return error as Rejection
  }
  throw new Error('expected a rejection')
}
