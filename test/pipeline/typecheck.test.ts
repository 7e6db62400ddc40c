// Every golden output compiles with the compiler options docs/generated-code.md promises
// (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, nodenext, no skipLibCheck),
// with the plain `strict` most projects use, under bundler resolution, and has no `any` in
// its types.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharingHost } from '../support/sharedDeclarations.js'
import {
  expectedDirOf,
  GENERATED_CODE_OPTIONS,
  listFiles,
  messagesGolden,
  messagesModule,
  readExpected,
  repoRoot,
  runtimeEntry,
  validCases,
} from './validFixtures.js'

/** Settings projects commonly add on top; generated code must not trip them either. */
const PEDANTIC_OPTIONS = {
  ...GENERATED_CODE_OPTIONS,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  forceConsistentCasingInFileNames: true,
}

// The pedantic settings and a library's declaration emit only add checks to the strict
// ones: one program with all of them reports every error the strict options would, and the
// others. Plain strict (which can fail where the strict flags pass: a type written for
// exactOptionalPropertyTypes) and bundler resolution (docs/generated-code.md: the code
// compiles under nodenext and bundler resolution alike) are the second program: bundler
// resolution reaches the same files as nodenext here (relative imports with `.js`, and
// `@botwire/runtime` through `paths` to the package's declarations), so the strict flags'
// errors are the first program's, whichever resolution finds the files.
const CONFIGS: Record<string, Record<string, unknown>> = {
  'spec, pedantic and declaration emit': {
    ...PEDANTIC_OPTIONS,
    // a library that ships declarations of the generated modules
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    isolatedDeclarations: true,
  },
  'plain strict with bundler resolution': {
    ...GENERATED_CODE_OPTIONS,
    noUncheckedIndexedAccess: false,
    exactOptionalPropertyTypes: false,
    module: 'esnext',
    moduleResolution: 'bundler',
  },
}

const configFile = (label: string): string => `tsconfig.${label.replace(/[^a-z]+/g, '-')}.json`

let workDir = ''

beforeAll(() => {
  // one folder per case (a copy of its goldens) beside a package.json that makes them ESM
  workDir = mkdtempSync(join(tmpdir(), 'botwire-typecheck-'))
  writeFileSync(join(workDir, 'package.json'), '{ "type": "module", "private": true }\n')
  // each case's messages module beside its other files, where their imports look for it
  for (const name of validCases) {
    cpSync(expectedDirOf(name), join(workDir, name), { recursive: true })
    cpSync(messagesGolden, join(workDir, name, messagesModule))
  }
  for (const [label, options] of Object.entries(CONFIGS)) {
    writeFileSync(join(workDir, configFile(label)), JSON.stringify({ compilerOptions: options, include: ['**/*.ts'] }, null, 2))
  }
})

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
    if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start)
    return `${d.file.fileName.replace(workDir, '')}:${line + 1}:${character + 1} TS${d.code}: ${text}`
  })
}

function compile(label: string): { program: ts.Program; diagnostics: string[] } {
  const configPath = join(workDir, configFile(label))
  const read = ts.readConfigFile(configPath, ts.sys.readFile)
  if (read.error) throw new Error(format([read.error]).join('\n'))
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, workDir, undefined, configPath)
  if (parsed.errors.length > 0) throw new Error(format(parsed.errors).join('\n'))
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host: sharingHost(parsed.options) })
  return { program, diagnostics: format(ts.getPreEmitDiagnostics(program)) }
}

describe('goldens type-check', () => {
  it.each(Object.keys(CONFIGS))('with the %s options: no diagnostics', (label) => {
    const { program, diagnostics } = compile(label)
    expect(diagnostics).toEqual([])
    // every golden .ts file was part of the program (and the runtime, through paths)
    const names = new Set(program.getSourceFiles().map((f) => f.fileName))
    const left = validCases.flatMap((name) => [...readExpected(name).keys()].filter((p) => p.endsWith('.ts') && !names.has(join(workDir, name, p))))
    expect(left, 'golden files the program did not compile').toEqual([])
    expect(names.has(runtimeEntry), `${runtimeEntry} is in the program`).toBe(true)
  })
})

/** Positions of the `any` keyword in a file's syntax (comments and strings are not syntax). */
function anyKeywords(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) {
      const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push(`${fileName}:${line + 1}:${character + 1}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('no `any` in the public types', () => {
  it.each(validCases)('%s', (name) => {
    const found: string[] = []
    for (const [path, text] of readExpected(name)) if (path.endsWith('.ts')) found.push(...anyKeywords(path, text))
    expect(found).toEqual([])
  })

  it('the runtime types generated code uses', () => {
    const found: string[] = []
    for (const path of listFiles(join(repoRoot, 'src', 'runtime'))) {
      if (path.endsWith('.ts')) found.push(...anyKeywords(path, ts.sys.readFile(join(repoRoot, 'src', 'runtime', path)) ?? ''))
    }
    expect(found).toEqual([])
  })

  it('the detector finds `any` in syntax but not in comments or strings', () => {
    expect(anyKeywords('x.ts', 'export type A = { a: any }\n// any\nconst s = "any"\n/** any */\nexport type B = Array<any>\n')).toEqual([
      'x.ts:1:22',
      'x.ts:5:23',
    ])
  })
})
