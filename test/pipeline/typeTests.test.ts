// The type-level tests in test/types/ can fail, and fail for the stated reason: every
// `// @ts-expect-error [TSxxxx "text"] why` must sit above a line where, without the
// directive, the compiler reports that code with that text in its message; and nothing
// else may be an error.
//
// One program, with the directives made plain comments, shows all of that. It also shows
// that the files compile as they are (the check `npm run typecheck:generated` makes): an
// error on exactly each directive's next line, and nowhere else, means every directive is
// used and suppresses all there is. A second program for that took half this file's time.
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { sharingHost } from '../support/sharedDeclarations.js'
import { repoRoot, runtimeEntry } from './validFixtures.js'

const typesDir = join(repoRoot, 'test', 'types')
const DIRECTIVE = /^\s*\/\/ @ts-expect-error(.*)$/
const SPEC = /^\s*\[(TS\d+)((?:\s+"(?:[^"\\]|\\.)*")*)\]\s+\S/

interface Expectation {
  file: string
  /** 0-based line the directive applies to */
  line: number
  code: number
  texts: string[]
}

function neutralizedProgram(): ts.Program {
  const configPath = join(repoRoot, 'tsconfig.generated.json')
  const read = ts.readConfigFile(configPath, ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, repoRoot, undefined, configPath)
  // the runtime as a user's project has it (its sources are checked by `npm run typecheck`)
  parsed.options.paths = { '@botwire/runtime': [runtimeEntry] }
  const host = sharingHost(parsed.options)
  const readFile = host.readFile.bind(host)
  // same length and lines, so positions stay; the directive becomes a plain comment
  host.readFile = (fileName) => {
    const text = readFile(fileName)
    return text !== undefined && fileName.startsWith(typesDir) ? text.replaceAll('@ts-expect-error', '@ts-expect-NOTE!') : text
  }
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host })
}

function where(d: ts.Diagnostic): { file: string; line: number } {
  if (!d.file || d.start === undefined) return { file: '-', line: -1 }
  return { file: d.file.fileName, line: d.file.getLineAndCharacterOfPosition(d.start).line }
}

function render(d: ts.Diagnostic): string {
  const { file, line } = where(d)
  return `${file.replace(repoRoot, '')}:${line + 1} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`
}

function expectations(p: ts.Program): { found: Expectation[]; malformed: string[] } {
  const found: Expectation[] = []
  const malformed: string[] = []
  for (const source of p.getSourceFiles()) {
    if (!source.fileName.startsWith(typesDir)) continue
    // the original text: the program's copy has its directives neutralized
    ;(ts.sys.readFile(source.fileName) ?? '').split('\n').forEach((text, index) => {
      const directive = DIRECTIVE.exec(text)
      if (!directive) return
      const spec = SPEC.exec(directive[1] ?? '')
      if (!spec) {
        malformed.push(`${source.fileName.replace(repoRoot, '')}:${index + 1} needs [TSxxxx "text"] and a reason`)
        return
      }
      const texts = [...(spec[2] ?? '').matchAll(/"(?:[^"\\]|\\.)*"/g)].map((m) => JSON.parse(m[0]) as string)
      found.push({ file: source.fileName, line: index + 1, code: Number((spec[1] ?? '').slice(2)), texts })
    })
  }
  return { found, malformed }
}

describe('type-level tests', () => {
  it('fail, without their directives, exactly where and why they say, and compile as they are', () => {
    const p = neutralizedProgram()
    const { found, malformed } = expectations(p)
    expect(malformed).toEqual([])
    expect(found.length).toBeGreaterThan(30)
    const diagnostics = ts.getPreEmitDiagnostics(p)
    const problems: string[] = []
    for (const e of found) {
      const here = diagnostics.filter((d) => where(d).file === e.file && where(d).line === e.line)
      const match = here.find((d) => d.code === e.code && e.texts.every((t) => ts.flattenDiagnosticMessageText(d.messageText, ' ').includes(t)))
      if (!match)
        problems.push(
          `${e.file.replace(repoRoot, '')}:${e.line + 1} expects TS${e.code} ${JSON.stringify(e.texts)}; got ${here.length === 0 ? 'no error' : here.map(render).join(' | ')}`,
        )
    }
    expect(problems).toEqual([])
    // and no error anywhere else: not in the generated code, not beside a directive
    const expected = new Set(found.map((e) => `${e.file}:${e.line}`))
    expect(diagnostics.filter((d) => !expected.has(`${where(d).file}:${where(d).line}`)).map(render)).toEqual([])
  })
})
