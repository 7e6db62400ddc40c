// `client.streamAction` (docs/runtime.md#channels-and-streaming): runs a call like
// `callAction`, and hands its caller the call's messages on one channel as an async
// iterable, in order, which ends when the call ends and throws when it fails.
import { isRecord } from '../jsonSchema/own.js'
import type { StreamRequest } from './channels.js'
import { ChunkQueue } from './chunkQueue.js'
import { ValidationError } from './errors.js'
import type { ActionStream } from './types.js'

/**
 * `run` makes the call with the stream request attached; whatever it rejects with, the
 * chunks end with it too. `result` never goes unhandled: a caller that reads only `chunks`
 * gets the error there.
 */
export function streamAction(raw: unknown, callId: string, run: (call: unknown, stream: StreamRequest) => Promise<unknown>): ActionStream<unknown, unknown> {
  const queue = new ChunkQueue<unknown>()
  let result: Promise<unknown>
  if (!isRecord(raw) || typeof raw['channel'] !== 'string' || typeof raw['message'] !== 'string') {
    result = Promise.reject(
      new ValidationError('INVALID_ARGUMENT', 'streamAction: invalid arguments', [
        "expected { type, input, channel, message }, where channel and message name the channel message to stream (channel: 'stream', message: 'chunk')",
      ]),
    )
  } else {
    result = run(raw, { id: callId, channel: raw['channel'], message: raw['message'], queue })
  }
  result.then(
    () => queue.end(),
    (error: unknown) => queue.fail(error),
  )
  return { callId, chunks: queue, result }
}
