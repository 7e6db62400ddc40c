// listMessages' nextToken on its own: every conversation id round-trips (every length, so
// every base64 tail; any characters), and every way a token can be wrong is refused with
// INVALID_NEXT_TOKEN and the message the caller sees. Written against the mutants a
// mutation run left alive (docs/testing.md#mutation-testing).
import { describe, expect, it } from 'vitest'
import { decodePagingToken, encodePagingToken } from '../../src/runtime/pagingToken.js'

/** base64url of an ASCII text, as a token's body is written. */
function base64url(ascii: string): string {
  return Buffer.from(ascii, 'latin1').toString('base64url')
}

function refusal(token: unknown, conversationId = 'c1'): string {
  try {
    decodePagingToken(token, conversationId)
  } catch (error) {
    expect((error as { code?: string }).code).toBe('INVALID_NEXT_TOKEN')
    return (error as Error).message
  }
  throw new Error(`${String(token)} was accepted`)
}

describe('nextToken', () => {
  it('round-trips every conversation id length and any characters, and is plain base64url', () => {
    for (let length = 0; length < 12; length++) {
      for (const id of ['x'.repeat(length), 'é'.repeat(length), `"${'\\'.repeat(length)}`]) {
        const token = encodePagingToken(id, 7 + length)
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/)
        expect(token).toBe(base64url(encodeURIComponent(JSON.stringify({ v: 1, c: id, s: 7 + length }))))
        expect(decodePagingToken(token, id)).toBe(7 + length)
      }
    }
  })

  it('refuses what is not a non-empty string', () => {
    for (const token of ['', 42, null, undefined, {}]) {
      expect(refusal(token)).toBe('listMessages: nextToken must be a non-empty string returned by listMessages in meta.nextToken')
    }
  })

  it('refuses text that is not base64url, or of a length base64 cannot have', () => {
    const good = encodePagingToken('c1', 3)
    for (const token of [`${good}!`, `+${good}`, `${good}/`, `${good}=`, good.slice(0, good.length - (good.length % 4) + 1)]) {
      expect(refusal(token)).toMatch(/^listMessages: nextToken '.*' is not a token listMessages returned \(pass meta\.nextToken unchanged\)$/)
    }
  })

  it('refuses a well-encoded body that is not a token of this version', () => {
    const bodies = ['null', '[]', '"text"', '{"v":2,"c":"c1","s":3}', '{"c":"c1","s":3}', '{"v":1,"c":5,"s":3}', '{"v":1,"s":3}']
    const seqs = ['{"v":1,"c":"c1","s":"3"}', '{"v":1,"c":"c1"}', '{"v":1,"c":"c1","s":1.5}', '{"v":1,"c":"c1","s":0}', '{"v":1,"c":"c1","s":-2}']
    for (const body of [...bodies, ...seqs, `{"v":1,"c":"c1","s":${2 ** 60}}`]) {
      expect(refusal(base64url(encodeURIComponent(body))), body).toContain('is not a token listMessages returned')
    }
    // the lowest seq there is, 1, is a token
    expect(decodePagingToken(base64url(encodeURIComponent('{"v":1,"c":"c1","s":1}')), 'c1')).toBe(1)
  })

  it('shows a long bad token cut at 40 characters, a short one whole', () => {
    const long = 'A'.repeat(41)
    expect(refusal(long)).toBe(`listMessages: nextToken '${'A'.repeat(40)}...' is not a token listMessages returned (pass meta.nextToken unchanged)`)
    const forty = 'B'.repeat(40)
    expect(refusal(forty)).toBe(`listMessages: nextToken '${forty}' is not a token listMessages returned (pass meta.nextToken unchanged)`)
  })

  it('refuses a token of another conversation, naming the one asked for', () => {
    expect(refusal(encodePagingToken('c2', 5), 'c1')).toBe(
      "listMessages: nextToken was issued for another conversation than 'c1' (pass the conversationId of the listMessages call that returned it)",
    )
  })
})
