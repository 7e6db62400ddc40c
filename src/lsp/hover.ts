// Hover: what the name under the cursor stands for. A definition: its title and
// description (a built-in interface: where its documentation is); an entity or named
// schema: its shape; an action (also an override of one): its input and output; an event:
// its payload; an alias: what it names.
import type { Hover } from 'vscode-languageserver'
import { own } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { type DefinitionModel, entitySchema } from '../resolve/model.js'
import { markdownCodeBlock, plainMarkdown } from './markdownText.js'
import { lineMapOf } from './positions.js'
import { shapeText } from './shapeText.js'
import type { NameSymbol } from './symbols.js'
import { occurrenceAt, type WorkspaceIndex } from './workspaceIndex.js'

interface Described {
  title?: string | undefined
  description?: string | undefined
}

// every title, description and name from a definition goes in through plainMarkdown or a code block (markdownText.ts)
function heading(label: string, item: Described | undefined): string[] {
  const out = [`**${plainMarkdown(label)}**${item?.title ? `: ${plainMarkdown(item.title)}` : ''}`]
  if (item?.description) out.push('', plainMarkdown(item.description))
  return out
}

function code(text: string): string[] {
  return ['', ...markdownCodeBlock('typescript', text)]
}

/** A name in inline code: a name holds no backtick (the meta-schemas' patterns), and is escaped all the same. */
function inlineName(name: string): string {
  return `\`${name.replace(/`/g, "'")}\``
}

function schemaOf(holder: unknown): SchemaNode | undefined {
  if (holder === null || typeof holder !== 'object' || !('schema' in holder)) return undefined
  const schema = (holder as { schema: unknown }).schema
  return schema !== null && typeof schema === 'object' ? (schema as SchemaNode) : undefined
}

function memberOf(definition: DefinitionModel, map: 'actions' | 'events' | 'channels' | 'states', name: string): unknown {
  // a bot has its own events and states, and no actions or channels
  if (definition.kind === 'bot' && map !== 'events' && map !== 'states') return undefined
  const members: unknown = (definition.spec as unknown as Record<string, unknown>)[map]
  return members !== null && typeof members === 'object' ? own(members as Record<string, unknown>, name) : undefined
}

function describeSymbol(index: WorkspaceIndex, symbol: NameSymbol): string[] {
  const owner = index.model.definitions.get(symbol.owner)
  if (!owner) return []
  const where = `${owner.kind} ${inlineName(owner.name)} ${plainMarkdown(owner.version)}`
  switch (symbol.kind) {
    case 'definition': {
      const lines = heading(`${owner.kind} ${owner.name} ${owner.version}`, owner.spec)
      if (owner.kind === 'interface') {
        const members = (['actions', 'events', 'channels'] as const).flatMap((map) => {
          const names = Object.keys(owner.spec[map] ?? {})
          return names.length > 0 ? [`${map}: ${plainMarkdown(names.join(', '))}`] : []
        })
        lines.push('', `entities: ${plainMarkdown(Object.keys(owner.spec.entities).join(', ')) || 'none'}`, ...members.map((m) => `\n${m}`))
      }
      if (owner.builtin) lines.push('', `A built-in interface of botwire, documented in the package's docs/builtin-interfaces.md (${inlineName(owner.name)}).`)
      return lines
    }
    case 'entity':
    case 'defs': {
      const scoped = entitySchema(index.model, { owner: owner.key, entity: symbol.kind === 'defs' ? `#/$defs/${symbol.name}` : symbol.name })
      const holder =
        symbol.kind === 'entity' && (owner.kind === 'interface' || owner.kind === 'integration') ? own(owner.spec.entities, symbol.name) : undefined
      return [
        ...heading(`${symbol.kind === 'entity' ? 'entity' : 'named schema'} ${symbol.name}`, holder),
        '',
        `of ${where}`,
        ...(scoped ? code(`type ${symbol.name} = ${shapeText(scoped.schema)}`) : []),
      ]
    }
    case 'action': {
      const action = memberOf(owner, 'actions', symbol.name) as (Described & { input?: unknown; output?: unknown }) | undefined
      const input = schemaOf(action?.input)
      const output = schemaOf(action?.output)
      return [
        ...heading(`action ${symbol.name}`, action),
        '',
        `of ${where}`,
        ...code([`input: ${input ? shapeText(input) : 'unknown'}`, `output: ${output ? shapeText(output) : 'unknown'}`].join('\n')),
      ]
    }
    case 'event': {
      const event = memberOf(owner, 'events', symbol.name) as Described | undefined
      const payload = schemaOf(event)
      return [...heading(`event ${symbol.name}`, event), '', `of ${where}`, ...(payload ? code(`payload: ${shapeText(payload)}`) : [])]
    }
    case 'state': {
      const state = memberOf(owner, 'states', symbol.name) as (Described & { type?: string; expiry?: number }) | undefined
      const value = schemaOf(state)
      const kept = `kept per ${state?.type ?? 'unknown'}${state?.expiry === undefined ? '' : `, expires after ${state.expiry} ms without a write`}`
      return [...heading(`state ${symbol.name}`, state), '', `of ${where}, ${kept}`, ...(value ? code(`value: ${shapeText(value)}`) : [])]
    }
    case 'channel': {
      const channel = memberOf(owner, 'channels', symbol.name) as (Described & { messages?: Record<string, unknown> }) | undefined
      const messages = Object.entries(channel?.messages ?? {}).map(([name, holder]) => {
        const schema = schemaOf(holder)
        return `${name}: ${schema ? shapeText(schema) : 'unknown'}`
      })
      return [...heading(`channel ${symbol.name}`, channel), '', `of ${where}`, ...(messages.length > 0 ? code(messages.join('\n')) : [])]
    }
    default:
      return aliasLines(index, owner, symbol)
  }
}

