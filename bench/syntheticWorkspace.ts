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
import { Document, isScalar, isSeq, visit } from 'yaml'

export interface SyntheticOptions {
  /** total definitions; split 10% interfaces, 40% integrations, 40% plugins, 10% bots */
  definitions?: number
  seed?: number
  /** share of files that get one semantic error (0 = a valid workspace) */
  errorRate?: number
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

/** mulberry32: small, fast, deterministic; its state can be copied. */
class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  copy(): Rng {
    return new Rng(this.state)
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { [key: string]: Json }

const WORDS = [
  'account',
  'address',
  'agent',
  'amount',
  'archive',
  'asset',
  'balance',
  'batch',
  'booking',
  'branch',
  'budget',
  'campaign',
  'channel',
  'claim',
  'client',
  'comment',
  'contact',
  'contract',
  'coupon',
  'customer',
  'dataset',
  'deal',
  'device',
  'document',
  'draft',
  'event',
  'folder',
  'invoice',
  'issue',
  'item',
  'job',
  'label',
  'lead',
  'ledger',
  'license',
  'listing',
  'meeting',
  'member',
  'metric',
  'note',
  'offer',
  'order',
  'owner',
  'page',
  'payment',
  'policy',
  'product',
  'project',
  'quote',
  'record',
  'refund',
  'region',
  'report',
  'request',
  'resource',
  'review',
  'route',
  'schedule',
  'segment',
  'session',
  'shipment',
  'site',
  'sprint',
  'store',
  'subscription',
  'supplier',
  'survey',
  'task',
  'team',
  'template',
  'thread',
  'ticket',
  'topic',
  'transfer',
  'trip',
  'user',
  'vendor',
  'video',
  'visit',
  'warehouse',
  'webhook',
  'workflow',
  'workspace',
]
const VERBS = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'search',
  'sync',
  'archive',
  'assign',
  'approve',
  'export',
  'import',
  'publish',
  'schedule',
  'cancel',
]
const SENTENCES = [
  'Used by support agents to follow up with customers.',
  'Kept in sync with the remote system every few minutes.',
  'The value as returned by the upstream API, unchanged.',
  'Only set when the record was created by an automation.',
  'Shown to end users in the conversation, so keep it short.',
  'Identifiers are opaque strings; do not parse them.',
  'Timestamps are in UTC and formatted as ISO 8601.',
  'May be empty when the remote system has no data yet.',
]

function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

function pad(n: number): string {
  return String(n).padStart(3, '0')
}

class Gen {
  constructor(private readonly rng: Rng) {}
  private random(): number {
    return this.rng.next()
  }
  /** a generator that draws the same numbers as this one from here on */
  copy(): Gen {
    return new Gen(this.rng.copy())
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1))
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T
  }
  chance(p: number): boolean {
    return this.random() < p
  }
  /** k distinct items */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = [...list]
    const out: T[] = []
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.random() * copy.length), 1)[0] as T)
    return out
  }
  sentence(): string {
    return this.pick(SENTENCES)
  }
}

// ---------------------------------------------------------------------------------
// schemas

/** A leaf property schema, with constraints; `tighten` returns a schema that extends it. */
interface Leaf {
  schema: Obj
  tighten(g: Gen): Obj
}

function leaf(g: Gen, name: string): Leaf {
  const doc = g.chance(0.3) ? { title: cap(name), description: g.sentence() } : { title: cap(name) }
  switch (g.int(0, 5)) {
    case 0:
      return { schema: { type: 'string', minLength: 1, ...doc }, tighten: () => ({ type: 'string', minLength: 1, maxLength: 200, ...doc }) }
    case 1: {
      const values = g.sample(['open', 'pending', 'active', 'closed', 'archived', 'draft'], 4)
      return { schema: { type: 'string', enum: values, ...doc }, tighten: () => ({ type: 'string', enum: values.slice(0, 3), ...doc }) }
    }
    case 2:
      return { schema: { type: 'number', minimum: 0, ...doc }, tighten: () => ({ type: 'integer', minimum: 0, maximum: 1000000, ...doc }) }
    case 3:
      return { schema: { type: 'boolean', ...doc }, tighten: () => ({ type: 'boolean', ...doc }) }
    case 4:
      return { schema: { type: 'string', format: 'date-time', ...doc }, tighten: () => ({ type: 'string', format: 'date-time', ...doc }) }
    default:
      return {
        schema: { type: 'array', items: { type: 'string', minLength: 1 }, ...doc },
        tighten: () => ({ type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, maxItems: 50, ...doc }),
      }
  }
}

