// A definition file whose lines end in a lone \r (an old Mac file): YAML 1.2 reads each as a
// line break, and both readers do, the fast one (js-yaml) and the careful one (yaml, which
// alone would read it as text and report nested mappings), so a file either reader takes is
// the same definition, and its diagnostics point at the lines an editor shows.
import { describe, expect, it } from 'vitest'
import { diagnosticsOf, expectValid } from '../support/checkHarness.js'

const lines = (...written: string[]) => `${written.join('\r')}\r`

describe('a file whose lines end in a lone \\r', () => {
  it('is a valid definition when it is one: read by the fast reader, and by the careful one where an alias sends it there', () => {
    expectValid({ 'bots/hello.yaml': lines('kind: bot', 'name: hello', 'version: 0.1.0') })
    expectValid({ 'bots/hello.yaml': lines('kind: bot', 'name: &name hello', 'version: 0.1.0', 'title: *name') })
  })

  it("gets the careful reader's diagnostics at the lines an editor shows", () => {
    expect(diagnosticsOf({ 'bots/hello.yaml': lines('kind: bot', 'name: hello', 'version: 0.1.0', 'name: again') })).toMatchObject([
      { code: 'BW1002', line: 4, column: 1, message: "duplicate key 'name'" },
    ])
  })
})
