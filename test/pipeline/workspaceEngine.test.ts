// The incremental engine answers exactly as a fresh run: random edit sequences (texts
// changed on disk and in an editor's buffer, new files, deleted files, broken YAML and its
// fix, version bumps, renames, a duplicate, a near-miss name, a folder removed, an
// editor's swap file) applied to a small workspace
// of every kind, and after every step the engine's diagnostics, file list, model keys and
// generated files compared with a fresh `generateWorkspace` over the same disk and
// unsaved texts, byte for byte.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { renderJson } from '../../src/diagnostics/render/json.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { type GeneratedWorkspace, generateWorkspace } from '../../src/pipeline/generateWorkspace.js'
import { openWorkspace, type WorkspaceEngine } from '../../src/pipeline/workspaceEngine.js'
import { propertyRuns } from '../support/propertyBudget.js'

const FIXTURE = join(import.meta.dirname, '../fixtures/valid/plugin-wired-twice/definitions')
const FILES = readdirSync(FIXTURE).sort()
const ORIGINAL = new Map(FILES.map((f) => [f, readFileSync(join(FIXTURE, f), 'utf8')]))
/** files an edit may create: names the fixture does not use */
const EXTRA = ['extra-a.yaml', 'extra-b.yaml', 'nested/extra-c.yaml']

/** What an edit does to a file's text (the original, when the file is new). */
const VARIANTS: Record<string, (text: string) => string> = {
  original: (text) => text,
  description: (text) => text.replace(/^(name: .*)$/m, '$1\ndescription: edited'),
  bumpMinor: (text) => text.replace(/^version: .*$/m, 'version: 1.1.0'),
  bumpMajor: (text) => text.replace(/^version: .*$/m, 'version: 4.0.0'),
  rename: (text) => text.replace(/^name: (.*)$/m, 'name: $1-renamed'),
  nearMiss: (text) => text.replace(/^name: (.*)$/m, 'name: $1x'),
  invalidName: (text) => text.replace(/^name: (.*)$/m, 'name: Bad_Name'),
  brokenYaml: (text) => `${text}\n  broken: [\n`,
  unknownKind: (text) => text.replace(/^kind: .*$/m, 'kind: interfaces'),
  retyped: (text) => text.replace('code: { type: string }', 'code: { type: integer }'),
  entityRef: (text) => text.replace(/\$entity: (\w+)\.language/, '$entity: $1.langauge'),
  empty: () => '',
}
const VARIANT_NAMES = Object.keys(VARIANTS)

type Edit =
  | { op: 'write'; file: string; source: string; variant: string }
  | { op: 'delete'; file: string }
  | { op: 'setText'; file: string; source: string; variant: string }
  | { op: 'forgetText'; file: string }
  | { op: 'openAsOnDisk'; file: string }
  | { op: 'removeFolder' }
  | { op: 'noise' }

const anyFile = fc.constantFrom(...FILES, ...EXTRA)
const anySource = fc.constantFrom(...FILES)
const anyVariant = fc.constantFrom(...VARIANT_NAMES)
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('write' as const), file: anyFile, source: anySource, variant: anyVariant }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), file: anyFile }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('setText' as const), file: anyFile, source: anySource, variant: anyVariant }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('forgetText' as const), file: anyFile }) },
  // an editor opening a file: its text as the disk has it now, which the engine need not read again
  { weight: 2, arbitrary: fc.record({ op: fc.constant('openAsOnDisk' as const), file: anyFile }) },
  { weight: 1, arbitrary: fc.constant({ op: 'removeFolder' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'noise' as const }) },
)

