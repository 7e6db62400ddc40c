// A deterministic synthetic workspace for the benchmark: N definitions (by default
// 100 interfaces, 400 integrations, 400 plugins, 100 bots), a few KB each, written as
// YAML files into a folder. Same seed, same bytes.
//
// Interfaces have 3-5 entities (entity references, one recursive tree entity), 3-5
// actions, 1-2 events and a channel; some interface names have a second, minor version
// that adds an action. Integrations implement 1-2 interfaces with extended entities
// (extra properties, tighter constraints) and renamed actions, plus own actions.
// Plugins depend on 1-2 interfaces through ranges and use `$entity: LOCAL.ENTITY`.
// Bots add 2-4 integrations (configurations with `$secret`) and 2-4 plugins wired to
// them, with message tags.
//
// With `errorRate`, about that share of the files carry one semantic error each
// (entity not extending, interface version not present, plugin range nothing
// satisfies, unwired dependency, wiring to an interface version outside the range);
// `errorFiles` lists them, so that the benchmark can check each one is reported. The
// errors are semantic, in well-formed YAML: every file takes the loader's fast path,
// and a diagnostic makes the loader parse its file's positions lazily.
// `writeCarefulCopy` makes a copy whose every file takes the careful path instead.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ErrorKind, type IntegrationPlan, makeBot, makeIntegration, makePlugin, type PluginPlan, toYaml } from './syntheticDefinitions.js'
import { type InterfaceVersion, makeInterface, minorVersion } from './syntheticInterfaces.js'
import { withTagsAndStates } from './syntheticTagsAndStates.js'
import { Gen, type Obj, pad, Rng, WORDS } from './syntheticWords.js'

export interface SyntheticOptions {
  /** total definitions; split 10% interfaces, 40% integrations, 40% plugins, 10% bots */
  definitions?: number
  seed?: number
  /** share of files that get one semantic error (0 = a valid workspace) */
  errorRate?: number
  /** add user, conversation and message tags and states to integrations, plugins and bots (syntheticTagsAndStates.ts) */
  tagsAndStates?: boolean
}

export interface SyntheticWorkspace {
  dir: string
  files: number
  bytes: number
  /** files given an error on purpose, by error kind */
  errors: Record<string, number>
  /** the files given an error on purpose, relative to `dir` (`plugins/NAME.yaml`) */
  errorFiles: string[]
}

interface Generated {
  kind: 'interface' | 'integration' | 'plugin' | 'bot'
  name: string
  valid: Obj
  /** the same definition with its error; null when it has none */
  broken: Obj | null
  error: ErrorKind | null
}

/**
 * Every definition, valid and (for about `errorRate` of them) with one error. The
 * broken variant is made from a copy of the random state, so that both workspaces are
 * the same definitions apart from the errors.
 */