function aliasLines(index: WorkspaceIndex, owner: DefinitionModel, symbol: NameSymbol): string[] {
  const named = (key: string | null | undefined): string => {
    const d = key ? index.model.definitions.get(key) : undefined
    return d ? `${d.kind} ${inlineName(d.name)} ${plainMarkdown(d.version)}${d.spec.title ? ` (${plainMarkdown(d.spec.title)})` : ''}` : 'nothing that resolved'
  }
  if (symbol.kind === 'pluginLocal' && owner.kind === 'plugin') {
    const dependency = owner.dependencies.find((d) => d.local === symbol.name)
    return [
      `**interface local name ${plainMarkdown(symbol.name)}** of plugin ${inlineName(owner.name)}`,
      '',
      `${inlineName(dependency?.range ?? '')}: compiled against ${named(dependency?.interfaceKey)}`,
    ]
  }
  if (symbol.kind === 'interfaceAlias' && owner.kind === 'integration') {
    const implemented = owner.implemented.find((i) => i.alias === symbol.name)
    return [
      `**interface alias ${plainMarkdown(symbol.name)}** of integration ${inlineName(owner.name)} ${plainMarkdown(owner.version)}`,
      '',
      `implements ${named(implemented?.interfaceKey)}`,
    ]
  }
  if (symbol.kind === 'integrationAlias' && owner.kind === 'bot') {
    const instance = owner.integrations.find((i) => i.alias === symbol.name)
    return [`**integration alias ${plainMarkdown(symbol.name)}** of bot ${inlineName(owner.name)}`, '', `adds ${named(instance?.integrationKey)}`]
  }
  if (symbol.kind === 'pluginAlias' && owner.kind === 'bot') {
    const instance = owner.plugins.find((i) => i.alias === symbol.name)
    return [`**plugin alias ${plainMarkdown(symbol.name)}** of bot ${inlineName(owner.name)}`, '', `adds ${named(instance?.pluginKey)}`]
  }
  if (symbol.kind === 'configuration' && owner.kind === 'integration') {
    const configuration = own(owner.spec.configurations, symbol.name)
    const schema = schemaOf(configuration)
    return [...heading(`configuration ${symbol.name}`, configuration), ...(schema ? code(shapeText(schema)) : [])]
  }
  return []
}

export function hoverAt(index: WorkspaceIndex, path: string, offset: number): Hover | null {
  const at = occurrenceAt(index, path, offset)
  const file = index.files.get(path)
  if (!at || !file) return null
  const lines = describeSymbol(index, at.symbol)
  if (lines.length === 0) return null
  return { contents: { kind: 'markdown', value: lines.join('\n') }, range: lineMapOf(file).range(at.start, at.end) }
}
