// Every code block of every page a user reads (docs/, the two packages' READMEs) is run or
// checked by a named test, or listed here with why nothing can run it (issue #33: a new
// user follows every page from an empty folder with only the package; docs/testing.md says
// which test runs which page). A block that no rule below claims fails this test, so a new
// example cannot go unchecked unseen; a rule that claims no block fails it too, so the list
// stays true. Each test named must exist and name the page it runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { type CodeBlock, codeBlocks, shellLines } from '../support/markdownBlocks.js'

const root = join(import.meta.dirname, '..', '..')

/** Which blocks of a page a rule claims: by language and, where given, a pattern of the text. */
interface Rule {
  page: string
  languages: string[]
  text?: RegExp
  /** the test file that runs or checks these blocks */
  runBy?: string
  /** why nothing runs them */
  notRun?: string
}

const DIAGNOSTIC_LINE = /^\S+:\d+:\d+ - (error|warning) BW\d{4}: /m

const RULES: Rule[] = [
  { page: 'README.md', languages: ['sh'], text: /^npm install @botwire\/runtime /, runBy: 'test/architecture/docsExamples.test.ts' },
  {
    page: 'README.md',
    languages: ['sh'],
    text: /^npm install && npm run generate$/m,
    notRun: "the repository's own commands (install, generate, npm test): this suite is what they run",
  },
  { page: 'packages/runtime/README.md', languages: ['sh', 'ts'], runBy: 'test/architecture/docsExamples.test.ts' },
  { page: 'docs/getting-started.md', languages: ['sh', 'jsonc', 'ts'], runBy: 'test/cli/gettingStarted.test.ts' },
  // examplePages classifies every block of these two pages itself, and fails on one it does not know
  { page: 'docs/runtime.md', languages: ['sh', 'ts', ''], runBy: 'test/cli/examplePages.test.ts' },
  { page: 'docs/generated-code.md', languages: ['sh', 'ts', ''], runBy: 'test/cli/examplePages.test.ts' },
  {
    page: 'docs/cli.md',
    languages: ['ts'],
    text: /^import \{ check, generate, diff, updateImplementation \} from 'botwire'/,
    runBy: 'test/cli/examplePages.test.ts',
  },
  { page: 'docs/cli.md', languages: ['sh'], text: /npx botwire-serve /, runBy: 'test/host/servedProject.test.ts' },
  {
    page: 'docs/cli.md',
    languages: [''],
    text: /^botwire \w+ \[/,
    notRun: "each command's synopsis; test/cli/help.test.ts holds each command's --help to its usage line",
  },
  { page: 'docs/cli.md', languages: ['', 'text'], notRun: 'what a command prints (a terminal transcript), shown; the tests of each command assert it' },
  {
    page: 'docs/cli.md',
    languages: ['ts'],
    text: /^ {4}\/\/ botwire scaffold --prune/,
    notRun: 'a fragment of an implementation file, what scaffold --prune marks',
  },
  { page: 'docs/versioning.md', languages: ['ts'], text: /^import \{ diff \} from 'botwire'/, runBy: 'test/cli/examplePages.test.ts' },
  { page: 'docs/deploying.md', languages: ['sh'], text: /^npm install @botwire\/runtime @botwire\/host$/m, runBy: 'test/host/hostPackage.test.ts' },
  { page: 'docs/deploying.md', languages: ['ts'], text: /^(?!\/\/ src\/bot\.ts)[\s\S]*new (Slack|Relay)\(/, runBy: 'test/host/deployingWebhooks.test.ts' },
  { page: 'docs/deploying.md', languages: ['sh'], text: /npx botwire serve |^npm install @botwire\/store-embedded /, runBy: 'test/host/servedProject.test.ts' },
  { page: 'docs/deploying.md', languages: ['ts'], text: /^\/\/ src\/bot\.ts/, runBy: 'test/host/servedProject.test.ts' },
  { page: 'docs/deploying.md', languages: ['dockerfile'], runBy: 'test/host/servedProject.test.ts' },
  {
    page: 'docs/deploying.md',
    languages: ['sh'],
    text: /^docker build /,
    notRun:
      "docker's commands: this machine runs no Docker daemon; test/host/servedProject.test.ts checks the Dockerfile against a packed project and runs its CMD",
  },
  {
    page: 'docs/deploying.md',
    languages: ['nginx', 'caddy'],
    notRun:
      "a reverse proxy's configuration (nginx, Caddy), for a machine this suite does not have; the host's side of it (/ready, the body limit, the token) is test/host/host.test.ts's",
  },
  {
    page: 'docs/deploying.md',
    languages: ['text'],
    text: /MISSING_SECRET/,
    notRun: "serve's refusal to start without a secret, shown for the example's support bot; test/cli/serveSecrets.test.ts asserts the line for its own bot",
  },
  {
    page: 'docs/deploying.md',
    languages: ['text'],
    notRun: "serve's output, shown; test/host/servedProject.test.ts asserts its lines (store opened, serving, the delivery, request)",
  },
  { page: 'docs/deploying.md', languages: ['ts', 'sh'], runBy: 'test/host/deployingPage.test.ts' },
  { page: 'docs/deploying.md', languages: ['json'], notRun: 'a log line, shown; test/host/host.test.ts asserts what each line holds' },
  { page: 'docs/versioning.md', languages: ['yaml'], text: /^# old +# new/, notRun: 'an old and a new definition side by side, as fragments' },
  {
    page: 'docs/versioning.md',
    languages: ['', 'text', 'json'],
    notRun: "botwire diff's synopsis and what it prints (a terminal transcript), shown; test/diff/ asserts each change and its level",
  },
  {
    page: 'docs/editors.md',
    languages: ['lua'],
    notRun: "an editor's configuration (Neovim's lspconfig); test/lsp/neovim.test.ts runs the language server in Neovim with its own",
  },
  { page: 'docs/editors.md', languages: ['', 'yaml'], notRun: 'what the editor shows for a definition, and a fragment of one' },
  {
    page: 'docs/checks.md',
    languages: ['yaml', 'sh'],
    text: /passes|fails|# warning/,
    notRun: "a rule's passing and failing fragments (`{ ... }` for the rest); each rule's code has its invalid fixture (test/diagnostics/catalog.test.ts)",
  },
  { page: 'docs/definitions.md', languages: ['yaml'], text: /^(#.*\n)*kind: /, runBy: 'test/check/docsDefinitions.test.ts' },
  { page: 'docs/definitions.md', languages: ['yaml'], notRun: 'a fragment of a definition (a few keys), shown under the whole definitions that are checked' },
  { page: 'docs/definitions.md', languages: ['json'], text: /"yaml\.schemas"/, notRun: "an editor's settings (VS Code's YAML extension)" },
  { page: 'docs/coming-from-the-reference-platform.md', languages: ['yaml'], text: /^(#.*\n)*kind: /, runBy: 'test/check/docsDefinitions.test.ts' },
  {
    page: 'docs/coming-from-the-reference-platform.md',
    languages: ['ts'],
    notRun: "the other platform's zod schemas, which the page translates into definitions (zod is no dependency of a botwire project)",
  },
  { page: 'docs/diagnostics.md', languages: ['text'], text: DIAGNOSTIC_LINE, runBy: 'test/diagnostics/docExamples.test.ts' },
  {
    page: 'docs/diagnostics.md',
    languages: ['yaml', 'text', 'json', 'sh'],
    notRun:
      "the definition a diagnostic is about, what botwire prints without a `file:line:col` (run-time and command-line errors), the JSON format, and the commands that make a condition; each code's own test asserts it",
  },
]

function pages(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
  return ['README.md', 'packages/runtime/README.md', ...docs]
}

const blocksOf = (page: string): CodeBlock[] => codeBlocks(readFileSync(join(root, page), 'utf8'))

function claims(rule: Rule, page: string, block: CodeBlock): boolean {
  return rule.page === page && rule.languages.includes(block.language) && (rule.text === undefined || rule.text.test(block.text))
}

it('every code block of every page is run by a named test or listed with why it cannot be', () => {
  const unclaimed: string[] = []
  const used = new Set<Rule>()
  for (const page of pages()) {
    for (const block of blocksOf(page)) {
      const rule = RULES.find((r) => claims(r, page, block))
      if (rule === undefined) unclaimed.push(`${page}:${block.line} (${block.language || 'plain'}): ${block.text.split('\n')[0]}`)
      else used.add(rule)
    }
  }
  expect(unclaimed).toEqual([])
  expect(RULES.filter((rule) => !used.has(rule)).map((rule) => `${rule.page} ${rule.languages.join('/')} ${rule.text ?? ''}`)).toEqual([])
  for (const { page, runBy } of RULES) {
    if (runBy === undefined) continue
    expect(existsSync(join(root, runBy)), runBy).toBe(true)
    expect(readFileSync(join(root, runBy), 'utf8'), `${runBy} names ${page}`).toContain(page.replace(/^docs\//, ''))
  }
})

/** The shell lines of a block without their comments. */
const commands = (block: CodeBlock): string[] => shellLines(block).map((line) => line.replace(/\s+#.*$/, ''))

// The READMEs' examples are a short form of getting-started.md, which gettingStarted.test.ts
// runs from an empty folder: every command and line they show is one that page runs.
it('the READMEs show commands and code that docs/getting-started.md runs', () => {
  const guide = blocksOf('docs/getting-started.md')
  const guideCommands = new Set(guide.filter((b) => b.language === 'sh').flatMap(commands))
  // `npm install --save-dev botwire` is the page's install line with the dev tools left out
  const guideInstalls = [...guideCommands].flatMap((line) => /^npm install --save-dev (.+)$/.exec(line)?.[1]?.split(' ') ?? [])
  const shown = (line: string) => guideCommands.has(line) || (line === 'npm install --save-dev botwire' && guideInstalls.includes('botwire'))
  const readme = blocksOf('README.md').find((b) => b.language === 'sh' && b.text.startsWith('npm install @botwire/runtime '))
  const runtimeReadme = blocksOf('packages/runtime/README.md')
  const shells = [readme, ...runtimeReadme.filter((b) => b.language === 'sh')]
  expect(shells.every((b) => b !== undefined)).toBe(true)
  expect(shells.flatMap((b) => (b === undefined ? [] : commands(b))).filter((line) => !shown(line))).toEqual([])

  // the runtime README's code: lines of the page's entry file, src/main.ts, in its order
  const main = guide.find((b) => b.language === 'ts' && b.text.startsWith('// src/main.ts'))?.text.split('\n') ?? []
  const code = runtimeReadme.filter((b) => b.language === 'ts')
  expect(code).toHaveLength(1)
  let at = 0
  for (const line of (code[0]?.text ?? '').split('\n').filter((l) => l !== '')) {
    at = main.indexOf(line, at)
    expect(at, `packages/runtime/README.md: ${line}`).toBeGreaterThanOrEqual(0)
  }
})