/** One interface entity, as data the integrations can extend. */
interface EntityPlan {
  name: string
  /** property name -> leaf, or entity name for a reference */
  properties: { name: string; leaf?: Leaf; ref?: string; array?: boolean }[]
  required: string[]
  recursive: boolean
}

function entitySchema(plan: EntityPlan, rename: (entity: string) => string, leafSchema: (leaf: Leaf) => Obj): Obj {
  const properties: Obj = {}
  for (const p of plan.properties) {
    if (p.ref !== undefined) {
      const ref: Obj = { $entity: rename(p.ref) }
      properties[p.name] = p.array ? { type: 'array', items: ref, title: cap(p.name), description: 'Nested entries.' } : ref
    } else if (p.leaf) properties[p.name] = leafSchema(p.leaf)
  }
  return { type: 'object', properties, required: plan.required }
}

/** An object schema with a few leaf properties and maybe entity references. */
function objectSchema(g: Gen, entities: readonly string[], entityPrefix: string, props: number): Obj {
  const properties: Obj = {}
  const required: string[] = []
  for (const name of g.sample(WORDS, props)) {
    const key = `${name}${cap(g.pick(['id', 'name', 'count', 'note', 'value']))}`
    properties[key] = leaf(g, key).schema
    if (g.chance(0.6)) required.push(key)
  }
  if (entities.length > 0) {
    const entity = g.pick(entities)
    properties[entity] = { $entity: `${entityPrefix}${entity}` }
    required.push(entity)
    if (g.chance(0.4)) {
      const other = g.pick(entities)
      properties[`${other}List`] = { type: 'array', items: { $entity: `${entityPrefix}${other}` }, maxItems: 100, title: `${cap(other)} list` }
    }
  }
  return { type: 'object', properties, required }
}

// ---------------------------------------------------------------------------------
// definitions

interface InterfaceVersion {
  name: string
  version: string
  entities: EntityPlan[]
  actions: string[]
  events: string[]
}

