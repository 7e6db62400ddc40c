// A misspelt required key is one problem: the unknown key, whose diagnostic carries the
// name it suggests, and not also the missing key it means. Only the suggestion on the
// diagnostic decides that, never its message text.
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

/** A workspace of one interface file with this text. */
const oneFile = (text: string): Record<string, string> => ({ 'i.yaml': text })

describe('a misspelt required key', () => {
  it('is reported once, as an unknown key with the suggested name on the diagnostic', () => {
    expectDiagnostics(oneFile('kind: interface\nnmae: i\nversion: 1.0.0\nentities: {}\nactions: {}\n')).toMatchObject([
      { code: 'BW2002', path: '/nmae', suggestion: 'name' },
    ])
  })

  it('leaves a required key that no unknown key suggests missing', () => {
    expectDiagnostics(oneFile('kind: interface\ncolour: red\nversion: 1.0.0\nentities: {}\nactions: {}\n')).toMatchObject([
      { code: 'BW2003', path: '', suggestion: undefined },
      { code: 'BW2002', path: '/colour', suggestion: undefined },
    ])
  })
})
