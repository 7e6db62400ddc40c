// The async iterable behind `streamAction(...).chunks`: the call's channel messages in the
// order they were sent, buffered until read (sending never waits for the reader, so a
// caller that only awaits `result` cannot stall the action), then the call's end or error.
import { ValidationError } from './errors.js'

interface Waiter<T> {
  resolve(result: IteratorResult<T>): void
  reject(error: unknown): void
}

export class ChunkQueue<T> implements AsyncIterable<T> {
  private buffer: T[] = []
  private head = 0
  private waiter: Waiter<T> | undefined
  private ended = false
  private failure: { error: unknown } | undefined
  private iterated = false
  /** the reader stopped early (`break`): later chunks are dropped */
  private closed = false

  /** Adds a chunk; false once the queue has ended or the reader has stopped. */
  push(chunk: T): boolean {
    if (this.ended || this.closed) return false
    const waiter = this.waiter
    if (waiter) {
      this.waiter = undefined
      waiter.resolve({ value: chunk, done: false })
    } else this.buffer.push(chunk)
    return true
  }

  /** No more chunks: the reader gets what is buffered, then the end. */
  end(): void {
    if (this.ended) return
    this.ended = true
    this.settleWaiter()
  }

  /** The call failed: the reader gets what is buffered, then `error`. */
  fail(error: unknown): void {
    if (this.ended) return
    this.failure = { error }
    this.ended = true
    this.settleWaiter()
  }

  private settleWaiter(): void {
    const waiter = this.waiter
    if (!waiter) return
    this.waiter = undefined
    const failure = this.failure
    this.failure = undefined
    if (failure) waiter.reject(failure.error)
    else waiter.resolve({ value: undefined, done: true })
  }

  private next(): Promise<IteratorResult<T>> {
    if (this.head < this.buffer.length) {
      const value = this.buffer[this.head] as T
      this.head++
      // drop what was read once it is most of the buffer, so memory follows the unread chunks
      if (this.head >= 1024 && this.head * 2 >= this.buffer.length) {
        this.buffer = this.buffer.slice(this.head)
        this.head = 0
      }
      return Promise.resolve({ value, done: false })
    }
    if (this.ended || this.closed) {
      const failure = this.closed ? undefined : this.failure
      // the error once, then the end, as an async generator that threw
      this.failure = undefined
      return failure ? Promise.reject(failure.error) : Promise.resolve({ value: undefined, done: true })
    }
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject }
    })
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.iterated) throw new ValidationError('INVALID_ARGUMENT', 'streamAction: chunks can be iterated once', [])
    this.iterated = true
    return {
      next: () => this.next(),
      return: () => {
        this.closed = true
        this.buffer = []
        this.head = 0
        return Promise.resolve({ value: undefined, done: true })
      },
    }
  }
}
