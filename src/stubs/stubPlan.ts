// What an implementation file of a definition must hold, as plain data: the handlers of
// an integration or a plugin (in the definition's order), or what a bot may register.
// Both `scaffold` and `scaffold --update` start here; so does the hint after `generate`,
// which must not load ts-morph, so nothing here does.

import { MESSAGE_TYPES } from '@botwire/runtime'
import { escapeCommentText } from '../emit/printDoc.js'
import type { DefinitionModel, Model } from '../resolve/model.js'

export type StubKind = 'bot' | 'integration' | 'plugin'

export const STUB_KINDS: readonly StubKind[] = ['bot', 'integration', 'plugin']

export interface StubAction {
  /** the action's final name: the handler's key */
  name: string
  /** the doc comment of its stub */
  describe: string
  /**
   * `<interface alias>.<interface action>` for an action an integration implements from an
   * interface: the stable key that survives an override renaming it (docs/cli.md#scaffold---update)
   */
  implements: string | null
}

export interface StubPlan {
  kind: StubKind
  name: string
  version: string
  /** the exported variable: `zendesk`, `supportAssistant`, `bot` */
  variable: string
  actions: StubAction[]
  /** a bot's registrations that its generated `Bot` accepts: `on.message` types and `on.event` types */
  messageTypes: string[]
  eventTypes: string[]
  /** an integration's channels that carry standard messages, each with those types: their delivery handlers (docs/runtime.md#delivery) */
  deliveries: { channel: string; types: string[] }[]
  /** an integration's identifier, the configuration key that holds it (as one line of a comment): its stub gives `identify` (docs/definitions.md#identifier) */
  identifier?: string
  /** a bot's own recurring events and the states that expire, which its stub gives a handler each (docs/runtime.md#recurring-events) */
  timed?: { recurringEvents: { name: string; cron: string }[]; expiringStates: { name: string; expiry: number }[] }
}

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

/**
 * Words a module may not declare as a `const` (reserved in strict mode and in modules, and
 * `arguments`, `eval` and `undefined`, which TypeScript refuses): a definition's name may
 * be one of them (`default`, `class`, `new`).
 */
const NOT_A_VARIABLE = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield await arguments eval undefined'
  ).split(' '),
)

/**
 * The variable an integration's or a plugin's implementation file exports: the name in
 * camel case (`support-assistant` -> `supportAssistant`), or with its kind after it where
 * that is no variable name (`default` -> `defaultIntegration`).
 */
export function implementationVariable(kind: 'integration' | 'plugin', name: string): string {
  const variable = camelCase(name)
  return NOT_A_VARIABLE.has(variable) ? `${variable}${kind === 'integration' ? 'Integration' : 'Plugin'}` : variable
}

/** A title or description as the one line of a stub's JSDoc: the comment cannot be closed early, no `@` starts a tag, no control character is raw (emit/printDoc.ts). */
function oneLine(text: string): string {
  return escapeCommentText(text.replace(/\s+/g, ' ').trim())
}

export function stubPlan(definition: DefinitionModel, model: Model): StubPlan {
  const base = { name: definition.name, version: definition.version, messageTypes: [], eventTypes: [], deliveries: [] }
  if (definition.kind === 'integration') {
    const actions = definition.actions.map((a) => ({
      name: a.name,
      describe: oneLine(a.title ?? a.description ?? a.name),
      implements: a.origin.from === 'interface' ? `${a.origin.alias}.${a.origin.interfaceMember}` : null,
    }))
    // a channel message named after a standard type carries that type in conversations: the runtime hands those to a delivery handler
    const deliveries = definition.channels
      .map((c) => ({ channel: c.name, types: Object.keys(c.spec.messages).filter((m) => (MESSAGE_TYPES as readonly string[]).includes(m)) }))
      .filter((d) => d.types.length > 0)
    const identifier = definition.spec.identifier?.configuration
    return {
      ...base,
      kind: 'integration',
      variable: implementationVariable('integration', definition.name),
      actions,
      deliveries,
      ...(identifier === undefined ? {} : { identifier: oneLine(identifier) }),
    }
  }
  if (definition.kind === 'plugin') {
    const actions = Object.entries(definition.spec.actions ?? {}).map(([name, a]) => ({
      name,
      describe: oneLine(a.title ?? a.description ?? name),
      implements: null,
    }))
    return { ...base, kind: 'plugin', variable: implementationVariable('plugin', definition.name), actions }
  }
  if (definition.kind === 'bot') {
    const eventTypes = [
      ...definition.integrations.flatMap((instance) => {
        const integration = model.definitions.get(instance.integrationKey)
        return integration?.kind === 'integration' ? integration.events.map((e) => `${instance.alias}:${e.name}`) : []
      }),
      // a plugin instance's own events, and the bot's own (docs/runtime.md#the-bots-own-events)
      ...definition.plugins.flatMap((instance) => {
        const plugin = model.definitions.get(instance.pluginKey)
        return plugin?.kind === 'plugin' ? Object.keys(plugin.spec.events ?? {}).map((e) => `${instance.alias}#${e}`) : []
      }),
      ...Object.keys(definition.spec.events ?? {}),
    ]
    const timed = {
      recurringEvents: Object.entries(definition.spec.events ?? {}).flatMap(([name, e]) => (e.recurrence ? [{ name, cron: e.recurrence.cron }] : [])),
      expiringStates: Object.entries(definition.spec.states ?? {}).flatMap(([name, s]) => (s.expiry === undefined ? [] : [{ name, expiry: s.expiry }])),
    }
    return { ...base, kind: 'bot', variable: 'bot', actions: [], messageTypes: ['*', ...MESSAGE_TYPES], eventTypes, timed }
  }
  throw new Error(`botwire internal: an interface has no implementation stub (${definition.key})`)
}
