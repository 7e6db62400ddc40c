// listMessages' nextToken: opaque to callers. It is base64url of
// `{"v":1,"c":"<conversationId>","s":<seq of the last message returned>}`, so that the next
// page starts strictly below that seq (stable under inserts and deletes) and a token cannot
// be used for another conversation. Plain code, no Buffer/btoa: the runtime needs no
// platform types.

import { present } from '../jsonSchema/invariant.js'
import { ValidationError } from './errors.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The base64url letter of a six-bit value. */
function letter(sixBits: number): string {
  return present(ALPHABET[sixBits], 'a six-bit value indexes the 64 letters')
}

function toBase64Url(ascii: string): string {
  let out = ''
  for (let i = 0; i < ascii.length; i += 3) {
    const a = ascii.charCodeAt(i)
    const b = i + 1 < ascii.length ? ascii.charCodeAt(i + 1) : -1
    const c = i + 2 < ascii.length ? ascii.charCodeAt(i + 2) : -1
    const n = (a << 16) | (Math.max(b, 0) << 8) | Math.max(c, 0)
    out += letter((n >> 18) & 63)
    out += letter((n >> 12) & 63)
    if (b >= 0) out += letter((n >> 6) & 63)
    if (c >= 0) out += letter(n & 63)
  }
  return out
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined
  let out = ''
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4)
    let n = 0
    for (let j = 0; j < 4; j++) n = (n << 6) | (j < chunk.length ? ALPHABET.indexOf(chunk[j] as string) : 0)
    out += String.fromCharCode((n >> 16) & 255)
    if (chunk.length > 2) out += String.fromCharCode((n >> 8) & 255)
    if (chunk.length > 3) out += String.fromCharCode(n & 255)
  }
  return out
}

export function encodePagingToken(conversationId: string, seq: number): string {
  // encodeURIComponent makes the JSON plain ASCII whatever the conversation id holds
  return toBase64Url(encodeURIComponent(JSON.stringify({ v: 1, c: conversationId, s: seq })))
}

function invalidToken(reason: string, operation: string): ValidationError {
  return new ValidationError('INVALID_NEXT_TOKEN', `${operation}: ${reason}`, [])
}

/** The seq a token continues below; throws INVALID_NEXT_TOKEN when the token is malformed or of another conversation. */
export function decodePagingToken(token: unknown, conversationId: string, operation = 'listMessages'): number {
  if (typeof token !== 'string' || token === '')
    throw invalidToken(`nextToken must be a non-empty string returned by ${operation} in meta.nextToken`, operation)
  let parsed: unknown
  try {
    const ascii = fromBase64Url(token)
    parsed = ascii === undefined ? undefined : JSON.parse(decodeURIComponent(ascii))
  } catch {
    parsed = undefined
  }
  const body = parsed as { v?: unknown; c?: unknown; s?: unknown } | undefined
  if (
    !body ||
    typeof body !== 'object' ||
    body.v !== 1 ||
    typeof body.c !== 'string' ||
    typeof body.s !== 'number' ||
    !Number.isSafeInteger(body.s) ||
    body.s < 1
  ) {
    throw invalidToken(
      `nextToken '${token.length > 40 ? `${token.slice(0, 40)}...` : token}' is not a token ${operation} returned (pass meta.nextToken unchanged)`,
      operation,
    )
  }
  if (body.c !== conversationId) {
    throw invalidToken(
      `nextToken was issued for another ${operation === 'listMessages' ? `conversation than '${conversationId}' (pass the conversationId` : `query (pass the same arguments`} of the ${operation} call that returned it)`,
      operation,
    )
  }
  return body.s
}