function makeInterface(g: Gen, name: string): { versions: InterfaceVersion[]; docs: Obj[] } {
  const entityCount = g.int(3, 5)
  const nouns = g.sample(WORDS, entityCount)
  const plans: EntityPlan[] = nouns.map((noun, i) => {
    const props = g.sample(WORDS, g.int(2, 4)).map((w) => ({ name: `${w}${cap(g.pick(['id', 'name', 'status', 'count', 'at']))}`, leaf: leaf(g, w) }))
    const properties: EntityPlan['properties'] = [
      {
        name: 'id',
        leaf: {
          schema: { type: 'string', minLength: 1, title: 'Id', description: 'Identifier.' },
          tighten: () => ({ type: 'string', minLength: 1, maxLength: 64, title: 'Id', description: 'Identifier.' }),
        },
      },
      ...props,
    ]
    // entity references: to a later entity (no cycles but through the tree)
    const later = nouns.slice(i + 1)
    if (later.length > 0) properties.push({ name: `${g.pick(later)}Ref`, ref: g.pick(later) })
    const recursive = i === 0
    if (recursive) properties.push({ name: 'children', ref: noun, array: true })
    const required = ['id', ...props.filter(() => g.chance(0.5)).map((p) => p.name)]
    return { name: noun, properties, required, recursive }
  })
  const actionCount = g.int(3, 5)
  const actionNames = g.sample(VERBS, actionCount).map((v) => `${v}${cap(g.pick(nouns))}`)
  const uniqueActions = [...new Set(actionNames)]
  const eventNames = [...new Set(Array.from({ length: g.int(1, 2) }, () => `${g.pick(nouns)}${g.pick(['Created', 'Updated', 'Deleted'])}`))]

  const actions = (names: readonly string[]): Obj =>
    Object.fromEntries(
      names.map((a) => [
        a,
        {
          title: cap(a),
          description: g.sentence(),
          ...(g.chance(0.3) ? { billable: true } : {}),
          ...(a.startsWith('get') || a.startsWith('list') ? { cacheable: true } : {}),
          ...(g.chance(0.2) ? { attributes: { timeout: '30s' } } : {}),
          input: { schema: objectSchema(g, nouns, '', g.int(2, 4)) },
          output: { schema: objectSchema(g, nouns, '', g.int(1, 3)) },
        },
      ]),
    )
  const entities: Obj = Object.fromEntries(
    plans.map((p) => [
      p.name,
      {
        title: cap(p.name),
        description: g.sentence(),
        schema: entitySchema(
          p,
          (e) => e,
          (l) => l.schema,
        ),
      },
    ]),
  )
  const events: Obj = Object.fromEntries(
    eventNames.map((e) => [e, { title: cap(e), description: g.sentence(), schema: objectSchema(g, nouns, '', g.int(1, 3)) }]),
  )
  const channels: Obj = {
    updates: {
      title: 'Updates',
      description: 'Streamed changes.',
      messages: {
        change: { schema: objectSchema(g, nouns, '', 2) },
        heartbeat: { schema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' } }, required: ['at'] } },
      },
    },
  }
  const actionsV1 = actions(uniqueActions)
  const base = { kind: 'interface', name, title: cap(name.replace(/-/g, ' ')), description: g.sentence(), entities }
  const v1: Obj = { ...base, version: '1.0.0', actions: actionsV1, events, channels }
  const versions: InterfaceVersion[] = [{ name, version: '1.0.0', entities: plans, actions: uniqueActions, events: eventNames }]
  const docs: Obj[] = [v1]
  return { versions, docs }
}

/** Adds a minor version that adds one action. */
function minorVersion(g: Gen, doc: Obj, version: InterfaceVersion): { version: InterfaceVersion; doc: Obj } {
  const nouns = version.entities.map((e) => e.name)
  const added = `bulk${cap(g.pick(VERBS))}${cap(g.pick(nouns))}`
  const actions = {
    ...(doc.actions as Obj),
    [added]: { title: cap(added), input: { schema: objectSchema(g, nouns, '', 2) }, output: { schema: objectSchema(g, nouns, '', 1) } },
  }
  return { version: { ...version, version: '1.1.0', actions: [...version.actions, added] }, doc: { ...doc, version: '1.1.0', actions } }
}

type ErrorKind = 'entity-not-extending' | 'interface-version-missing' | 'plugin-range-unsatisfied' | 'unwired-dependency' | 'wired-version-outside-range'

function makeIntegration(g: Gen, name: string, implemented: InterfaceVersion[], error: ErrorKind | null): Obj {
  const prefix = g.pick(['acme', 'hub', 'cloud', 'pro', 'api'])
  const entities: Obj = {}
  const interfaces: Obj = {}
  let broken = error === 'entity-not-extending'
  for (const [k, iface] of implemented.entries()) {
    const rename = (e: string): string => `${prefix}${cap(iface.name.replace(/-/g, ''))}${cap(e)}`
    for (const plan of iface.entities) {
      const schema = entitySchema(plan, rename, (l) => (g.chance(0.5) ? l.tighten(g) : l.schema))
      const properties = schema.properties as Obj
      // extra properties: allowed by the extension rule
      for (const extra of g.sample(WORDS, g.int(1, 3))) properties[`${prefix}${cap(extra)}`] = leaf(g, extra).schema
      if (broken) {
        // `id` becomes an integer: `/properties/id: integer does not extend string`
        properties.id = { type: 'integer', minimum: 1, title: 'Id' }
        broken = false
      }
      entities[rename(plan.name)] = { title: `${cap(prefix)} ${plan.name}`, description: g.sentence(), schema }
    }
    // the first interface renames some actions and an event; a second one renames all
    // its members, so that no final name collides
    const renamed = k === 0 ? g.sample(iface.actions, g.int(1, iface.actions.length)) : iface.actions
    const events = k === 0 ? iface.events.slice(0, 1) : iface.events
    const tag = k === 0 ? prefix : `${prefix}${k + 1}`
    interfaces[k === 0 ? iface.name.replace(/-/g, '') : `${iface.name.replace(/-/g, '')}${k}`] = {
      name: iface.name,
      version: error === 'interface-version-missing' && k === 0 ? '1.7.0' : iface.version,
      entities: Object.fromEntries(iface.entities.map((e) => [e.name, rename(e.name)])),
      actions: Object.fromEntries(renamed.map((a) => [a, { name: `${tag}${cap(a)}`, title: `${cap(prefix)}: ${a}` }])),
      ...(events.length > 0 ? { events: Object.fromEntries(events.map((e) => [e, { name: `${tag}${cap(e)}` }])) } : {}),
      ...(k > 0 ? { channels: { updates: { name: `${tag}Updates` } } } : {}),
    }
  }
  const ownEntities = Object.keys(entities)
  const ownActions: Obj = Object.fromEntries(
    g.sample(VERBS, g.int(1, 3)).map((v) => [
      `${v}${cap(prefix)}Resource`,
      {
        title: `${cap(v)} resource`,
        description: g.sentence(),
        input: { schema: objectSchema(g, ownEntities.slice(0, 2), '', 2) },
        output: { schema: objectSchema(g, [], '', 2) },
      },
    ]),
  )
  return {
    kind: 'integration',
    name,
    version: `${g.int(1, 3)}.${g.int(0, 9)}.${g.int(0, 9)}`,
    title: cap(name.replace(/-/g, ' ')),
    description: g.sentence(),
    configuration: {
      schema: {
        type: 'object',
        properties: {
          apiKey: { type: 'string', minLength: 1, title: 'API key', description: 'The API key.' },
          baseUrl: { type: 'string', format: 'uri', title: 'Base URL' },
          region: { type: 'string', enum: ['eu', 'us', 'ap'], title: 'Region' },
          timeoutMs: { type: 'integer', minimum: 100, maximum: 60000, default: 5000 },
        },
        required: ['apiKey', 'region'],
      },
    },
    entities,
    actions: ownActions,
    interfaces,
  }
}

interface PluginPlan {
  name: string
  version: string
  /** local name -> interface and range */
  deps: { local: string; iface: InterfaceVersion; range: string }[]
}

function makePlugin(g: Gen, plan: PluginPlan, error: ErrorKind | null): Obj {
  const interfaces: Obj = Object.fromEntries(
    plan.deps.map((d, i) => [d.local, { name: d.iface.name, version: error === 'plugin-range-unsatisfied' && i === 0 ? '^4.0.0' : d.range }]),
  )
  const qualified = plan.deps.flatMap((d) => d.iface.entities.slice(0, 3).map((e) => `${d.local}.${e.name}`))
  const actions: Obj = Object.fromEntries(
    g.sample(VERBS, g.int(2, 4)).map((v) => [
      `${v}${cap(g.pick(WORDS))}`,
      {
        title: cap(v),
        description: g.sentence(),
        input: { schema: objectSchema(g, qualified, '', g.int(2, 4)) },
        output: { schema: objectSchema(g, qualified, '', g.int(1, 3)) },
      },
    ]),
  )
  return {
    kind: 'plugin',
    name: plan.name,
    version: plan.version,
    title: cap(plan.name.replace(/-/g, ' ')),
    description: g.sentence(),
    configuration: {
      schema: {
        type: 'object',
        properties: {
          maxItems: { type: 'integer', minimum: 1, maximum: 500, default: 50, title: 'Maximum items' },
          mode: { type: 'string', enum: ['fast', 'thorough'], title: 'Mode' },
          webhookSecret: { type: 'string', minLength: 8, title: 'Webhook secret' },
          labels: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 20 },
        },
        required: ['maxItems'],
      },
    },
    interfaces,
    actions,
    events: { [`${plan.name.replace(/-/g, '')}Done`]: { title: 'Done', schema: objectSchema(g, qualified.slice(0, 1), '', 2) } },
  }
}

