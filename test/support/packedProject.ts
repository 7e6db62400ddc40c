// A project of a user's, made by following a docs page command by command: the packages as
// `npm pack` makes them of this repository (botwire, @botwire/runtime and the stores, packed once for
// every test file that needs them and kept until what they hold changes; their
// dependencies from the local npm cache), the development tools (`typescript`, `tsx`,
// `@types/node`) linked from this repository instead of downloaded (`typescript` as the
// TypeScript `npm install typescript` gives a new project today, 7.x, which this repository
// has as `typescript-7`; its own sources and tests compile with 6.x), and every other shell
// line run with only the project's node_modules/.bin on PATH, as `npx X` finds X in a
// user's shell. Shared by the tests that follow getting-started.md, runtime.md and
// generated-code.md: the project getting-started.md's first section makes (the installs)
// is made once for the tarballs it installs, kept in the folder of made projects
// (test/support/projectsFolder.ts, outside the repository) until they change, and copied
// for each of them (installedProject).
import { execFile, execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { delimiter, dirname, join, relative } from 'node:path'
import { inject } from 'vitest'
import { acquire, release } from './lockFile.js'
import { projectsFolder } from './projectsFolder.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** a folder of this test run's own, removed when it ends (test/support/globalSetup.ts) */
    runFolder: string
  }
}

const root = join(import.meta.dirname, '..', '..')
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** The tarball of each package, by its name. */
export type Tarballs = ReadonlyMap<string, string>

const packCache = join(projectsFolder, 'packed')

/**
 * The tarballs of the packages (the compiler, the runtime, the stores, the host), packed once for what they hold: kept in
 * the folder of made projects (packed/) with the size and modification time of every file npm
 * packs, and packed again only when one of those changed (the global setup rebuilt dist/,
 * say). Test files that run at once share one packing: the first takes a lock file, the
 * others wait for it.
 */
export function packedPackages(): Tarballs {
  mkdirSync(dirname(packCache), { recursive: true })
  const lock = `${packCache}.lock`
  acquire(lock)
  try {
    // recorded before packing: a file changed while npm packs makes the next run pack again
    const inputs = packInputs()
    const record = join(packCache, 'inputs.txt')
    if (!existsSync(record) || readFileSync(record, 'utf8') !== inputs) {
      rmSync(packCache, { recursive: true, force: true })
      pack(packCache)
      writeFileSync(record, inputs)
    }
    return tarballsIn(packCache)
  } finally {
    release(lock)
  }
}

/** The workspace packages under packages/, beside the compiler's at the root. */
const PACKAGES = ['runtime', 'store-postgres', 'store-embedded', 'host']

/** Every file npm packs of the packages (each package.json and what its `files` lists), with its size and modification time. */
function packInputs(): string {
  const lines: string[] = []
  for (const dir of [root, ...PACKAGES.map((name) => join(root, 'packages', name))]) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { files?: string[] }
    for (const entry of ['package.json', ...(manifest.files ?? [])]) {
      const path = join(dir, entry)
      if (!existsSync(path)) continue
      const files = statSync(path).isDirectory()
        ? readdirSync(path, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => join(e.parentPath, e.name))
        : [path]
      for (const file of files) {
        const stats = statSync(file)
        lines.push(`${relative(root, file)} ${stats.size} ${stats.mtimeMs}\n`)
      }
    }
  }
  return lines.sort().join('')
}

function pack(into: string): void {
  mkdirSync(into, { recursive: true })
  // --ignore-scripts: prepack would build dist/ again (as the global setup just did) and,
  // while it runs, take dist/ away from the CLI tests running beside this one
  execFileSync(npm, ['pack', '--workspaces', '--include-workspace-root', '--ignore-scripts', '--pack-destination', into, '--silent'], {
    cwd: root,
    stdio: 'pipe',
  })
}

function tarballsIn(folder: string): Tarballs {
  const tarballs = new Map<string, string>()
  for (const [name, prefix] of [
    ['botwire', 'botwire-0'],
    ['@botwire/runtime', 'botwire-runtime-0'],
    ['@botwire/store-postgres', 'botwire-store-postgres-0'],
    ['@botwire/store-embedded', 'botwire-store-embedded-0'],
    ['@botwire/host', 'botwire-host-0'],
  ] as const) {
    const packed = readdirSync(folder).find((f) => f.startsWith(prefix) && f.endsWith('.tgz'))
    if (packed === undefined) throw new Error(`npm pack made no tarball of ${name}`)
    tarballs.set(name, join(folder, packed))
  }
  return tarballs
}

