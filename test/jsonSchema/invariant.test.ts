// The "cannot happen" helper: `present` hands back a value an invariant says is there (falsy
// values included), and, when it is not, fails with an error that names the invariant; the
// command line reports that error as botwire's own failure (docs/diagnostics.md#bw9001-internal-error).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reportFailure } from '../../src/cli/usage.js'
import { InvariantError, present, unreachable } from '../../src/jsonSchema/invariant.js'

describe('present', () => {
  it('gives back the value, falsy ones included', () => {
    expect(present('', 'a string')).toBe('')
    expect(present(0, 'a number')).toBe(0)
    expect(present(false, 'a flag')).toBe(false)
    const list = ['a']
    expect(present(list, 'a list')).toBe(list)
  })

  it('throws an internal error that names the broken invariant, for undefined and null alike', () => {
    const parts: string[] = []
    expect(() => present(parts[0], 'a split string has a first part')).toThrow(new InvariantError('a split string has a first part'))
    expect(() => present(parts[0], 'a split string has a first part')).toThrow('botwire internal: broken invariant: a split string has a first part')
    expect(() => present(null, 'the match is there')).toThrow('botwire internal: broken invariant: the match is there')
    const thrown = (() => {
      try {
        present(undefined, 'x')
      } catch (error) {
        return error
      }
      return 'nothing thrown'
    })()
    expect(thrown).toBeInstanceOf(InvariantError)
    expect((thrown as Error).name).toBe('InvariantError')
  })
})

describe('unreachable', () => {
  it('throws the same error, naming why the place is never reached', () => {
    expect(() => unreachable('every kind is handled above')).toThrow('botwire internal: broken invariant: every kind is handled above')
  })
})

describe('a broken invariant on the command line', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('is reported as an internal error (BW9001) that names the invariant, with exit code 2', () => {
    const written: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return true
    })
    const code = reportFailure(new InvariantError('a line start inside the search range'))
    expect(code).toBe(2)
    expect(written.join('')).toBe(
      'botwire: internal error BW9001: botwire internal: broken invariant: a line start inside the search range (please report this; set BOTWIRE_DEBUG=1 for details)\n',
    )
  })
})
