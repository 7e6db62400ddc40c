// docs/getting-started.md, followed as written in a fresh folder with the package as npm
// publishes it: every shell line run, every file written, and the bot's output compared
// with what the page says it prints. `npm install botwire` and `npm install @botwire/runtime`
// install the tarballs `npm pack` makes of this repository's two packages (their
// dependencies from the local npm cache), so the page also proves the packages: their
// files, the binary, the runtime and the API work in a project of their own, and a
// production install (`npm ci --omit=dev`) holds the runtime alone, under 5 MB. The development tools (`npm install --save-dev typescript tsx @types/node`)
// are linked from this repository instead of downloaded, and `npx X` runs the project's
// node_modules/.bin/X.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, relative } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const page = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8')
const sandbox = mkdtempSync(join(tmpdir(), 'botwire-getting-started-'))
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The tarball of each package, by its name. */
const tarballs = new Map<string, string>()
beforeAll(() => {
  const packDir = join(sandbox, 'pack')
  mkdirSync(packDir)
  // --ignore-scripts: prepack would build dist/ again (as the global setup just did) and,
  // while it runs, take dist/ away from the CLI tests running beside this one
  execFileSync(npm, ['pack', '--workspaces', '--include-workspace-root', '--ignore-scripts', '--pack-destination', packDir, '--silent'], {
    cwd: root,
    stdio: 'pipe',
  })
  for (const [name, prefix] of [
    ['botwire', 'botwire-0'],
    ['@botwire/runtime', 'botwire-runtime-0'],
  ] as const) {
    const packed = readdirSync(packDir).find((f) => f.startsWith(prefix) && f.endsWith('.tgz'))
    if (packed === undefined) throw new Error(`npm pack made no tarball of ${name}`)
    tarballs.set(name, join(packDir, packed))
  }
}, 120_000)

/** The executable each installed package links into node_modules/.bin, which `npx` finds. */
const BINARIES: Record<string, { name: string; path: string }> = {
  typescript: { name: 'tsc', path: join(root, 'node_modules', 'typescript', 'bin', 'tsc') },
  tsx: { name: 'tsx', path: join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs') },
}

function link(project: string, name: string): void {
  const target = join(root, 'node_modules', name)
  mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true })
  symlinkSync(target, join(project, 'node_modules', name), 'dir')
  const binary = BINARIES[name]
  if (binary === undefined) return
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
  symlinkSync(binary.path, join(project, 'node_modules', '.bin', binary.name))
}

/** Runs one shell line of the page in the project; returns its stdout, and the project folder (after `cd`). */
function runLine(line: string, cwd: string): { cwd: string; stdout: string } {
  const created = /^mkdir (\S+) && cd \1$/.exec(line)
  if (created?.[1] !== undefined) {
    mkdirSync(join(cwd, created[1]))
    return { cwd: join(cwd, created[1]), stdout: '' }
  }
  const install = /^npm install (--save-dev )?(.+)$/.exec(line)
  if (install?.[2] !== undefined) {
    for (const name of install[2].split(' ')) {
      const tarball = tarballs.get(name)
      const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--silent', ...(install[1] === undefined ? [] : ['--save-dev'])]
      if (tarball !== undefined) execFileSync(npm, ['install', ...flags, tarball], { cwd, stdio: 'pipe' })
      else link(cwd, name)
    }
    return { cwd, stdout: '' }
  }
  // npm run puts this repository's node_modules/.bin on PATH: a new user's shell has only the project's
  const outside = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.endsWith(join('node_modules', '.bin')))
  const env = { ...process.env, PATH: [join(cwd, 'node_modules', '.bin'), ...outside].join(delimiter), NO_COLOR: '1' }
  // npm ci takes the dependencies from the local cache where it can, as npm install does above
  const command = line.replace(/^npx /, '').replace(/^npm ci /, 'npm ci --prefer-offline --no-audit --no-fund --silent ')
  try {
    return { cwd, stdout: execFileSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) }
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`\`${line}\` failed:\n${stdout ?? ''}${stderr ?? ''}`)
  }
}

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
  // editors read, the built-in interfaces, the templates; not the example, not the runtime
  const compiler = join(cwd, 'node_modules', 'botwire')
  for (const path of [
    'schemas/interface.schema.json',
    'schemas/messages.schema.json',
    'definitions/interfaces/llm.yaml',
    'dist/index.d.ts',
    'templates/init/bot.yaml.hbs',
  ]) {
    expect(existsSync(join(compiler, path)), path).toBe(true)
  }
  expect(join(compiler, 'definitions', 'example')).not.toSatisfy(existsSync)
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
  let cwd = sandbox
  let promised: string[] = []
  const outputs = new Map<string, string>()
  const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ language: m[1] ?? '', text: m[2] ?? '' }))
  expect(blocks.map((b) => b.language)).toEqual(['sh', 'sh', 'jsonc', 'sh', 'ts', 'ts', 'sh', 'sh'])
  let productionBytes: number | undefined
  for (const { language, text } of blocks) {
    if (language === 'sh') {
      for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
        const production = line === 'npm ci --omit=dev'
        if (production) checkDevelopmentInstall(cwd)
        const ran = runLine(line, cwd)
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
  // a dozen child processes (npm, tsc twice, tsx, the CLI): 20 s on a quiet machine, over a minute on a loaded one
}, 300_000)
