// The runtime's public declarations (what `npm run build` ships as dist/runtime/*.d.ts)
// compile for a consumer on an older lib: target and lib ES2020, skipLibCheck off, no
// @types. A lib type from ES2022 or later in them (ErrorOptions was one) breaks every
// such project as soon as it imports a generated module.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { runtimeEntry } from '../pipeline/validFixtures.js'
import { repoRoot } from '../support/cli.js'

const dir = mkdtempSync(join(tmpdir(), 'botwire-declarations-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function format(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, ' ')
    if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`
    const { line } = d.file.getLineAndCharacterOfPosition(d.start)
    return `${d.file.fileName.replace(dir, '').replace(repoRoot, '')}:${line + 1} TS${d.code}: ${text}`
  })
}

/** The runtime's declarations as the build ships them: the global setup has just built dist/. */
const runtimeDeclarations = dirname(runtimeEntry)

describe("the runtime's declarations", () => {
  it('compile, with the generated example, for a consumer on target and lib ES2020 with skipLibCheck off', () => {
    expect(readdirSync(runtimeDeclarations)).toContain('errors.d.ts')
    writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n')
    const consumer = join(dir, 'consumer.ts')
    writeFileSync(
      consumer,
      [
        "import { createRuntime, HandlerError, RuntimeError } from '@botwire/runtime'",
        `import { Bot } from ${JSON.stringify(join(repoRoot, 'generated', 'bots', 'support-bot', 'index.js'))}`,
        'const bot = new Bot()',
        "bot.on.message('text', ({ message }) => message.payload.text)",
        'export const runtime = createRuntime({ bot })',
        "export const error: RuntimeError | HandlerError = new RuntimeError('NOT_FOUND', 'x', { cause: 1 })",
        '',
      ].join('\n'),
    )
    const generated = ts.sys.readDirectory(join(repoRoot, 'generated'), ['.ts'])
    const program = ts.createProgram({
      rootNames: [consumer, ...generated],
      options: {
        target: ts.ScriptTarget.ES2020,
        lib: ['lib.es2020.d.ts'],
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: false,
        noEmit: true,
        types: [],
        paths: { '@botwire/runtime': [runtimeEntry] },
      },
    })
    expect(format(ts.getPreEmitDiagnostics(program))).toEqual([])
    // the consumer saw the declarations, not the sources
    const names = program.getSourceFiles().map((f) => f.fileName)
    expect(names).toContain(join(runtimeDeclarations, 'errors.d.ts'))
    expect(names.filter((n) => n.startsWith(join(repoRoot, 'src')))).toEqual([])
  })
})