const installedCache = join(projectsFolder, 'installed')

/** A key of what the packages hold and the Node that installs them: what an install of the same lines gives depends on nothing else. */
function tarballsKey(tarballs: Tarballs): string {
  const key = createHash('sha256').update(process.version)
  for (const tarball of [...tarballs.values()].sort()) key.update(readFileSync(tarball))
  return key.digest('hex').slice(0, 12)
}

/**
 * Makes `made` (a folder directly below `cache`) by `make(aside)` once: the first process
 * to ask makes it aside and renames it into place whole (a run stopped meanwhile leaves none
 * half made), the others wait on a lock file. What `cache` holds of other tarballs goes.
 */
function madeOnce(cache: string, made: string, tarballs: string, make: (aside: string) => void): void {
  mkdirSync(cache, { recursive: true })
  acquire(`${made}.lock`)
  try {
    if (existsSync(made)) return
    for (const entry of readdirSync(cache)) if (!entry.startsWith(tarballs)) rmSync(join(cache, entry), { recursive: true, force: true })
    const aside = mkdtempSync(`${made}-making-`)
    make(aside)
    renameSync(aside, made)
  } finally {
    release(`${made}.lock`)
  }
}

/**
 * A copy of the project that `lines` (shell lines of a page, from an empty folder: `mkdir
 * X && cd X`, `npm init`, the installs) make, in a new folder of this test run's; returns the
 * folder the lines end in. The lines are run once, by the first test file that asks (the
 * others wait on a lock file), and what they made is kept in the folder of made projects (installed/)
 * under a key of the lines, the tarballs' bytes and Node's version: running them again on
 * the same tarballs would install the same, at seconds of CPU per npm call. Each caller gets
 * a copy, links kept as links; with `modules: 'shared'` its node_modules is a link to the
 * kept one (39 MB of files not copied), for a caller that installs nothing more (runPageLine
 * refuses `npm install` there; `npm ci` replaces the link). The copies sit as deep below the run's folder of projects as the originals below
 * the folder of made projects, and that folder links `packed` to the kept tarballs
 * (test/support/globalSetup.ts), so that the relative `file:` paths npm recorded of the
 * tarballs (package.json, package-lock.json) still lead to them, and `npm ci` in a copy
 * installs what the lines installed.
 */
export function installedProject(lines: readonly string[], tarballs: Tarballs, { modules = 'copied' }: { modules?: 'copied' | 'shared' } = {}): string {
  const runFolder = inject('runFolder')
  if (runFolder === undefined) throw new Error("installedProject needs the run's folder that test/support/globalSetup.ts provides")
  const kept = keptProject(lines, tarballs)
  // the run's folder is projects/runs/<run> of the run's temporary folder: a copy there is as deep as the original's project folder
  const copy = mkdtempSync(join(runFolder, 'copy-'))
  const keptModules = join(kept.folder, 'node_modules')
  const filter = modules === 'shared' ? (source: string) => source !== keptModules : undefined
  cpSync(kept.project, copy, { recursive: true, verbatimSymlinks: true, ...(filter === undefined ? {} : { filter }) })
  if (modules === 'shared') symlinkSync(keptModules, join(copy, kept.endsIn, 'node_modules'), 'dir')
  return join(copy, kept.endsIn)
}

/**
 * The kept project of `lines`: made from the kept project of all but the last line (a copy,
 * then the last line run in it), so that pages whose lines begin alike install their common
 * part once.
 */
function keptProject(lines: readonly string[], tarballs: Tarballs): { project: string; endsIn: string; folder: string } {
  const ofTarballs = tarballsKey(tarballs)
  // the tools' links are part of what is kept: a project kept with others links them still
  const made = join(
    installedCache,
    `${ofTarballs}-${createHash('sha256')
      .update(JSON.stringify([lines, LINKED_FROM]))
      .digest('hex')
      .slice(0, 12)}`,
  )
  madeOnce(installedCache, made, ofTarballs, (aside) => {
    let cwd = join(aside, 'project')
    const last = lines.at(-1)
    if (last === undefined) mkdirSync(cwd)
    else {
      const before = keptProject(lines.slice(0, -1), tarballs)
      cpSync(before.project, cwd, { recursive: true, verbatimSymlinks: true })
      cwd = runPageLine(last, join(cwd, before.endsIn), tarballs).cwd
    }
    writeFileSync(join(aside, 'ends-in.txt'), relative(join(aside, 'project'), cwd))
  })
  const endsIn = readFileSync(join(made, 'ends-in.txt'), 'utf8')
  return { project: join(made, 'project'), endsIn, folder: join(made, 'project', endsIn) }
}