function* generate(options: SyntheticOptions): Generator<Generated> {
  const total = options.definitions ?? 1000
  const seed = options.seed ?? 20240601
  const g = new Gen(new Rng(seed))
  const errorRate = options.errorRate ?? 0
  // errors are chosen by their own generator, so the definitions do not depend on them
  const errorRng = new Rng(seed ^ 0x5eed)
  const maybeError = (kinds: ErrorKind[]): ErrorKind | null =>
    errorRng.next() < errorRate ? (kinds[Math.floor(errorRng.next() * kinds.length)] as ErrorKind) : null
  const both = <T extends Obj>(kinds: ErrorKind[], make: (g: Gen, error: ErrorKind | null) => T): { valid: T; broken: T | null; error: ErrorKind | null } => {
    const error = maybeError(kinds)
    const copy = g.copy()
    const valid = make(g, null)
    const broken = error ? make(copy, error) : null
    // an error that found nothing to break (no plugin to miswire) is no error
    if (!broken || JSON.stringify(broken) === JSON.stringify(valid)) return { valid, broken: null, error: null }
    return { valid, broken, error }
  }

  const interfaceFiles = Math.round(total * 0.1)
  const integrationCount = Math.round(total * 0.4)
  const pluginCount = Math.round(total * 0.4)
  const botCount = total - interfaceFiles - integrationCount - pluginCount
  // one name in ten also has a 1.1.0, which adds an action
  const minorEvery = 10
  const interfaceNames = Math.ceil(interfaceFiles / (1 + 1 / minorEvery))

  const interfaces: InterfaceVersion[][] = []
  let interfaceFileCount = 0
  for (let i = 0; i < interfaceNames && interfaceFileCount < interfaceFiles; i++) {
    const name = `${g.pick(WORDS)}-api-${pad(i)}`
    const { versions, docs } = makeInterface(g, name)
    yield { kind: 'interface', name: `${name}-v1.0.0`, valid: docs[0] as Obj, broken: null, error: null }
    interfaceFileCount++
    if (i % minorEvery === 0 && interfaceFileCount < interfaceFiles) {
      const minor = minorVersion(g, docs[0] as Obj, versions[0] as InterfaceVersion)
      versions.push(minor.version)
      yield { kind: 'interface', name: `${name}-v1.1.0`, valid: minor.doc, broken: null, error: null }
      interfaceFileCount++
    }
    interfaces.push(versions)
  }

  const implementers = new Map<string, IntegrationPlan[]>()
  for (let i = 0; i < integrationCount; i++) {
    const name = `${g.pick(['acme', 'nimbus', 'orbit', 'vertex', 'zen', 'pulse'])}-${g.pick(WORDS)}-${pad(i)}`
    const picked = g.sample(interfaces, g.chance(0.4) ? 2 : 1).map((versions) => g.pick(versions))
    const made = both(['entity-not-extending', 'interface-version-missing'], (gen, error) => makeIntegration(gen, name, picked, error))
    const spec = made.valid
    const plan: IntegrationPlan = {
      name,
      version: spec.version as string,
      implements: Object.entries(spec.interfaces as Obj).map(([alias, v]) => ({
        alias,
        iface: picked.find((p) => p.name === (v as Obj).name) as InterfaceVersion,
      })),
    }
    for (const impl of plan.implements) implementers.set(impl.iface.name, [...(implementers.get(impl.iface.name) ?? []), plan])
    yield { kind: 'integration', name, ...made }
  }

  const pluginPlans: PluginPlan[] = []
  for (let i = 0; i < pluginCount; i++) {
    const name = `${g.pick(WORDS)}-${g.pick(['sync', 'assistant', 'router', 'digest', 'guard', 'notifier'])}-${pad(i)}`
    const deps = g.sample(interfaces, g.chance(0.3) ? 2 : 1).map((versions, k) => {
      const iface = versions[0] as InterfaceVersion
      const range = versions.length > 1 && g.chance(0.5) ? '^1.1.0' : '^1.0.0'
      return { local: k === 0 ? 'primary' : 'secondary', iface: range === '^1.1.0' ? (versions[1] as InterfaceVersion) : iface, range }
    })
    const plan: PluginPlan = { name, version: `0.${g.int(1, 9)}.${g.int(0, 9)}`, deps }
    pluginPlans.push(plan)
    yield { kind: 'plugin', name, ...both(['plugin-range-unsatisfied'], (gen, error) => makePlugin(gen, plan, error)) }
  }

  for (let i = 0; i < botCount; i++) {
    const name = `${g.pick(['support', 'sales', 'ops', 'hr', 'billing'])}-bot-${pad(i)}`
    yield {
      kind: 'bot',
      name,
      ...both(['unwired-dependency', 'wired-version-outside-range'], (gen, error) => makeBot(gen, name, pluginPlans, implementers, error)),
    }
  }
}

function prepare(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
  for (const kind of ['interfaces', 'integrations', 'plugins', 'bots']) mkdirSync(join(dir, kind), { recursive: true })
}

