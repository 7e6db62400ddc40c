// "unknown interface": a near miss, the interfaces there are, or that a built-in is turned off.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'

const PLUGIN = `kind: plugin
name: summary
version: 0.1.0
interfaces:
  llm: { name: llm, version: ^1.0.0 }
actions: {}
`

function messages(builtins: boolean): string[] {
  const dir = join(mkdtempSync(join(tmpdir(), 'botwire-')), 'definitions')
  mkdirSync(dir)
  writeFileSync(join(dir, 'summary.yaml'), PLUGIN)
  return checkWorkspace({ definitionsDir: dir, builtins, cwd: dir }).diagnostics.map((d) => `${d.code} ${d.message}`)
}

describe('an unknown interface', () => {
  it('that is a built-in says built-ins are off under --no-builtins', () => {
    expect(messages(false)).toEqual(["BW3004 unknown interface 'llm'; 'llm' is a built-in interface, and built-ins are off (--no-builtins)"])
  })

  it('is the built-in itself when built-ins are on', () => {
    expect(messages(true)).toEqual([])
  })
})