const scratch = mkdtempSync(join(tmpdir(), 'botwire-engine-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
let runs = 0

/** The same file's text as the disk or an editor would give it: the source's text (same name as the file when it is one of the fixture's). */
function textOf(e: { file: string; source: string; variant: string }): string {
  const source = ORIGINAL.has(e.file) && e.variant !== 'original' ? e.file : e.source
  return (VARIANTS[e.variant] ?? VARIANTS.original)?.(ORIGINAL.get(source) ?? '') ?? ''
}

function comparable(generated: GeneratedWorkspace) {
  return {
    diagnostics: renderJson(generated.diagnostics),
    files: generated.checked.files,
    definitions: [...generated.checked.model.definitions.keys()],
    output: generated.files.map((f) => `${f.path}\n${f.text}`),
  }
}

function apply(engine: WorkspaceEngine, dir: string, overlay: Map<string, string>, e: Edit): void {
  if (e.op === 'removeFolder') {
    // a folder's removal, told as the folder alone (a watcher may say no more)
    const folder = join(dir, 'nested')
    if (!existsSync(folder)) return
    rmSync(folder, { recursive: true })
    engine.changedOnDisk([folder])
    return
  }
  if (e.op === 'noise') {
    // an editor's swap file beside the definitions: no definition
    writeFileSync(join(dir, 'bot.yaml.swp~'), 'kind: bot\n')
    engine.changedOnDisk([join(dir, 'bot.yaml.swp~')])
    return
  }
  const path = join(dir, e.file)
  if (e.op === 'openAsOnDisk') {
    if (!existsSync(path)) return
    const text = readFileSync(path, 'utf8')
    overlay.set(path, text)
    engine.setText(path, text)
  } else if (e.op === 'write') {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, textOf(e))
    engine.changedOnDisk([path])
  } else if (e.op === 'delete') {
    if (!existsSync(path)) return
    unlinkSync(path)
    engine.changedOnDisk([path])
  } else if (e.op === 'setText') {
    overlay.set(path, textOf(e))
    engine.setText(path, textOf(e))
  } else {
    overlay.delete(path)
    engine.forgetText(path)
  }
}

describe('the incremental engine', () => {
  it('gives the diagnostics and files of a fresh run after every edit', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), fc.boolean(), (edits, builtins) => {
        const dir = join(scratch, `w${runs++}`)
        cpSync(FIXTURE, dir, { recursive: true })
        writeFileSync(join(dir, 'placeholder.txt'), '')
        const real = realpathSync(dir)
        const options = { definitionsDir: real, builtins, cwd: scratch, outDir: join(scratch, `out${runs}`) }
        const engine = openWorkspace(options)
        const overlay = new Map<string, string>()
        expect(comparable(engine.generate())).toEqual(comparable(generateWorkspace(options)))
        for (const e of edits) {
          apply(engine, real, overlay, e)
          const fresh = generateWorkspace({ ...options, overlay })
          expect(comparable(engine.generate())).toEqual(comparable(fresh))
          expect(renderJson(engine.check().diagnostics)).toEqual(renderJson(fresh.checked.diagnostics))
        }
      }),
      { numRuns: propertyRuns(20), seed: 20261126 },
    )
  }, 300_000)
})

describe('an editor opening a file as it is on disk', () => {
  it('changes nothing: the last analysis stands, and the text then wins over later disk changes', () => {
    const dir = realpathSync(mkdtempSync(join(scratch, 'open-')))
    cpSync(FIXTURE, dir, { recursive: true })
    const engine = openWorkspace({ definitionsDir: dir, builtins: true, cwd: scratch })
    const before = engine.check()
    const file = join(dir, FILES[0] ?? '')
    const text = readFileSync(file, 'utf8')
    engine.setText(file, text)
    expect(engine.check()).toBe(before)

    // the disk moves on (a branch switch); the open buffer still holds the text it opened with
    writeFileSync(file, VARIANTS.invalidName?.(text) ?? '')
    engine.changedOnDisk([file])
    expect(renderJson(engine.check().diagnostics)).toEqual(renderJson(before.diagnostics))
  })
})

describe('a file whose name is none, beside other versions of the name it means', () => {
  it('answers as a fresh run when it comes, changes its version and goes: its users are told of it only at versions it does not claim', () => {
    const dir = realpathSync(mkdtempSync(join(scratch, 'capitalised-')))
    const healthy = 'kind: interface\nname: thing\nversion: 1.0.0\nentities: {}\nactions: {}\n'
    const user = 'kind: integration\nname: user\nversion: 1.0.0\ninterfaces:\n  thing: { name: thing, version: 2.0.0, entities: {} }\n'
    writeFileSync(join(dir, 'thing-1.yaml'), healthy)
    writeFileSync(join(dir, 'user.yaml'), user)
    const options = { definitionsDir: dir, builtins: false, cwd: dir }
    const engine = openWorkspace(options)
    const codes = () => {
      const fresh = renderJson(checkWorkspace(options).diagnostics)
      expect(renderJson(engine.check().diagnostics)).toEqual(fresh)
      return engine.check().diagnostics.map((d) => d.code)
    }
    expect(codes()).toEqual(['BW3005'])
    const broken = join(dir, 'thing-2.yaml')
    for (const [version, expected] of [
      ['2.0.0', ['BW2005']],
      ['3.0.0', ['BW2005', 'BW3005']],
      ['2.0.0', ['BW2005']],
    ] as const) {
      writeFileSync(broken, healthy.replace('name: thing', 'name: Thing').replace('1.0.0', version))
      engine.changedOnDisk([broken])
      expect(codes()).toEqual(expected)
    }
    unlinkSync(broken)
    engine.changedOnDisk([broken])
    expect(codes()).toEqual(['BW3005'])
  })
})
