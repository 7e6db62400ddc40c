// Builds the packages before the tests, as `npm run build` does: first the runtime's
// (packages/runtime/dist, which the compiler's build reads through node_modules/@botwire/runtime),
// then the compiler's dist/ and the stores' (packages/store-*/dist). The CLI tests run it as a child
// process, the getting-started test packs it as it is, and the declarations test compiles a consumer
// against its .d.ts files. Under `npm test` it also type-checks src/ and the tests (`npm run
// typecheck`) beside the build: each tsc keeps one core busy, and the tests start when both
// are done.
//
// Both are incremental (docs/testing.md#speed): tsc keeps what it knew of the last build in
// node_modules/.cache/botwire, so a run after a small change rebuilds only what it affects.
// And a run whose inputs are exactly as they were when the last one passed (the same
// files, each of the same size and modification time) is not made at all: tsc would read
// and parse every file to find nothing to do, seconds of CPU before any test starts.
// The build's record is trusted only while dist/ holds every output it lists: a dist/ that
// is missing a file (removed, or a fresh clone) is built from nothing. Outputs of a source
// file that is gone are removed, so no file of an older build lingers in dist/.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import type { TestProject } from 'vitest/node'
import { projectsFolder } from './projectsFolder.js'
import { removeRunTempFolder } from './testTempFolders.js'

