// docs/runtime.md and docs/generated-code.md, followed as written from an empty folder with
// only the packages `npm pack` makes of this repository (test/support/packedProject.ts): the
// project as getting-started.md's sections 1 and 3 make it, the pages' `npx botwire init
// --example` and `npx botwire generate`, then every file the pages name written where its
// first line says, the whole project type-checked once by `npx tsc --noEmit` under the
// page's tsconfig.json (strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes),
// every program run with tsx (the first by the page's `npx tsx`) and its output compared with its `// -> ` lines, every
// excerpt of a generated file compared with that file, and generated-code.md's layout
// compared with the folder (src/postgres-store.ts, which needs a server and a DATABASE_URL, is
// type-checked only: test/stores/ runs the PostgreSQL store). One project serves both pages. A block that is none of these
// must be listed below with what it is, so that a new example cannot go unchecked unseen.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { type CodeBlock, codeBlocks, shellLines } from '../support/markdownBlocks.js'
import { installedProject, packedPackages, runPageCommand, runPageLine, type Tarballs } from '../support/packedProject.js'

const root = join(import.meta.dirname, '..', '..')

function read(page: string): string {
  return readFileSync(join(root, 'docs', page), 'utf8')
}

/**
 * The blocks that are not part of the example, by page and first line: what each shows, and
 * so why nothing runs it. The pages say so in the text before each.
 */
const NOT_PROGRAMS: Record<string, string> = {
  'runtime.md: interface MessageStore {': 'the contract of a message store, in shorthand (parameters without their types)',
  'runtime.md: interface TurnStore {':
    'the contract of a turn store, as src/runtime/turnStore.ts declares it (test/stores/turnStoreContract.ts holds the stores to it)',
  "runtime.md: invalid input for action 'openai:generateText': input.extra.a.a…: nests deeper than 64 levels of objects and lists, the runtime's limit (valueLimits.maxDepth)":
    'two error messages of the value limits, shown',
  "generated-code.md: export interface Ticket { id: string; status: 'open' | 'closed' }              // handler's view":
    'what generate writes for a ticket entity and a listTickets action with defaults, which the example does not have',
  'generated-code.md: type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }': "the runtime's JsonValue type, shown",
  'generated-code.md: // integrations/zendesk/v1.0.0.ts': "what generate would write for $defs and an addComment action the example's ticketing does not have",
  'generated-code.md: export interface Configuration { subdomain: string; apiToken: string; pageSize: number }':
    'what generate writes for an integration with an oauth alternative configuration, which the example does not have',
  'generated-code.md: saveTicket: async ({ input, ctx }) => {': 'a fragment of the same hypothetical integration, with `...` for the rest',
  'generated-code.md: export interface Secrets { ACCESS_TOKEN: string; VERIFY_TOKEN: string | undefined }':
    'what generate writes for an integration with secrets, which the example does not have',
}

/**
 * The examples of botwire's API on other pages (a build script's calls), by page and first
 * line: they name no file, so they are written into the project under a name of the
 * test's, and type-checked with the rest (not run: they write into the definitions and
 * implementation files the pages around them assume).
 */
const API_EXAMPLES: [page: string, firstLine: string, file: string][] = [
  ['cli.md', "import { check, generate, diff, updateImplementation } from 'botwire'", 'src/cli-api.ts'],
  ['versioning.md', "import { diff } from 'botwire'", 'src/versioning-api.ts'],
]

/** The lines a program says it prints, in order. */
function promisedOutput(text: string): string[] {
  return [...text.matchAll(/^\/\/ -> (.*)$/gm)].map((m) => m[1] ?? '')
}

/** Whether every line of an excerpt is a line of the file, in order; `...` in a line stands for any text. */
function excerptFits(excerpt: string[], file: string): boolean {
  const lines = file.split('\n')
  let at = 0
  for (const wanted of excerpt) {
    const pieces = wanted.split(/\s*\.\.\.\s*/)
    const fits = (line: string) => {
      if (pieces.length === 1) return line === wanted
      let from = 0
      for (const [i, piece] of pieces.entries()) {
        const found = i === 0 ? (line.startsWith(piece) ? 0 : -1) : line.indexOf(piece, from)
        if (found < 0) return false
        from = found + piece.length
      }
      return line.endsWith(pieces.at(-1) ?? '')
    }
    while (at < lines.length && !fits(lines[at] ?? '')) at++
    if (at === lines.length) return false
    at++
  }
  return true
}

let tarballs: Tarballs = new Map()
beforeAll(() => {
  tarballs = packedPackages()
}, 120_000)

