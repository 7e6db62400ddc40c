// Type-level tests against the golden fixtures (test/fixtures/valid/*/expected/):
// hostile names stay distinct and usable, recursion types, plugins see only the
// interface version they are compiled against, dereferencing per plugin instance.
import type * as runtime from '@botwire/runtime'
import * as hostileBot from '../fixtures/valid/hostile-names/expected/bots/hostile-bot/v0.0.0.js'
import * as hostile from '../fixtures/valid/hostile-names/expected/integrations/hostile/v1.0.0.js'
import type * as keywords from '../fixtures/valid/hostile-names/expected/interfaces/keywords/v1.0.0.js'
import type * as bareBot from '../fixtures/valid/no-builtins-needed/expected/bots/bare-bot/v0.0.1.js'
import type * as auditBot from '../fixtures/valid/open-entities/expected/bots/audit-bot/v1.0.0.js'
import type * as webhookLog from '../fixtures/valid/open-entities/expected/integrations/webhook-log/v1.0.0.js'
import type * as eventsLog from '../fixtures/valid/open-entities/expected/interfaces/events-log/v1.0.0.js'
import * as auditor from '../fixtures/valid/open-entities/expected/plugins/auditor/v1.0.0.js'
import type * as polyglotBot from '../fixtures/valid/plugin-wired-twice/expected/bots/polyglot-bot/v1.0.0.js'
import type * as forest from '../fixtures/valid/recursive-entities/expected/integrations/forest/v1.0.0.js'
import type * as tree from '../fixtures/valid/recursive-entities/expected/interfaces/tree/v1.0.0.js'
import type * as slack from '../fixtures/valid/renamed-members/expected/integrations/slack/v1.0.0.js'
import type * as shapes from '../fixtures/valid/schema-shapes/expected/integrations/shapes/v1.0.0.js'
import type * as cacheBot from '../fixtures/valid/several-versions/expected/bots/cache-bot/v2.0.0.js'
import type * as kvLatest from '../fixtures/valid/several-versions/expected/interfaces/kv/index.js'
import type * as kv2 from '../fixtures/valid/several-versions/expected/interfaces/kv/v2.0.0.js'
import * as cache from '../fixtures/valid/several-versions/expected/plugins/cache/v1.0.0.js'
import type * as lister from '../fixtures/valid/several-versions/expected/plugins/lister/v1.0.0.js'
import { type Equal, type Extends, expectTrue } from './support.js'

// ---------------------------------------------------------------- hostile names

// `fooBar` and `foo_bar` side by side: distinct types, neither lost
expectTrue<Equal<keywords.Actions['fooBar']['input'], { a?: string | undefined }>>()
expectTrue<Equal<keywords.Actions['foo_bar']['input'], { b?: number | undefined }>>()
expectTrue<Equal<Extends<keywords.FooBarInput, keywords.FooBarInput2>, false>>()
// entities named `actions` and `entities` do not take the reserved names
expectTrue<Equal<keyof keywords.Actions, 'default' | 'delete' | 'class' | 'constructor' | 'fooBar' | 'foo_bar'>>()
expectTrue<Equal<keyof keywords.Entities, 'default' | 'delete' | 'class' | 'constructor' | 'actions' | 'entities'>>()
expectTrue<Equal<keywords.Entities['actions'], keywords.Actions2>>()
expectTrue<Equal<keywords.Entities['entities']['actions'], keywords.Actions2 | undefined>>()
// hostile property names are real, required where required
const hostileDefault: keywords.Default = { __proto__: 'p', constructor: 1, '': 'empty', café: 'crème' }
void hostileDefault['quote"d']
void hostileDefault["it's"]
void hostileDefault['with space']
expectTrue<Equal<keywords.Default['content-type'], string | undefined>>()
// optional properties named like members of every object can be left out (and read
// back honestly: an object without its own `toString` still has the inherited one)
const noOptionals: keywords.Constructor = {}
void noOptionals
expectTrue<Equal<keywords.Default['toString'], string | (() => string) | undefined>>()
// an entity reference whose only place is a property named like a keyword (`default`)
// still makes the type generic, dereferenced per plugin instance
expectTrue<Equal<hostileBot.Plugins['default']['new']['input']['default'], hostile.Entities['default']>>()
const noTags: hostileBot.MessageTags = {}
void noTags
// @ts-expect-error [TS2322 "number"] a declared `valueOf` property still takes only its schema's type
const wrongValueOf: keywords.Default = { __proto__: 'p', constructor: 1, '': '', café: 'x', valueOf: 1 }
void wrongValueOf
// @ts-expect-error [TS2741 "Property '\"\"' is missing"] the empty-string property is required
const missingEmpty: keywords.Default = { __proto__: 'p', constructor: 1, café: 'x' }
void missingEmpty
// @ts-expect-error [TS2322 "string"] `constructor` is a number property here, not the Object constructor
const wrongConstructor: keywords.Default = { __proto__: 'p', constructor: 'no', '': '', café: 'x' }
void wrongConstructor

