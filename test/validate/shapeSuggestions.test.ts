// A misspelt required key is one problem: the unknown key, whose diagnostic carries the
// name it suggests, and not also the missing key it means. Only the suggestion on the
// diagnostic decides that, never its message text.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

const root = tempDir('botwire-shape-suggestions-')
afterAll(() => rmSync(root, { recursive: true, force: true }))

let count = 0
function check(text: string): { code: string; path: string | undefined; suggestion: string | undefined }[] {
  const dir = join(root, `case-${count++}`)
  writeFiles(dir, { 'i.yaml': text })
  return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => ({ code: d.code, path: d.path, suggestion: d.suggestion }))
}

describe('a misspelt required key', () => {
  it('is reported once, as an unknown key with the suggested name on the diagnostic', () => {
    expect(check('kind: interface\nnmae: i\nversion: 1.0.0\nentities: {}\nactions: {}\n')).toEqual([{ code: 'BW2002', path: '/nmae', suggestion: 'name' }])
  })

  it('leaves a required key that no unknown key suggests missing', () => {
    expect(check('kind: interface\ncolour: red\nversion: 1.0.0\nentities: {}\nactions: {}\n')).toEqual([
      { code: 'BW2003', path: '', suggestion: undefined },
      { code: 'BW2002', path: '/colour', suggestion: undefined },
    ])
  })
})