it('docs/runtime.md and docs/generated-code.md, followed from an empty folder with the packed packages: every file type-checks, every program prints what its page says, every excerpt and the layout are what generate wrote', async () => {
  // the project, as getting-started.md's sections 1 (the packages: a copy of the project
  // its lines made for this run, test/support/packedProject.ts) and 3 (tsconfig.json) make it
  const setUp = codeBlocks(read('getting-started.md')).filter((b) => /^[13]\. /.test(b.section))
  expect(setUp.map((b) => b.language)).toEqual(['sh', 'jsonc'])
  const [packages, settings] = setUp as [CodeBlock, CodeBlock]

  // each page's shell block: the same two commands, run once for both
  const pages = ['runtime.md', 'generated-code.md'].map((page) => ({ page, blocks: codeBlocks(read(page)) }))
  const shell = pages.map(({ blocks }) => blocks.filter((b) => b.language === 'sh').map(shellLines))
  const storesInstall = 'npm install @botwire/store-embedded @botwire/store-postgres'
  expect(shell).toEqual([[['npx botwire init --example', 'npx botwire generate'], [storesInstall]], [['npx botwire init --example', 'npx botwire generate']]])
  // the installs, then the stores as runtime.md#the-stores-botwire-ships installs them: a copy of
  // what those lines made (kept while the packages are the same), its node_modules shared, as nothing here installs more
  const cwd = installedProject([...shellLines(packages), storesInstall], tarballs, { modules: 'shared' })
  writeFileSync(join(cwd, 'tsconfig.json'), settings.text)
  const init = runPageLine('npx botwire init --example', cwd, tarballs).stdout
  expect(init.split('\n').filter((l) => l !== '')).toHaveLength(8)
  expect(runPageLine('npx botwire generate', cwd, tarballs).stdout).toMatch(/^generated \d+ files in generated: /)

  const programs: { path: string; promised: string[] }[] = []
  const excerpts: { page: string; block: CodeBlock; path: string }[] = []
  const notPrograms = new Set<string>()
  let layout: CodeBlock | undefined
  for (const { page, blocks } of pages) {
    for (const block of blocks.filter((b) => b.language !== 'sh')) {
      const firstLine = block.text.slice(0, block.text.indexOf('\n'))
      const file = /^\/\/ ((?:src|generated)\/[\w./-]+?)(?::|$)/.exec(firstLine)?.[1]
      if (block.language === 'ts' && file?.startsWith('src/')) {
        mkdirSync(dirname(join(cwd, file)), { recursive: true })
        writeFileSync(join(cwd, file), block.text, { flag: 'wx' }) // two blocks never name one file
        if (promisedOutput(block.text).length > 0) programs.push({ path: file, promised: promisedOutput(block.text) })
      } else if (block.language === 'ts' && file !== undefined) excerpts.push({ page, block, path: file })
      else if (page === 'generated-code.md' && block.language === '' && firstLine === 'generated/') layout = block
      else if (NOT_PROGRAMS[`${page}: ${firstLine}`] !== undefined) notPrograms.add(`${page}: ${firstLine}`)
      else throw new Error(`${page}:${block.line}: a ${block.language || 'plain'} block that is no file, excerpt or listed example:\n${block.text}`)
    }
  }
  // every listed block is still on its page
  expect([...notPrograms].sort()).toEqual(Object.keys(NOT_PROGRAMS).sort())
  for (const [page, firstLine, file] of API_EXAMPLES) {
    const block = codeBlocks(read(page)).find((b) => b.language === 'ts' && b.text.startsWith(`${firstLine}\n`))
    if (block === undefined) throw new Error(`${page} has no ts block that starts with ${firstLine}`)
    writeFileSync(join(cwd, file), block.text, { flag: 'wx' })
  }

  // every file of both pages (and the API examples) compiles with the generated code, under the
  // page's strict settings; the compiler and the programs below run at once (neither writes a file the other reads)
  const compiled = runPageCommand('npx tsc --noEmit', cwd)
  // every program of runtime.md runs and prints what its `// -> ` lines say
  expect(programs.map((p) => p.path)).toEqual([
    'src/run-bot.ts',
    'src/plugin-events.ts',
    'src/hooks.ts',
    'src/verify.ts',
    'src/stream-summary.ts',
    'src/slack-thread.ts',
    'src/time-limits.ts',
    'src/clock.ts',
    'src/states.ts',
    'src/keep-messages.ts',
  ])
  // two at a time. The first as the page's line runs it (`npx tsx`: tsx's command line, which runs
  // the program in a child process of its own with tsx's loader); the others with that loader in
  // one process (`node --import tsx`), the same program and output without the second process
  // (0.25 s of CPU each). src/keep-messages.ts opens its store on a new folder: the one test of
  // the store making its folder and database from nothing
  const queue = [...programs]
  const outputs = new Map<string, string[]>()
  const runNext = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const line = next === programs[0] ? `npx tsx ${next.path}` : `node --import tsx ${next.path}`
      outputs.set(next.path, (await runPageCommand(line, cwd)).trimEnd().split('\n'))
    }
  }
  await Promise.all([runNext(), runNext(), compiled])
  for (const { path, promised } of programs) expect(outputs.get(path), path).toEqual(promised)

  // excerpts: each line (after the one naming the file) is a line of the generated file
  expect(excerpts.length).toBeGreaterThan(0)
  for (const { page, block, path } of excerpts) {
    const excerpt = block.text.trimEnd().split('\n').slice(1)
    expect(excerptFits(excerpt, readFileSync(join(cwd, path), 'utf8')), `${page}:${block.line} is not an excerpt of ${path}`).toBe(true)
  }

  // the layout: every file it names is one generate wrote
  const written = new Set(
    readdirSync(join(cwd, 'generated'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(join(cwd, 'generated'), join(entry.parentPath, entry.name)).split('\\').join('/')),
  )
  const named = (layout?.text ?? '')
    .split('\n')
    .slice(1)
    .flatMap((line) => /^ {2}(\S+)/.exec(line)?.[1] ?? [])
  expect(named.length).toBeGreaterThan(5)
  expect(named.filter((path) => !written.has(path))).toEqual([])
  // a dozen child processes (npm, tsc, the CLI, tsx six times): about 30 s on a quiet machine
}, 300_000)