// an interface action renamed to `Integration` (the class name) next to the class itself
export const hostileImplementation = new hostile.Integration({
  actions: {
    Entities: () => ({}),
    definition: () => ({}),
    Integration: ({ input }) => ({ ok: input.value.extra !== undefined }),
    delete: () => ({}),
    class: ({ input }) => input,
    constructor: () => ({}),
    fooBar: ({ input }) => ({ a: input.a ?? '' }),
    foo_bar: ({ input }) => ({ b: (input.b ?? 0) + 1 }),
  },
})
expectTrue<Equal<Parameters<typeof hostileImplementation.actions.constructor>[0]['input'], hostile.Constructor>>()
expectTrue<
  Equal<
    hostile.Configuration,
    // biome-ignore lint/complexity/noBannedTypes: the generated type names Object's own member, as TypeScript resolves it
    { __proto__: string; 'content-type'?: string | undefined; ''?: number | undefined; hasOwnProperty?: string | undefined | Object['hasOwnProperty'] }
  >
>()

const hostileClient = {} as runtime.BotClient<hostileBot.MessageTags, hostileBot.CallableActions>
export async function hostileCalls(): Promise<void> {
  await hostileClient.callAction({ type: 'constructor:constructor', input: { prototype: 'x' } })
  await hostileClient.callAction({ type: 'constructor:Integration', input: { value: { __proto__: 'p', constructor: 1, '': '', café: 'x' } } })
  // @ts-expect-error [TS2820 "constructor:default"] `default` was renamed to `Integration` by the integration
  await hostileClient.callAction({ type: 'constructor:default', input: {} })
  const out = await hostileClient.callAction({
    type: 'default#delete',
    input: { value: { __proto__: 'p', constructor: 1, '': '', café: 'x', extra: 'dereferenced' } },
  })
  expectTrue<Equal<typeof out, { ''?: hostile.Delete | undefined }>>()
  await hostileClient.createMessage({
    conversationId: 'c',
    userId: 'u',
    type: 'text',
    payload: { text: 'x' },
    tags: { constructor: 'a', toString: 'b', default: 'c' },
  })
}
new hostileBot.Bot().on.event('constructor:constructor', ({ event }) => {
  expectTrue<Equal<typeof event.payload.__proto__, string>>()
})

// ---------------------------------------------------------------- recursion

const leaf: tree.Node = { label: 'leaf', children: [] }
const root: tree.Node = { label: 'root', children: [leaf, { label: 'inner', children: [leaf], parent: null }] }
void root.children[0]?.children[0]?.label
expectTrue<Equal<tree.Company['staff'][number]['employer'], tree.Company | undefined>>()
expectTrue<Equal<tree.Nested, tree.Nested[]>>()
const json: tree.Json = { a: [1, 'two', null, { b: true }] }
void json
const deep: tree.List = [{ value: 1, rest: [{ value: 2 }] }]
void deep
// @ts-expect-error [TS2741 "children"] every node in the tree needs children, however deep
const badTree: tree.Node = { label: 'root', children: [{ label: 'child', children: [{ label: 'grandchild' }] }] }
void badTree
expectTrue<Equal<forest.Branch['children'][number]['leaves'], number | undefined>>()