const productionCache = join(projectsFolder, 'production')

/**
 * A copy, in a new folder of this test run's, of a project with no dev dependencies whose
 * `package.json` is `manifest` and in which `npm install --omit=dev` installed the tarballs
 * of `packages` (one npm call: a production install in one step). The install runs once
 * for the manifest, the packages and the tarballs' bytes (the first test file to ask; the
 * others wait on a lock file) and is kept in the folder of made projects (production/), as
 * installedProject keeps its projects: the same tarballs install the same tree, at 3 s of
 * CPU and more per npm call. The copy sits as deep as the original, so npm's relative
 * `file:` paths to the tarballs still lead to them.
 */
export function productionInstall(manifest: object, packages: readonly string[], tarballs: Tarballs): string {
  const runFolder = inject('runFolder')
  if (runFolder === undefined) throw new Error("productionInstall needs the run's folder that test/support/globalSetup.ts provides")
  const ofTarballs = tarballsKey(tarballs)
  const ofInstall = createHash('sha256')
    .update(JSON.stringify([manifest, packages]))
    .digest('hex')
    .slice(0, 12)
  const made = join(productionCache, `${ofTarballs}-${ofInstall}`)
  madeOnce(productionCache, made, ofTarballs, (aside) => {
    const project = join(aside, 'project')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), JSON.stringify(manifest))
    const packed = packages.map((name) => {
      const tarball = tarballs.get(name)
      if (tarball === undefined) throw new Error(`no packed package ${name}`)
      return tarball
    })
    execFileSync(npm, ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--silent', ...packed], { cwd: project, stdio: 'pipe' })
  })
  const copy = mkdtempSync(join(runFolder, 'copy-'))
  cpSync(join(made, 'project'), copy, { recursive: true, verbatimSymlinks: true })
  return copy
}

/** Whether the project's node_modules is a link to a kept project's (installedProject's `modules: 'shared'`). */
function sharesModules(cwd: string): boolean {
  return lstatSync(join(cwd, 'node_modules'), { throwIfNoEntry: false })?.isSymbolicLink() === true
}

const installsCache = join(projectsFolder, 'npm-ci')

/**
 * `npm ci` (with the flags of `line`) in `cwd`: what it installs is kept in
 * the folder of made projects (npm-ci/) under a key of the line, package.json, package-lock.json,
 * the tarballs' bytes and Node's version, and copied in place of node_modules (as npm ci
 * replaces it) when they are the same: the same lock file installs the same tree.
 */
function cleanInstall(line: string, cwd: string, tarballs: Tarballs, env: NodeJS.ProcessEnv): string {
  // npm ci replaces node_modules: one shared with the kept project is only unlinked
  if (sharesModules(cwd)) unlinkSync(join(cwd, 'node_modules'))
  const ofTarballs = tarballsKey(tarballs)
  const key = createHash('sha256').update(line)
  for (const file of ['package.json', 'package-lock.json']) key.update(readFileSync(join(cwd, file)))
  const made = join(installsCache, `${ofTarballs}-${key.digest('hex').slice(0, 12)}`)
  let ran: string | undefined
  madeOnce(installsCache, made, ofTarballs, (aside) => {
    // installed where the line runs (npm's relative paths to the tarballs hold there), then kept
    ran = runShell(line, cwd, env)
    cpSync(join(cwd, 'node_modules'), join(aside, 'node_modules'), { recursive: true, verbatimSymlinks: true })
  })
  if (ran !== undefined) return ran
  rmSync(join(cwd, 'node_modules'), { recursive: true, force: true })
  cpSync(join(made, 'node_modules'), join(cwd, 'node_modules'), { recursive: true, verbatimSymlinks: true })
  return ''
}

/** Where in this repository's node_modules a linked tool is, where that is not its name. */
const LINKED_FROM: Record<string, string> = { typescript: 'typescript-7' }

