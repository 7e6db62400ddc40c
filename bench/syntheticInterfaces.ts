// The synthetic workspace's interfaces (syntheticWorkspace.ts): leaf and object schemas,
// entities that integrations extend, and interfaces with a minor version that adds an action.
import { cap, type Gen, type Obj, VERBS, WORDS } from './syntheticWords.js'

/** A leaf property schema, with constraints; `tighten` returns a schema that extends it. */
export interface Leaf {
  schema: Obj
  tighten(g: Gen): Obj
}

export function leaf(g: Gen, name: string): Leaf {
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
export interface EntityPlan {
  name: string
  /** property name -> leaf, or entity name for a reference */
  properties: { name: string; leaf?: Leaf; ref?: string; array?: boolean }[]
  required: string[]
  recursive: boolean
}

export function entitySchema(plan: EntityPlan, rename: (entity: string) => string, leafSchema: (leaf: Leaf) => Obj): Obj {
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
export function objectSchema(g: Gen, entities: readonly string[], entityPrefix: string, props: number): Obj {
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

export interface InterfaceVersion {
  name: string
  version: string
  entities: EntityPlan[]
  actions: string[]
  events: string[]
}

export function makeInterface(g: Gen, name: string): { versions: InterfaceVersion[]; docs: Obj[] } {
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
export function minorVersion(g: Gen, doc: Obj, version: InterfaceVersion): { version: InterfaceVersion; doc: Obj } {
  const nouns = version.entities.map((e) => e.name)
  const added = `bulk${cap(g.pick(VERBS))}${cap(g.pick(nouns))}`
  const actions = {
    ...(doc.actions as Obj),
    [added]: { title: cap(added), input: { schema: objectSchema(g, nouns, '', 2) }, output: { schema: objectSchema(g, nouns, '', 1) } },
  }
  return { version: { ...version, version: '1.1.0', actions: [...version.actions, added] }, doc: { ...doc, version: '1.1.0', actions } }
}