// ---------------------------------------------------------------- several versions

// `cache` asks for ^1.0.0 and is compiled against kv 1.0.0: no `list`
expectTrue<Equal<keyof cache.InterfaceCalls, 'store:get'>>()
// `lister` asks for ^1.1.0: it has `list`
expectTrue<Equal<keyof lister.InterfaceCalls, 'store:get' | 'store:list'>>()
new cache.Plugin({
  actions: {
    lookup: async ({ input, client }) => {
      // @ts-expect-error [TS2322 "'\"store:list\"' is not assignable to type '\"store:get\"'"] list was added in kv 1.1.0; this plugin only promises ^1.0.0
      await client.callAction({ type: 'store:list', input: {} })
      return client.callAction({ type: 'store:get', input: { key: input.key } })
    },
  },
})
// the index re-exports the highest release, not the 3.0.0 pre-release
expectTrue<Equal<kvLatest.Entities, kv2.Entities>>()
expectTrue<Equal<kvLatest.Item['value'], number>>()
// each instance of `cache` dereferenced with its own integration's entity
expectTrue<Equal<polyglotBot.Plugins['via_deepl']['reply']['input']['language'], polyglotBot.Plugins['viaDeepl']['reply']['input']['language']>>()
expectTrue<Equal<NonNullable<cacheBot.CallableActions['redisCache#lookup']['output']['item']>['ttl'], number>>()
expectTrue<Equal<NonNullable<cacheBot.CallableActions['memcacheCache#lookup']['output']['item']>['flags'], number | undefined>>()

// ---------------------------------------------------------------- one plugin wired twice

type Deepl = runtime.BotClient<polyglotBot.MessageTags, polyglotBot.CallableActions>
declare const polyglot: Deepl
export async function polyglotCalls(): Promise<void> {
  await polyglot.callAction({ type: 'viaDeepl#reply', input: { conversationId: 'c', language: { code: 'DE', formality: 'less' } } })
  await polyglot.callAction({ type: 'viaGoogle#reply', input: { conversationId: 'c', language: { code: 'de', region: 'AT' } } })
  await polyglot.callAction({
    type: 'viaDeepl#reply',
    // @ts-expect-error [TS2741 "formality"] deepl's language entity requires formality
    input: { conversationId: 'c', language: { code: 'DE' } },
  })
  await polyglot.callAction({
    type: 'viaGoogle#reply',
    // @ts-expect-error [TS2741 "region"] google's locale requires a region
    input: { conversationId: 'c', language: { code: 'de' } },
  })
  await polyglot.callAction({
    type: 'viaGoogle#reply',
    // @ts-expect-error [TS2353 "formality"] google's locale is closed: deepl's formality does not fit
    input: { conversationId: 'c', language: { code: 'de', region: 'AT', formality: 'less' } },
  })
  // one plugin with two dependencies on the same interface, wired to different integrations
  await polyglot.callAction({ type: 'failover#translateBoth', input: { first: { code: 'de', region: 'AT' }, second: { code: 'DE', formality: 'more' } } })
  await polyglot.callAction({
    type: 'failover#translateBoth',
    // @ts-expect-error [TS2820 "'\"de\"' is not assignable to type '\"EN\" | \"DE\" | \"FR\"'"] backup is deepl, whose codes are an enum
    input: { first: { code: 'de', region: 'AT' }, second: { code: 'de', formality: 'more' } },
  })
  // one integration under two aliases
  await polyglot.callAction({ type: 'deeplBackup:translateText', input: { text: 'hi', to: { code: 'FR', formality: 'more' } } })
  await polyglot.callAction({ type: 'deepl:translateText', input: { text: 'hi', to: { code: 'FR', formality: 'more' } } })
  // @ts-expect-error [TS2820 "deepl:translate"] deepl renamed translate to translateText
  await polyglot.callAction({ type: 'deepl:translate', input: { text: 'hi', to: { code: 'FR', formality: 'more' } } })
}