interface IntegrationPlan {
  name: string
  version: string
  /** interface alias -> interface version */
  implements: { alias: string; iface: InterfaceVersion }[]
}

function makeBot(g: Gen, name: string, plugins: readonly PluginPlan[], implementers: Map<string, IntegrationPlan[]>, error: ErrorKind | null): Obj {
  const integrations: Obj = {}
  const integrationVersion = new Map<string, string>()
  const pluginsOut: Obj = {}
  const usedPlugins = new Map<string, string>()
  let wantedError = error
  const addIntegration = (plan: IntegrationPlan): string => {
    const alias = plan.name.replace(/-/g, '')
    if (!integrationVersion.has(plan.name)) {
      integrationVersion.set(plan.name, plan.version)
      integrations[alias] = {
        integration: plan.name,
        version: g.chance(0.5) ? plan.version : `^${plan.version}`,
        configuration: {
          apiKey: { $secret: `${alias.toUpperCase()}_API_KEY` },
          region: g.pick(['eu', 'us', 'ap']),
          ...(g.chance(0.5) ? { timeoutMs: g.int(1000, 30000) } : {}),
        },
      }
    }
    return alias
  }
  const candidates = g.sample(plugins, 6)
  let count = 0
  for (const plugin of candidates) {
    if (count >= g.int(2, 4) && count >= 2) break
    if (usedPlugins.has(plugin.name)) continue
    // every dependency needs an integration implementing a version in the range
    const wiring: { local: string; integration: IntegrationPlan; alias: string }[] = []
    for (const dep of plugin.deps) {
      const options = (implementers.get(dep.iface.name) ?? []).filter((i) => {
        const impl = i.implements.find((x) => x.iface.name === dep.iface.name)
        return impl !== undefined && (dep.range === '^1.0.0' || impl.iface.version === '1.1.0')
      })
      if (options.length === 0) break
      const integration = g.pick(options)
      const impl = integration.implements.find((x) => x.iface.name === dep.iface.name)
      if (!impl) break
      wiring.push({ local: dep.local, integration, alias: impl.alias })
    }
    if (wiring.length !== plugin.deps.length) continue
    usedPlugins.set(plugin.name, plugin.version)
    const dependencies: Obj = {}
    for (const w of wiring) dependencies[w.local] = { integrationAlias: addIntegration(w.integration), integrationInterfaceAlias: w.alias }
    if (wantedError === 'unwired-dependency') {
      delete dependencies[wiring[0]?.local ?? '']
      wantedError = null
    }
    const alias = `${plugin.name.replace(/-/g, '')}${count}`
    pluginsOut[alias] = {
      plugin: plugin.name,
      version: `^${plugin.version}`,
      configuration: {
        maxItems: g.int(1, 500),
        mode: g.pick(['fast', 'thorough']),
        ...(g.chance(0.5) ? { webhookSecret: { $secret: `${alias.toUpperCase()}_SECRET` } } : {}),
      },
      dependencies,
    }
    count++
  }
  if (wantedError === 'wired-version-outside-range') {
    // a plugin that wants ^1.1.0 wired to an integration implementing 1.0.0
    const plugin = plugins.find((p) => p.deps.length === 1 && p.deps[0]?.range === '^1.1.0' && !usedPlugins.has(p.name))
    const dep = plugin?.deps[0]
    const wrong = dep
      ? (implementers.get(dep.iface.name) ?? []).find((i) => i.implements.some((x) => x.iface.name === dep.iface.name && x.iface.version === '1.0.0'))
      : undefined
    const impl = wrong?.implements.find((x) => x.iface.name === dep?.iface.name)
    if (plugin && dep && wrong && impl) {
      pluginsOut[`${plugin.name.replace(/-/g, '')}Wrong`] = {
        plugin: plugin.name,
        version: plugin.version,
        configuration: { maxItems: 10 },
        dependencies: { [dep.local]: { integrationAlias: addIntegration(wrong), integrationInterfaceAlias: impl.alias } },
      }
    }
  }
  return {
    kind: 'bot',
    name,
    version: '1.0.0',
    title: cap(name.replace(/-/g, ' ')),
    description: g.sentence(),
    message: {
      tags: Object.fromEntries(
        g
          .sample(['priority', 'topic', 'language', 'channel', 'sentiment', 'customerTier'], g.int(1, 4))
          .map((t) => [t, { title: cap(t), description: g.sentence() }]),
      ),
    },
    integrations,
    plugins: pluginsOut,
  }
}

/** YAML as people write it: short leaf mappings and scalar lists on one line. */
function toYaml(value: Obj, kind: string): string {
  const doc = new Document(value)
  visit(doc, {
    Map(_, node) {
      if (node.items.length <= 6 && node.items.every((p) => isScalar(p.value) || (isSeq(p.value) && p.value.items.every(isScalar)))) node.flow = true
    },
    Seq(_, node) {
      if (node.items.every(isScalar)) node.flow = true
    },
  })
  return `# yaml-language-server: $schema=../../schemas/${kind}.schema.json\n${doc.toString({ lineWidth: 0 })}`
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
  for (const d of generate(brokenDir ? options : { ...options, errorRate: 0 })) {
    const text = toYaml(d.valid, d.kind)
    write(valid, d.kind, d.name, text)
    if (!broken) continue
    const path = write(broken, d.kind, d.name, d.broken ? toYaml(d.broken, d.kind) : text)
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