/** The executable each linked tool puts into node_modules/.bin, which `npx` finds. */
const BINARIES: Record<string, { name: string; path: string }> = {
  typescript: { name: 'tsc', path: join(root, 'node_modules', 'typescript-7', 'bin', 'tsc') },
  tsx: { name: 'tsx', path: join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs') },
}

/** The development tools linked into a project (its node_modules entries that are links to this repository's), read from disk: a copy of a project has its original's links. */
function linkedInto(project: string): string[] {
  const modules = join(project, 'node_modules')
  if (!existsSync(modules)) return []
  const entries = readdirSync(modules, { withFileTypes: true }).flatMap((entry) =>
    entry.name.startsWith('@') && entry.isDirectory()
      ? readdirSync(join(modules, entry.name), { withFileTypes: true }).map((inner) => ({ name: `${entry.name}/${inner.name}`, link: inner.isSymbolicLink() }))
      : [{ name: entry.name, link: entry.isSymbolicLink() }],
  )
  return entries.filter((entry) => entry.link && !entry.name.startsWith('.')).map((entry) => entry.name)
}

function link(project: string, name: string): void {
  const target = join(root, 'node_modules', LINKED_FROM[name] ?? name)
  mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true })
  symlinkSync(target, join(project, 'node_modules', name), 'dir')
  const binary = BINARIES[name]
  if (binary === undefined) return
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
  rmSync(join(project, 'node_modules', '.bin', binary.name), { force: true }) // one left dangling when npm removed the tool
  symlinkSync(binary.path, join(project, 'node_modules', '.bin', binary.name))
}

/** Runs one shell line of a page in the project; returns its stdout, and the project folder (after `cd`). */
export function runPageLine(line: string, cwd: string, tarballs: Tarballs): { cwd: string; stdout: string } {
  const created = /^mkdir (\S+) && cd \1$/.exec(line)
  if (created?.[1] !== undefined) {
    mkdirSync(join(cwd, created[1]))
    return { cwd: join(cwd, created[1]), stdout: '' }
  }
  if (/^npm install\b/.test(line) && sharesModules(cwd)) {
    throw new Error(`\`${line}\` would change the node_modules this copy shares with the kept project: put the line in installedProject's lines`)
  }
  const packages = /^npm install (--save-dev )?(.+)$/.exec(line)
  if (packages?.[2] !== undefined) {
    const names = packages[2].split(' ')
    // the packed packages in one npm call (one install, not one per package), the tools linked
    const packed = names.flatMap((name) => tarballs.get(name) ?? [])
    if (packed.length > 0) {
      const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--silent', ...(packages[1] === undefined ? [] : ['--save-dev'])]
      const linked = linkedInto(cwd)
      execFileSync(npm, ['install', ...flags, ...packed], { cwd, stdio: 'pipe' })
      // npm removes what package.json does not list, the linked tools with it: link them again
      for (const name of linked) if (!existsSync(join(cwd, 'node_modules', name))) link(cwd, name)
    }
    for (const name of names) if (!tarballs.has(name)) link(cwd, name)
    return { cwd, stdout: '' }
  }
  const { command, env } = shellCommand(line, cwd)
  if (/^npm ci\b/.test(command)) return { cwd, stdout: cleanInstall(command, cwd, tarballs, env) }
  return { cwd, stdout: runShell(command, cwd, env, line) }
}

/** A page's shell line as the user's shell runs it in the project: `npx X` the project's X, only the project's node_modules/.bin on PATH. */
function shellCommand(line: string, cwd: string): { command: string; env: NodeJS.ProcessEnv } {
  // npm run puts this repository's node_modules/.bin on PATH: a new user's shell has only the project's
  const outside = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.endsWith(join('node_modules', '.bin')))
  const env = { ...process.env, PATH: [join(cwd, 'node_modules', '.bin'), ...outside].join(delimiter), NO_COLOR: '1' }
  // npm ci takes the dependencies from the local cache where it can, as npm install does above
  return { command: line.replace(/^npx /, '').replace(/^npm ci /, 'npm ci --prefer-offline --no-audit --no-fund --silent '), env }
}

/**
 * Runs a shell line of a page that installs nothing (a program, a compiler) in the project
 * without waiting for it: its stdout, or a rejection with what it printed. Lines that do not
 * depend on one another run at once this way, on the cores the other tests leave.
 */
export function runPageCommand(line: string, cwd: string): Promise<string> {
  if (/^(npm|mkdir)\b/.test(line)) throw new Error(`\`${line}\` changes the project: run it with runPageLine`)
  const { command, env } = shellCommand(line, cwd)
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', command], { cwd, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`\`${line}\` failed:\n${stdout}${stderr}`))
      else resolve(stdout)
    })
  })
}

/** Runs a shell line in `cwd`; returns its stdout, or throws with what it printed when it fails. */
function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv, line = command): string {
  try {
    return execFileSync('sh', ['-c', command], { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`\`${line}\` failed:\n${stdout ?? ''}${stderr ?? ''}`)
  }
}