// ---------------------------------------------------------------- schema shapes

expectTrue<Equal<shapes.Shape['nullableString'], string | null | undefined>>()
expectTrue<Equal<shapes.Shape['mixedEnum'], 1 | 'two' | true | null | undefined>>()
expectTrue<Equal<shapes.Shape['constString'], 'fixed'>>()
expectTrue<Equal<shapes.Shape['closedEmpty'], Record<string, never> | undefined>>()
expectTrue<Equal<shapes.Shape['openEmpty'], Record<string, unknown> | undefined>>()
expectTrue<Equal<shapes.Shape['arrayNoItems'], unknown[] | undefined>>()
const circle: NonNullable<shapes.Shape['oneOfField']> = { kind: 'circle', radius: 1 }
void circle
// @ts-expect-error [TS2353 "side"] a closed oneOf branch: a circle has no side
const squareCircle: NonNullable<shapes.Shape['oneOfField']> = { kind: 'circle', radius: 1, side: 2 }
void squareCircle
const indexed: NonNullable<shapes.Shape['indexed']> = { name: 'n', count: 1, flag: true }
void indexed
// @ts-expect-error [TS2322 "Type 'string[]' is not assignable"] extra properties of `indexed` are booleans (or a declared property's type), never arrays
const badIndexed: NonNullable<shapes.Shape['indexed']> = { name: 'n', other: ['x'] }
void badIndexed
// @ts-expect-error [TS2322 "is not assignable to type 'never'"] a closed empty object admits no property
const notEmpty: shapes.NoopInput = { anything: 1 }
void notEmpty
// "at least one of": branches that require a property declared beside them keep its type
const byEmail: NonNullable<shapes.Shape['atLeastOne']> = { email: 'a@example.com' }
const byBoth: NonNullable<shapes.Shape['atLeastOne']> = { email: 'a@example.com', phone: '555' }
const byUrl: NonNullable<shapes.Shape['exactlyOneClosed']> = { url: 'https://example.com' }
// anyOf and oneOf on one node: a value passes both, so its type is both
const fine: NonNullable<shapes.Shape['bothUnions']> = 'fine'
void fine
// @ts-expect-error [TS2322 "not assignable"] an integer passes anyOf but no oneOf branch
const integerOnly: NonNullable<shapes.Shape['bothUnions']> = 3
void integerOnly
void [byEmail, byBoth, byUrl]
expectTrue<Equal<NonNullable<shapes.Shape['atLeastOne']>['email'], string | undefined>>()
// @ts-expect-error [TS2322 "not assignable"] neither an email nor a phone
const neither: NonNullable<shapes.Shape['atLeastOne']> = {}
void neither
// @ts-expect-error [TS2322 "number"] the branch's phone is the phone declared beside it, a string
const numericPhone: NonNullable<shapes.Shape['atLeastOne']> = { phone: 555 }
void numericPhone

// ---------------------------------------------------------------- renames, no builtins

expectTrue<Equal<keyof slack.Actions, 'send' | 'postMessage' | 'react'>>()
expectTrue<Equal<keyof slack.Events, 'messageReceived' | 'userTyping'>>()
expectTrue<Equal<keyof slack.Channels, 'socket'>>()
expectTrue<Equal<slack.Actions['postMessage']['input']['to'], slack.SlackUser>>()
expectTrue<Equal<bareBot.MessageTags, Record<string, never>>>()
expectTrue<Equal<keyof bareBot.CallableActions, never>>()
declare const bare: runtime.BotClient<bareBot.MessageTags, bareBot.CallableActions>
export async function bareCalls(): Promise<void> {
  await bare.createMessage({ conversationId: 'c', userId: 'u', type: 'text', payload: { text: 'x' }, tags: {} })
  // @ts-expect-error [TS2322 "is not assignable to type 'never'"] a bot without tags takes none
  await bare.createMessage({ conversationId: 'c', userId: 'u', type: 'text', payload: { text: 'x' }, tags: { any: 'x' } })
}

