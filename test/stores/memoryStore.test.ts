// The in-memory stores pass the store contracts: one store, so `other` is itself.
import { InMemoryConversationStore, InMemoryMessageStore, InMemoryStateStore, InMemoryTurnStore } from '@botwire/runtime'
import { describeConversationStoreContract } from './conversationStoreContract.js'
import { describeStateStoreContract } from './stateStoreContract.js'
import { describeStoreContract } from './storeContract.js'
import { describeTurnStoreContract } from './turnStoreContract.js'

describeStoreContract('InMemoryMessageStore', async () => {
  const store = new InMemoryMessageStore()
  return { store, other: store, close: async () => {} }
})

describeConversationStoreContract('InMemoryConversationStore', async () => {
  const store = new InMemoryConversationStore()
  return { store, other: store, close: async () => {} }
})

describeStateStoreContract('InMemoryStateStore', async () => {
  const store = new InMemoryStateStore()
  return { store, other: store, close: async () => {} }
})

// one process: no lease (a ticket lives as long as the process)
describeTurnStoreContract('InMemoryTurnStore', async () => {
  const store = new InMemoryTurnStore()
  return { store, other: store, close: async () => {} }
})