/**
 * Writes the valid workspace to `validDir` and, when given, the one with errors to
 * `brokenDir` (files without an error are written to both from one serialisation).
 */
export function writeSyntheticWorkspaces(
  validDir: string,
  brokenDir: string | null,
  options: SyntheticOptions = {},
): { valid: SyntheticWorkspace; broken: SyntheticWorkspace | null } {
  const valid: SyntheticWorkspace = { dir: validDir, files: 0, bytes: 0, errors: {}, errorFiles: [] }
  const broken: SyntheticWorkspace | null = brokenDir ? { dir: brokenDir, files: 0, bytes: 0, errors: {}, errorFiles: [] } : null
  prepare(validDir)
  if (brokenDir) prepare(brokenDir)
  const write = (target: SyntheticWorkspace, kind: string, name: string, text: string): string => {
    const path = `${kind}s/${name}.yaml`
    writeFileSync(join(target.dir, path), text)
    target.files++
    target.bytes += Buffer.byteLength(text)
    return path
  }
  // the tags' and states' own generator: the definitions stay the bytes they are without them
  const added = new Rng((options.seed ?? 20240601) ^ 0x7a95)
  for (const d of generate(brokenDir ? options : { ...options, errorRate: 0 })) {
    // the broken variant gets the tags and states its valid one gets, from a copy of the generator
    const forBroken = options.tagsAndStates ? added.copy() : undefined
    const text = toYaml(options.tagsAndStates ? withTagsAndStates(d.valid, d.kind, added) : d.valid, d.kind)
    write(valid, d.kind, d.name, text)
    if (!broken) continue
    const brokenDoc = d.broken && forBroken ? withTagsAndStates(d.broken, d.kind, forBroken) : d.broken
    const path = write(broken, d.kind, d.name, brokenDoc ? toYaml(brokenDoc, d.kind) : text)
    if (d.error) {
      broken.errors[d.error] = (broken.errors[d.error] ?? 0) + 1
      broken.errorFiles.push(path)
    }
  }
  return { valid, broken }
}

/**
 * A copy of a workspace in which every file takes the loader's careful path (yaml with
 * positions, as every file did before the js-yaml fast path): the first line gets an
 * anchor on its value (`kind: &kind plugin`), which changes no value but is a construct
 * the fast path turns away. What the old design's loading costs, inside today's code.
 */
export function writeCarefulCopy(fromDir: string, toDir: string): { files: number; bytes: number } {
  prepare(toDir)
  let files = 0
  let bytes = 0
  for (const kind of ['interfaces', 'integrations', 'plugins', 'bots']) {
    for (const name of readdirSync(join(fromDir, kind))) {
      const text = readFileSync(join(fromDir, kind, name), 'utf8')
      const anchored = text.replace(/^kind: /m, 'kind: &kind ')
      if (anchored === text) throw new Error(`writeCarefulCopy: no 'kind:' line in ${kind}/${name}`)
      writeFileSync(join(toDir, kind, name), anchored)
      files++
      bytes += Buffer.byteLength(anchored)
    }
  }
  return { files, bytes }
}

/** One workspace: valid, or with errors when `errorRate` > 0. */
export function writeSyntheticWorkspace(dir: string, options: SyntheticOptions = {}): SyntheticWorkspace {
  if (!options.errorRate) return writeSyntheticWorkspaces(dir, null, options).valid
  const scratch = `${dir}.valid-tmp`
  try {
    const { broken } = writeSyntheticWorkspaces(scratch, dir, options)
    return broken as SyntheticWorkspace
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

// `tsx bench/syntheticWorkspace.ts DIR [errorRate]` writes one for a look.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'synthetic'
  const result = writeSyntheticWorkspace(dir, { errorRate: Number(process.argv[3] ?? 0) })
  console.log(JSON.stringify(result))
}
