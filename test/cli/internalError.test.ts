// An unexpected failure reaches the user as one line with BW9001 and exit code 2.
import { describe, expect, it, vi } from 'vitest'
import { reportFailure, UsageError } from '../../src/cli/usage.js'

describe('failures outside the definitions', () => {
  it('an internal error is one line with BW9001, no stack trace, exit code 2', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      const code = reportFailure(new TypeError("Cannot read properties of undefined (reading 'x')\n    at somewhere"))
      expect(code).toBe(2)
      expect(write.mock.calls.map((c) => String(c[0])).join('')).toBe(
        "botwire: internal error BW9001: Cannot read properties of undefined (reading 'x') (please report this; set BOTWIRE_DEBUG=1 for details)\n",
      )
    } finally {
      write.mockRestore()
    }
  })

  it('bad usage is BW9002', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      expect(reportFailure(new UsageError('--format must be pretty or json'))).toBe(2)
      expect(String(write.mock.calls[0]?.[0])).toBe('botwire: error BW9002: --format must be pretty or json\n')
    } finally {
      write.mockRestore()
    }
  })
})