// ---------------------------------------------------------------- open entities

// `additionalProperties: true` beside declared properties: extra keys of any type, written and read
const openEvent: eventsLog.Event = { id: 'e1', source: 'web', count: 2 }
expectTrue<Equal<eventsLog.Event['source'], unknown>>()
expectTrue<Equal<eventsLog.Event['id'], string>>()
expectTrue<Equal<eventsLog.Event['at'], string | undefined>>()
void openEvent['source']
// @ts-expect-error [TS2322 "number"] the declared properties keep their types
const badOpenEvent: eventsLog.Event = { id: 1 }
void badOpenEvent
// @ts-expect-error [TS2741 "id"] and stay required
const noIdEvent: eventsLog.Event = { source: 'web' }
void noIdEvent
expectTrue<Equal<NonNullable<eventsLog.RecordOutput['labels']>['other'], unknown>>()
// `additionalProperties` left out: the declared properties only (docs/decisions.md)
// @ts-expect-error [TS2353 "url"] sourceRef does not say it takes more
const closedRef: eventsLog.SourceRef = { name: 'n', url: 'u' }
void closedRef
// an integration's entity that extends an open interface entity is assignable to it, recursively
// (a closed entity mapped onto an open one is a type alias: an interface would not fit the index signature)
expectTrue<Extends<webhookLog.Hook, eventsLog.Event>>()
expectTrue<Extends<webhookLog.Origin, eventsLog.SourceRef>>()
declare const hook: webhookLog.Hook
const hookAsEvent: eventsLog.Event = hook
void hookAsEvent
// @ts-expect-error [TS2353 "extra"] the integration's hook itself is closed
const openHook: webhookLog.Hook = { id: 'h', source: 's', extra: 1 }
void openHook

// the plugin is compiled against the open interface entity
export const auditorImplementation = new auditor.Plugin({
  actions: {
    audit: async ({ input, client }) => {
      expectTrue<Equal<typeof input.event, eventsLog.Event>>()
      const source: unknown = input.event['source']
      const { event } = await client.callAction({ type: 'log:record', input: { event: { id: input.event.id, source, seenBy: 'auditor' } } })
      return { event: { ...event, audited: true }, flagged: event['flagged'] === true }
    },
  },
})
auditorImplementation.on.event('log:recorded', ({ event }) => event.payload.event['source'])

// the bot instantiates it with the wired integration's closed entity
expectTrue<Equal<auditBot.Plugins['audit']['audit']['input']['event'], webhookLog.Hook>>()
declare const auditClient: runtime.BotClient<auditBot.MessageTags, auditBot.CallableActions>
export async function auditCalls(): Promise<void> {
  const audited = await auditClient.callAction({ type: 'audit#audit', input: { event: { id: 'e', source: 'web', parent: { id: 'p', source: 'web' } } } })
  expectTrue<Equal<typeof audited.event, webhookLog.Hook>>()
  await auditClient.callAction({
    type: 'audit#audit',
    // @ts-expect-error [TS2741 "source"] wired to webhook-log, whose hook requires a source
    input: { event: { id: 'e' } },
  })
  await auditClient.callAction({
    type: 'audit#audit',
    // @ts-expect-error [TS2353 "extra"] and is closed
    input: { event: { id: 'e', source: 'web', extra: 1 } },
  })
  await auditClient.callAction({ type: 'hooks:record', input: { event: hook, source: { name: 'github', url: 'https://github.com' } } })
}
