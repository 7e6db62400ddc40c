// docs/getting-started.md, followed as written in a fresh folder with the package as npm
// publishes it: every shell line run, every file written, and the bot's output compared
// with what the page says it prints. `npm install botwire` and `npm install @botwire/runtime`
// install the tarballs `npm pack` makes of this repository's two packages (their
// dependencies from the local npm cache), so the page also proves the packages: their
// files, the binary, the runtime and the API work in a project of their own, and a
// production install (`npm ci --omit=dev`) holds the runtime alone, under 5 MB. The
// project is made as test/support/packedProject.ts says (the development tools linked,
// `npx X` the project's node_modules/.bin/X).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { codeBlocks, shellLines } from '../support/markdownBlocks.js'
import { installedProject, packedPackages, runPageLine, type Tarballs } from '../support/packedProject.js'

const root = join(import.meta.dirname, '..', '..')
const page = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8')

let tarballs: Tarballs = new Map()
beforeAll(() => {
  tarballs = packedPackages()
}, 120_000)

/** The comment lines that end a file, without their `// `. */
function closingComments(text: string): string[] {
  const lines = text.trimEnd().split('\n')
  const last = lines.findLastIndex((line) => !line.startsWith('// '))
  return lines.slice(last + 1).map((line) => line.slice(3))
}

/** The bytes of every file below a folder (links not followed). */
function bytesBelow(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0)
}

/** What the development install holds, checked before the page's production install replaces it. */
function checkDevelopmentInstall(cwd: string): void {
  // the project is ESM, as the page sets it, the runtime a dependency and the compiler a dev dependency
  const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as {
    type?: string
    dependencies?: Record<string, string>
    devDependencies?: Record<string, string>
  }
  expect(manifest.type).toBe('module')
  expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@botwire/runtime'])
  expect(Object.keys(manifest.devDependencies ?? {})).toEqual(['botwire'])
  // generate wrote the files the page names
  expect(
    readdirSync(join(cwd, 'generated'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(join(cwd, 'generated'), join(entry.parentPath, entry.name)))
      .sort(),
  ).toEqual(['.gitattributes', 'bots/hello/index.ts', 'bots/hello/v0.1.0.ts', 'botwire-manifest.json', 'messages.ts'])
  expect(join(cwd, 'definitions', 'bots', 'hello.yaml')).toSatisfy(existsSync)

  // the compiler's package holds what a project needs beside the code: the meta-schemas
  // editors read, the built-in interfaces, the templates, the example `init --example` writes; not the runtime
  const compiler = join(cwd, 'node_modules', 'botwire')
  for (const path of [
    'schemas/interface.schema.json',
    'schemas/messages.schema.json',
    'definitions/interfaces/llm.yaml',
    'dist/index.d.ts',
    'templates/init/bot.yaml.hbs',
    'definitions/example/bots/support-bot.yaml',
  ]) {
    expect(existsSync(join(compiler, path)), path).toBe(true)
  }
  expect(join(compiler, 'dist', 'runtime')).not.toSatisfy(existsSync)
  const runtime = join(cwd, 'node_modules', '@botwire', 'runtime')
  for (const path of ['dist/runtime/index.d.ts', 'dist/runtime/index.js', 'schemas/messages.schema.json', 'README.md']) {
    expect(existsSync(join(runtime, path)), path).toBe(true)
  }
  // the built-ins load from the installed package: `check` counts them
  expect(execFileSync(join(cwd, 'node_modules', '.bin', 'botwire'), ['check'], { cwd, encoding: 'utf8' })).toMatch(
    /^checked 1 definition \(0 interfaces, 0 integrations, 0 plugins, 1 bot\) and 7 built-in interfaces in \d+ ms: no errors\n$/,
  )
  // the API for build scripts, and the runtime, as a project imports them
  const api = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { check } from 'botwire'; import * as runtime from '@botwire/runtime'; console.log(check().ok, typeof runtime.IntegrationBase)",
    ],
    { cwd, encoding: 'utf8' },
  )
  expect(api).toBe('true function\n')
}

it('docs/getting-started.md, followed as written with the packages npm pack makes, gives a project whose bot runs and prints what the page says, and a production install under 5 MB', () => {
  let promised: string[] = []
  const outputs = new Map<string, string>()
  const [packages, ...blocks] = codeBlocks(page)
  expect([packages?.language, ...blocks.map((b) => b.language)]).toEqual(['sh', 'sh', 'jsonc', 'sh', 'ts', 'ts', 'sh', 'sh'])
  // section 1 (the packages): a copy of the project its lines made (test/support/packedProject.ts), its node_modules shared until the page's npm ci replaces it
  expect(packages?.section).toMatch(/^1\. /)
  let cwd = installedProject(packages === undefined ? [] : shellLines(packages), tarballs, { modules: 'shared' })
  let productionBytes: number | undefined
  for (const block of blocks) {
    const { language, text } = block
    if (language === 'sh') {
      for (const line of shellLines(block)) {
        const production = line === 'npm ci --omit=dev'
        if (production) checkDevelopmentInstall(cwd)
        const ran = runPageLine(line, cwd, tarballs)
        cwd = ran.cwd
        outputs.set(line, ran.stdout)
        if (production) productionBytes = bytesBelow(join(cwd, 'node_modules'))
      }
      continue
    }
    // a file: its first line names it (tsconfig.json is read as JSON with comments)
    const path = /^\/\/ ([\w./-]+)/.exec(text)?.[1]
    if (path === undefined) throw new Error(`a ${language} block that names no file:\n${text}`)
    // a file a command wrote (botwire scaffold) is shown as it is: the page must say what it wrote
    if (existsSync(join(cwd, path))) expect(readFileSync(join(cwd, path), 'utf8'), path).toBe(text)
    mkdirSync(dirname(join(cwd, path)), { recursive: true })
    writeFileSync(join(cwd, path), text)
    // what the entry file says it prints: the comment lines that end it
    if (language === 'ts') promised = closingComments(text)
  }
  expect(promised).toEqual(['ada: hello', 'hello: You said: hello'])
  // development (tsx) and production (compiled JavaScript, only the dependencies installed) print the same
  expect(outputs.get('npx tsx src/main.ts')?.trim().split('\n')).toEqual(promised)
  expect(outputs.get('node dist/src/main.js')?.trim().split('\n')).toEqual(promised)
  expect(outputs.get('npx botwire generate')).toMatch(/^generated \d+ files in generated/)
  // the production install: the runtime and what it needs, not the compiler
  expect(productionBytes).toBeLessThan(5 * 1024 * 1024)
  expect(join(cwd, 'node_modules', 'botwire')).not.toSatisfy(existsSync)
  expect(join(cwd, 'node_modules', 'ts-morph')).not.toSatisfy(existsSync)
  expect(join(cwd, 'node_modules', '@botwire', 'runtime')).toSatisfy(existsSync)
  // and the project finds nothing beyond its own node_modules (the compiler the development install linked is gone)
  expect(() => execFileSync(process.execPath, ['--input-type=module', '-e', "await import('typescript')"], { cwd, stdio: 'pipe' })).toThrow(
    /Cannot find package 'typescript'/,
  )
  // a dozen child processes (npm, tsc twice, tsx, the CLI): 20 s on a quiet machine, over a minute on a loaded one
}, 300_000)
