// The catalog, the code and the docs agree: every code is produced somewhere in src/,
// every message template is used by a diagnostic made in src/, every related location is
// made from a related-location template and every such template is used, every code is documented
// in docs/diagnostics.md, and the docs name no code that does not exist.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { catalog, relatedTemplates } from '../../src/diagnostics/catalog.js'
import { formatTemplate } from '../../src/diagnostics/diagnostic.js'

const root = join(import.meta.dirname, '..', '..')

/** The string literals in an expression: both branches of `a ? 'x' : 'y'`, and so on. */
function literals(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  const found: string[] = []
  node.forEachChild((child) => {
    found.push(...literals(child))
  })
  return found
}

// each source file is parsed once, for every scan that needs it (a file without the word a
// scan looks for is not parsed for it)
const parsed = new Map<string, ts.SourceFile>()
function parse(path: string, text: string): ts.SourceFile {
  const known = parsed.get(path)
  if (known?.text === text) return known
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true)
  parsed.set(path, source)
  return source
}

/**
 * Each `code template` pair a `diagnostic(code, template, ...)` call in the file can make.
 * A code that is no literal there (`known.code`, a table lookup) stands for every code
 * with that template; the compiler has checked that each such code has it.
 */
function templateUses(path: string, text: string): string[] {
  if (!text.includes('diagnostic')) return []
  const source = parse(path, text)
  const uses: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'diagnostic' && node.arguments.length >= 2) {
      const [codeArgument, templateArgument] = node.arguments
      const codes = codeArgument ? literals(codeArgument).filter((c) => Object.hasOwn(catalog, c)) : []
      for (const template of templateArgument ? literals(templateArgument) : []) {
        for (const code of codes.length > 0 ? codes : Object.keys(catalog)) uses.push(`${code} ${template}`)
      }
    }
    node.forEachChild(visit)
  }
  visit(source)
  return uses
}

/** The related-location templates a `relatedLocation(template, ...)` call in the file can fill in. */
function relatedTemplateUses(path: string, text: string): string[] {
  if (!text.includes('relatedLocation')) return []
  const source = parse(path, text)
  const uses: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'relatedLocation' && node.arguments[0]) {
      uses.push(...literals(node.arguments[0]))
    }
    node.forEachChild(visit)
  }
  visit(source)
  return uses
}

/** Object literals with a `message` and a `range`: a related location written by hand, not from the catalog. */
function inlineRelatedLocations(path: string, text: string): string[] {
  if (!text.includes('message') || !text.includes('range')) return []
  const source = parse(path, text)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const names = new Set(node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '')))
      if (names.has('message') && names.has('range')) found.push(`${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`)
    }
    node.forEachChild(visit)
  }
  visit(source)
  return found
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

describe('the diagnostic catalog', () => {
  const codes = Object.keys(catalog)
  const files = sources(join(root, 'src'))
    // the catalog itself (its index and its bands in catalog/) names every code and template
    .filter((file) => !file.endsWith('catalog.ts') && !file.includes(join('diagnostics', 'catalog', '')))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
  const code = files.map(({ text }) => text).join('\n')

  it('has codes in the right bands, each with a title', () => {
    for (const c of codes) {
      expect(c).toMatch(/^BW[123459]\d{3}$/)
      expect(catalog[c as keyof typeof catalog].title.length).toBeGreaterThan(3)
    }
  })

  it('has no code that nothing produces', () => {
    expect(codes.filter((c) => !new RegExp(`\\b${c}\\b`).test(code))).toEqual([])
  })

  it('has no template that no diagnostic uses', () => {
    const used = new Set(files.flatMap(({ file, text }) => templateUses(file, text)))
    const templates = Object.entries(catalog).flatMap(([c, entry]) => Object.keys(entry.templates).map((name) => `${c} ${name}`))
    expect(used.size).toBeGreaterThan(100)
    expect(templates.filter((t) => !used.has(t))).toEqual([])
  })

  it('has no related-location template that no related location uses', () => {
    const used = new Set(files.flatMap(({ file, text }) => relatedTemplateUses(file, text)))
    expect(used.size).toBeGreaterThan(10)
    expect(Object.keys(relatedTemplates).filter((name) => !used.has(name))).toEqual([])
  })

  it('writes every related location from a catalog template (relatedLocation), none by hand', () => {
    const relatedLocationItself = join(root, 'src', 'diagnostics', 'diagnostic.ts')
    // the language server turns diagnostics into the protocol's, whose objects have a range and a message too
    const toProtocol = join(root, 'src', 'lsp', 'diagnostics.ts')
    const byHand = files
      .filter(({ file }) => file !== relatedLocationItself && file !== toProtocol)
      .flatMap(({ file, text }) => inlineRelatedLocations(file.slice(root.length + 1), text))
    expect(byHand).toEqual([])
    // the scan finds one where there is one
    expect(inlineRelatedLocations('x.ts', "const r = { message: 'first defined here', range }")).toEqual(['x.ts:1'])
  })

  it('fills each {name} of a template once, and leaves other braces as they are', () => {
    expect(formatTemplate("unknown alias '*{alias}': no anchor '&{alias}' is set before it", { alias: 'base' })).toBe(
      "unknown alias '*base': no anchor '&base' is set before it",
    )
    expect(formatTemplate('add {local}: { integrationAlias }', { local: 'llm' })).toBe('add llm: { integrationAlias }')
    // an argument's own braces are not read as names
    expect(formatTemplate("'{key}' in {where}", { key: '{where}', where: 'the file' })).toBe("'{where}' in the file")
  })

  it('is documented, code by code, in docs/diagnostics.md', () => {
    const docs = readFileSync(join(root, 'docs', 'diagnostics.md'), 'utf8')
    const documented = [...docs.matchAll(/^### (BW\d{4})\b/gm)].map((m) => m[1])
    expect(codes.filter((c) => !documented.includes(c))).toEqual([])
    expect(documented.filter((c) => c === undefined || !codes.includes(c))).toEqual([])
  })
})
