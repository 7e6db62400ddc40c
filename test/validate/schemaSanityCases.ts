// The harness of the schema-sanity message tests (schemaSanityMessages*.test.ts): one-file
// workspaces checked whole, each diagnostic as its author sees it, and places in the text.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir, writeFiles } from '../support/cli.js'

export interface Seen {
  at: string
  code: string
  message: string
  path: string | null
  related?: string[]
  suggestion?: string
}

/**
 * Every diagnostic for a workspace of one file `d.yaml`: `line:col`, code, message, path, related (`line:col message`) and suggestion when there are some.
 * Each test file makes its own, whose folder is removed after that file.
 */
export function sanityCases(): (yaml: string) => Seen[] {
  const root = tempDir('botwire-sanity-messages-')
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  let count = 0
  return (yaml) => {
    const dir = join(root, `case-${count++}`)
    writeFiles(dir, { 'd.yaml': yaml })
    return checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics.map((d) => {
      const r = toRecord(d)
      return {
        at: `${r.line}:${r.column}`,
        code: r.code,
        message: r.message,
        path: r.path,
        ...(r.related.length > 0 ? { related: r.related.map((x) => `${x.line}:${x.column} ${x.message}`) } : {}),
        ...(d.suggestion === undefined ? {} : { suggestion: d.suggestion }),
      }
    })
  }
}

/** An interface whose one entity `e` has this schema (JSON, on line 6, starting at column 13). */
export const entity = (schema: unknown): string =>
  `kind: interface\nname: i\nversion: 1.0.0\nentities:\n  e:\n    schema: ${JSON.stringify(schema)}\nactions: {}\n`

/** Where the `nth` `needle` is in the YAML text, `line:col` of its first character (1-based), or of the character after it with `after`. */
export function placeOf(yaml: string, needle: string, nth = 0, after = false): string {
  let found = -1
  for (let i = 0; i <= nth; i++) found = yaml.indexOf(needle, found + 1)
  if (found < 0) throw new Error(`${needle} not in the text`)
  const from = after ? found + needle.length : found
  const before = yaml.slice(0, from)
  return `${before.split('\n').length}:${from - before.lastIndexOf('\n')}`
}
