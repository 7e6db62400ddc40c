// The ids the runtime gives messages, conversations and users.

/** A new version 4 UUID. */
export function randomId(): string {
  const webCrypto = (globalThis as unknown as { crypto?: { randomUUID?: () => string } }).crypto
  if (webCrypto?.randomUUID) return webCrypto.randomUUID()
  // no Web Crypto: a version 4 UUID from Math.random (ids must be unique, not secret)
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (ch) => {
    const r = Math.floor(Math.random() * 16)
    return (ch === 'x' ? r : (r & 3) | 8).toString(16)
  })
}
