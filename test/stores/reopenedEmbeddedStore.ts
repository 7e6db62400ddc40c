// What an embedded store's folder keeps across a close: the next store opened on it finds the
// messages written before (test/stores/embeddedFolder.test.ts, embeddedTemplate.test.ts).
import { expect } from 'vitest'
import { type EmbeddedStore, openEmbeddedStore } from '../../src/stores/embedded/index.js'
import { storedMessage } from './storeContract.js'

type Inserted = Awaited<ReturnType<EmbeddedStore['insert']>>

/** Reopens the store in `folder` after `a` was written and `b` written then deleted (in conversation 'c'): `a` is there, `b` is not, and what comes next is stored after both. */
export async function expectKeptAcrossReopen(folder: string, a: Inserted, b: Inserted): Promise<void> {
  const reopened = await openEmbeddedStore({ folder })
  try {
    expect(await reopened.get('a')).toEqual(a)
    expect(await reopened.get('b')).toBeUndefined()
    expect((await reopened.insert(storedMessage('c', 'c'))).seq).toBeGreaterThan(b.seq)
    expect((await reopened.list({ conversationId: 'c', limit: 10 })).map((r) => r.message.id)).toEqual(['c', 'a'])
  } finally {
    await reopened.close()
  }
}
