// The in-memory store passes the store contract: one store, so `other` is itself.
import { InMemoryMessageStore } from '@botwire/runtime'
import { describeStoreContract } from './storeContract.js'

describeStoreContract('InMemoryMessageStore', async () => {
  const store = new InMemoryMessageStore()
  return { store, other: store, close: async () => {} }
})
