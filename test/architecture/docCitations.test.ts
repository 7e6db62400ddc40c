// A test or a source file that cites the rule it holds cites a page that ships with the
// package, `docs/<page>.md#<anchor>`, and the heading it names exists: a renamed heading
// fails here, not in a reader's browser. Nothing cites a document the repository does not
// contain (the contract the project started from, once cited by its section numbers).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { anchorsOf } from '../support/docAnchors.js'

const repoRoot = join(import.meta.dirname, '..', '..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path)
    return /\.(ts|yaml|yml|lua)$/.test(entry.name) ? [path] : []
  })
}

const sources = ['test', 'src'].flatMap((dir) => filesUnder(join(repoRoot, dir)))

interface Citation {
  /** `test/x.test.ts:12` */
  at: string
  page: string
  anchor: string
}

function citations(): Citation[] {
  const found: Citation[] = []
  for (const file of sources) {
    const lines = readFileSync(file, 'utf8').split('\n')
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/docs\/([a-z0-9-]+\.md)#([\p{L}\p{N}_-]+)/gu)) {
        found.push({ at: `${relative(repoRoot, file)}:${index + 1}`, page: match[1] ?? '', anchor: match[2] ?? '' })
      }
    })
  }
  return found
}

describe('citations of the docs', () => {
  const all = citations()

  it('name a heading that exists on a page that exists', () => {
    const anchorsByPage = new Map<string, Set<string>>()
    const docs = new Set(readdirSync(join(repoRoot, 'docs')))
    const broken = all.filter((c) => {
      if (!docs.has(c.page)) return true
      if (!anchorsByPage.has(c.page)) anchorsByPage.set(c.page, anchorsOf(join(repoRoot, 'docs', c.page)))
      return !anchorsByPage.get(c.page)?.has(c.anchor)
    })
    expect(
      broken.map((c) => `${c.at}: docs/${c.page}#${c.anchor}`),
      'cited headings missing from docs/ (the anchor is the heading in lower case, punctuation dropped, spaces as dashes)',
    ).toEqual([])
    expect(all.length).toBeGreaterThan(100)
  })

  it('never point at a document outside the repository', () => {
    const outside = sources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bSPEC\b[^_\w]*(§|\(|:|example|leniency)/.test(line) ? [`${relative(repoRoot, file)}:${index + 1}: ${line.trim()}`] : [])),
    )
    expect(outside, 'cite the docs/ page and heading that states the rule instead').toEqual([])
  })
})
