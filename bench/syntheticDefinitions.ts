// The synthetic workspace's integrations, plugins and bots (syntheticWorkspace.ts), each with
// an optional semantic error of a given kind, and the YAML they are written as.
import { Document, isScalar, isSeq, visit } from 'yaml'
import { entitySchema, type InterfaceVersion, leaf, objectSchema } from './syntheticInterfaces.js'
import { cap, type Gen, type Obj, VERBS, WORDS } from './syntheticWords.js'

export type ErrorKind = 'entity-not-extending' | 'interface-version-missing' | 'plugin-range-unsatisfied' | 'unwired-dependency' | 'wired-version-outside-range'

export function makeIntegration(g: Gen, name: string, implemented: InterfaceVersion[], error: ErrorKind | null): Obj {
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

export interface PluginPlan {
  name: string
  version: string
  /** local name -> interface and range */
  deps: { local: string; iface: InterfaceVersion; range: string }[]
}

export function makePlugin(g: Gen, plan: PluginPlan, error: ErrorKind | null): Obj {
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

export interface IntegrationPlan {
  name: string
  version: string
  /** interface alias -> interface version */
  implements: { alias: string; iface: InterfaceVersion }[]
}

export function makeBot(g: Gen, name: string, plugins: readonly PluginPlan[], implementers: Map<string, IntegrationPlan[]>, error: ErrorKind | null): Obj {
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
export function toYaml(value: Obj, kind: string): string {
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
