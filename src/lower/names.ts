// Stable, collision-free TypeScript names derived from user names.

/** Names every generated module may export or use; derived names never take them. */
export const RESERVED_NAMES = new Set([
  // docs/generated-code.md#what-each-module-exports
  'definition',
  'Entities',
  'Actions',
  'Events',
  'Channels',
  'Configuration',
  'Configurations',
  'Secrets',
  'Interfaces',
  'MessageTags',
  'ConversationTags',
  'UserTags',
  'Tags',
  'Deliveries',
  'Integrations',
  'Plugins',
  'Integration',
  'Plugin',
  'Bot',
  // more exported names of ours
  'EntityBindings',
  'EntityBindingShape',
  'InterfaceCalls',
  'InterfaceEvents',
  'CallableActions',
  'BotEvents',
  'Implementations',
  'InterfaceChannels',
  'InterfaceCallChannels',
  'BotChannels',
  'CallChannels',
  'IntegrationClients',
  // states and the bot's own events (docs/generated-code.md#states)
  'States',
  'OwnEvents',
  'StateExpiredHandler',
  // globals the generated code uses or users expect to see unshadowed
  'Record',
  'Promise',
  'Array',
  'ReadonlyArray',
  'Partial',
  'Required',
  'Readonly',
  'Pick',
  'Omit',
  'Exclude',
  'Extract',
  'NonNullable',
  'ReturnType',
  'Parameters',
  'Awaited',
  'Object',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Function',
  'Date',
  'Error',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'RegExp',
  'JSON',
  'Math',
  'Uppercase',
  'Lowercase',
  'Capitalize',
  'Uncapitalize',
  'Intl',
  'Iterable',
  'Iterator',
  'PropertyKey',
])

const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'implements interface let package private protected public static yield any boolean number string symbol ' +
    'type unknown never object undefined await async of readonly keyof infer is asserts declare module namespace abstract'
  ).split(' '),
)

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export function isIdentifierName(name: string): boolean {
  return IDENTIFIER.test(name)
}

/** A property key as written in a type or object literal. */
export function propertyKey(name: string): string {
  return isIdentifierName(name) ? name : JSON.stringify(name)
}

/** `modelRef` -> `ModelRef`, `foo_bar` -> `FooBar`, `content-type` -> `ContentType`. */
export function pascalCase(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0)
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
  if (joined === '') return 'Unnamed'
  return /^[0-9]/.test(joined) ? `T${joined}` : joined
}

/** `text` -> `TextPayload`: a standard message's payload type in the generated `messages.ts`. */
export function payloadTypeName(type: string): string {
  return `${pascalCase(type)}Payload`
}

/** `support-assistant` 0.3.0 -> `support_assistant_v0_3_0`: a module namespace name. */
export function namespaceName(name: string, version: string): string {
  return `${name}_v${version}`.replace(/[^A-Za-z0-9_$]/g, '_')
}

/** Hands out unique names in one module: the first asker gets the plain name, later ones a numeric suffix. */
export class NameAllocator {
  private readonly taken = new Set<string>(RESERVED_NAMES)

  constructor(extra: Iterable<string> = []) {
    for (const name of extra) this.taken.add(name)
  }

  allocate(wanted: string): string {
    const base = RESERVED_WORDS.has(wanted) ? `${wanted}_` : wanted
    let name = base
    for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`
    this.taken.add(name)
    return name
  }
}

/** Members every object has (lib's `Object` interface), which TypeScript sees on an object literal that leaves them out. */
export const OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
])
