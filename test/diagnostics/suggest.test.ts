// "Did you mean": typos, case, singular for plural, abbreviations and tails; never a guess
// between several candidates.
import { describe, expect, it } from 'vitest'
import { closest, didYouMean } from '../../src/diagnostics/suggest.js'

const TOP_LEVEL = ['kind', 'name', 'version', 'title', 'description', 'entities', 'actions', 'events', 'channels', 'configuration', 'interfaces']
const WIRING = ['integrationAlias', 'integrationInterfaceAlias']

describe('closest', () => {
  it.each([
    ['require', ['required', 'properties'], 'required'],
    ['Entities', TOP_LEVEL, 'entities'],
    ['entity', TOP_LEVEL, 'entities'],
    ['action', TOP_LEVEL, 'actions'],
    ['channel', TOP_LEVEL, 'channels'],
    ['configurations', TOP_LEVEL, 'configuration'],
    ['config', TOP_LEVEL, 'configuration'],
    ['interfaceAlias', WIRING, 'integrationInterfaceAlias'],
    ['integrationAlis', WIRING, 'integrationAlias'],
  ])('%s among its candidates is %s', (word, candidates, expected) => {
    expect(closest(word, candidates)).toBe(expected)
  })

  it.each([
    ['alias', WIRING],
    ['xyz', TOP_LEVEL],
  ])('%s has no single suggestion', (word, candidates) => {
    expect(closest(word, candidates)).toBeUndefined()
  })

  it('words the suggestion', () => {
    expect(didYouMean('entity', TOP_LEVEL)).toBe(" (did you mean 'entities'?)")
    expect(didYouMean('entities', TOP_LEVEL)).toBe('')
  })
})