const root = join(import.meta.dirname, '..', '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const dist = join(root, 'dist')
const src = join(root, 'src')
const cache = join(root, 'node_modules', '.cache', 'botwire')
const buildInfo = join(cache, 'build.tsbuildinfo')

/** What tsc writes for one source file (tsconfig.json: declaration and sourceMap on). */
const OUTPUT_SUFFIXES = ['.js', '.js.map', '.d.ts']

/** Runs tsc on a config; rejects with what it printed when it reports errors. */
function runTsc(config: string, ...flags: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [tsc, '-p', join(root, config), ...flags], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tsc -p ${config} ${flags.join(' ')} failed:\n${stdout}${stderr}`))
      else resolve()
    })
  })
}

function filesBelow(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
}

/** The outputs each source file of src/ should have in dist/, by their path inside dist/ (the runtime, the stores and the host are packages of their own). */
function expectedOutputs(): Set<string> {
  const stems = filesBelow(src)
    .filter(
      (path) =>
        path.endsWith('.ts') &&
        !path.endsWith('.d.ts') &&
        !path.startsWith(`runtime${sep}`) &&
        !path.startsWith(`stores${sep}`) &&
        !path.startsWith(`host${sep}`),
    )
    .map((path) => path.slice(0, -'.ts'.length))
  return new Set(stems.flatMap((stem) => OUTPUT_SUFFIXES.map((suffix) => `${stem}${suffix}`)))
}

/** Every file a tsc run may read from these folders and files, each with its size and modification time. */
function inputsOf(folders: string[], files: string[]): string {
  const paths = [...folders.flatMap((folder) => filesBelow(join(root, folder)).map((path) => join(folder, path))), ...files]
  return paths
    .filter((path) => /\.(ts|json|mjs)$/.test(path))
    .map((path) => {
      const stats = statSync(join(root, path))
      return `${path} ${stats.size} ${stats.mtimeMs}\n`
    })
    .sort()
    .join('')
}

const SHARED_INPUTS = ['tsconfig.json', 'package-lock.json']

/** Runs tsc unless its inputs are as they were when it last passed (recorded as the run started: an edit made while it runs counts). */
async function runTscUnlessUnchanged(name: string, inputs: string, config: string, ...flags: string[]): Promise<void> {
  const record = join(cache, `${name}.inputs`)
  if (existsSync(record) && readFileSync(record, 'utf8') === inputs) return
  rmSync(record, { force: true })
  await runTsc(config, ...flags)
  writeFileSync(record, inputs)
}

/**
 * Builds packages/runtime (scripts/buildRuntimePackage.mjs: from nothing, a few seconds)
 * unless its inputs are as they were and its entry is there.
 */
async function buildRuntime(): Promise<void> {
  if (!existsSync(join(root, 'packages', 'runtime', 'dist', 'runtime', 'index.d.ts'))) rmSync(join(cache, 'runtime.inputs'), { force: true })
  const inputs = inputsOf(
    ['src/runtime', 'src/jsonSchema'],
    ['tsconfig.runtime.json', 'schemas/messages.schema.json', 'scripts/buildRuntimePackage.mjs', ...SHARED_INPUTS],
  )
  const record = join(cache, 'runtime.inputs')
  if (existsSync(record) && readFileSync(record, 'utf8') === inputs) return
  rmSync(record, { force: true })
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [join(root, 'scripts', 'buildRuntimePackage.mjs')], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`building packages/runtime failed:\n${stdout}${stderr}`))
      else resolve()
    })
  })
  writeFileSync(record, inputs)
}

/** A package built beside the runtime, after it, by a script of its own: its entries (to tell it is built) and its inputs. */
interface PackageBesideRuntime {
  name: string
  script: string
  entries: string[]
  folders: string[]
  files: string[]
}

const STORE_PACKAGES: PackageBesideRuntime = {
  name: 'stores',
  script: 'buildStorePackages.mjs',
  entries: [
    ...['postgres', 'embedded'].map((store) => join('packages', `store-${store}`, 'dist', 'stores', store, 'index.d.ts')),
    // the embedded store's empty-database template (scripts/emptyDatabaseTemplate.mjs)
    ...['empty-database.tar.br', 'empty-database.json'].map((file) => join('packages', 'store-embedded', 'template', file)),
  ],
  folders: ['src/stores', 'packages/runtime/dist'],
  files: ['tsconfig.stores.json', 'tsconfig.store-postgres.json', 'tsconfig.store-embedded.json', 'scripts/emptyDatabaseTemplate.mjs'],
}

const HOST_PACKAGE: PackageBesideRuntime = {
  name: 'host',
  script: 'buildHostPackage.mjs',
  entries: [join('packages', 'host', 'dist', 'host', 'index.d.ts')],
  folders: ['src/host', 'packages/runtime/dist'],
  files: ['tsconfig.host.json'],
}

/**
 * Builds a package beside the runtime (the stores: scripts/buildStorePackages.mjs; the host:
 * scripts/buildHostPackage.mjs), after the runtime's, unless its inputs are as they were and
 * its entries are there: the packed-package tests install them as npm packs them.
 */
async function buildBesideRuntime(pkg: PackageBesideRuntime): Promise<void> {
  const record = join(cache, `${pkg.name}.inputs`)
  if (!pkg.entries.every((entry) => existsSync(join(root, entry)))) rmSync(record, { force: true })
  const inputs = inputsOf(pkg.folders, [...pkg.files, `scripts/${pkg.script}`, ...SHARED_INPUTS])
  if (existsSync(record) && readFileSync(record, 'utf8') === inputs) return
  rmSync(record, { force: true })
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [join(root, 'scripts', pkg.script)], { cwd: root, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`building the ${pkg.name} package failed (scripts/${pkg.script}):\n${stdout}${stderr}`))
      else resolve()
    })
  })
  writeFileSync(record, inputs)
}

/** Makes dist/ hold exactly src/'s outputs, compiling only what changed since the last build. */
async function build(): Promise<void> {
  const expected = expectedOutputs()
  const present = new Set(filesBelow(dist))
  // an output missing: tsc's record would skip re-emitting it, so start from nothing
  if ([...expected].some((path) => !present.has(path))) {
    rmSync(dist, { recursive: true, force: true })
    rmSync(buildInfo, { force: true })
    rmSync(join(cache, 'build.inputs'), { force: true })
  } else {
    for (const path of present) if (!expected.has(path)) rmSync(join(dist, path))
  }
  const inputs = inputsOf(['src', 'packages/runtime/dist'], ['tsconfig.build.json', ...SHARED_INPUTS])
  await runTscUnlessUnchanged('build', inputs, 'tsconfig.build.json', '--incremental', '--tsBuildInfoFile', buildInfo)
}

/** The type-check of the sources, the tests, the benchmark and the scripts (`npm run typecheck`). */
function typecheck(): Promise<void> {
  const inputs = inputsOf(
    ['src', 'test', 'bench', 'scripts', 'generated'],
    ['tsconfig.test.json', 'vitest.config.ts', 'vitest.mutation.config.ts', ...SHARED_INPUTS],
  )
  return runTscUnlessUnchanged('typecheck', inputs, 'tsconfig.test.json', '--noEmit')
}

export default async function setup(project: TestProject): Promise<() => void> {
  // a fresh clone has no cache folder yet, and the records above are written into it
  mkdirSync(cache, { recursive: true })
  // what the test files of this run share and no later run may see (the copies of the
  // installed project of test/support/packedProject.ts): made by the files that need it,
  // removed at the end. It is in the run's temporary folder (test/support/testTempFolders.ts:
  // in memory where it can be), in a folder laid out as the folder of made projects is, its
  // `packed` a link to the kept tarballs: a copy sits as deep below it as the installed
  // projects below theirs, so npm's relative paths to the tarballs lead to them from a copy too
  const projects = join(tmpdir(), 'projects')
  mkdirSync(join(projects, 'runs'), { recursive: true })
  symlinkSync(join(projectsFolder, 'packed'), join(projects, 'packed'), 'dir')
  const runFolder = mkdtempSync(join(projects, 'runs', 'run-'))
  project.provide('runFolder', runFolder)
  const teardown = () => {
    rmSync(runFolder, { recursive: true, force: true })
    removeRunTempFolder()
  }
  const steps = [
    buildRuntime().then(async () => {
      await Promise.all([build(), buildBesideRuntime(STORE_PACKAGES), buildBesideRuntime(HOST_PACKAGE)])
    }),
  ]
  // npm names the script it runs; a targeted `npx vitest run test/<folder>` skips the type-check
  if (process.env.npm_lifecycle_event === 'test') steps.push(typecheck())
  const failures = (await Promise.allSettled(steps)).flatMap((step) => (step.status === 'rejected' ? [step.reason as Error] : []))
  if (failures.length > 0) {
    teardown()
    throw new Error(failures.map((failure) => failure.message).join('\n'))
  }
  return teardown
}
