// docs/getting-started.md, followed as written in a fresh folder: every shell line run,
// every file written, and the bot's output compared with what the page says it prints.
// Two steps cannot run here and are stood in for: `npm install` links the packages from
// this repository (botwire itself, whose dist/ the global setup builds) instead of
// downloading them, and `npx X` runs the linked node_modules/.bin/X.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { afterAll, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const page = readFileSync(join(root, 'docs', 'getting-started.md'), 'utf8')
const sandbox = mkdtempSync(join(tmpdir(), 'botwire-getting-started-'))
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))

/** The executable each installed package links into node_modules/.bin, which `npx` finds. */
const BINARIES: Record<string, { name: string; path: string }> = {
  botwire: { name: 'botwire', path: join(root, 'bin', 'botwire.js') },
  typescript: { name: 'tsc', path: join(root, 'node_modules', 'typescript', 'bin', 'tsc') },
  tsx: { name: 'tsx', path: join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs') },
}

function link(project: string, name: string): void {
  const target = name === 'botwire' ? root : join(root, 'node_modules', name)
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
    for (const name of install[2].split(' ')) link(cwd, name)
    return { cwd, stdout: '' }
  }
  // npm run puts this repository's node_modules/.bin on PATH: a new user's shell has only the project's
  const outside = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.endsWith(join('node_modules', '.bin')))
  const env = { ...process.env, PATH: [join(cwd, 'node_modules', '.bin'), ...outside].join(delimiter), NO_COLOR: '1' }
  const command = line.replace(/^npx /, '')
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

it('docs/getting-started.md, followed as written, makes a project whose bot runs and prints what the page says', () => {
  let cwd = sandbox
  let promised: string[] = []
  const outputs = new Map<string, string>()
  const blocks = [...page.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({ language: m[1] ?? '', text: m[2] ?? '' }))
  expect(blocks.map((b) => b.language)).toEqual(['sh', 'sh', 'jsonc', 'sh', 'ts', 'ts', 'sh', 'sh'])
  for (const { language, text } of blocks) {
    if (language === 'sh') {
      for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
        const ran = runLine(line, cwd)
        cwd = ran.cwd
        outputs.set(line, ran.stdout)
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
  // development (tsx) and production (compiled JavaScript) print the same
  expect(outputs.get('npx tsx src/main.ts')?.trim().split('\n')).toEqual(promised)
  expect(outputs.get('node dist/src/main.js')?.trim().split('\n')).toEqual(promised)
  expect(outputs.get('npx botwire generate')).toMatch(/^generated \d+ files in generated/)
  // the project is ESM, as the page sets it
  const manifest = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { type?: string }
  expect(manifest.type).toBe('module')
  // a dozen child processes (npm, tsc twice, tsx, the CLI): 15 s on a quiet machine, over a minute on a loaded one
}, 180_000)
