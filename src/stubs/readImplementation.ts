// Reads an implementation file a person wrote, with ts-morph: which handlers it
// registers and where, as positions in its text, so that `scaffold --update` can edit
// exactly those places and leave every other character as it was. Only syntax is read;
// nothing is type-checked.
import type { Expression, Node as MorphNode, ObjectLiteralExpression, SourceFile } from 'ts-morph'
import type { HandlerStyle } from './handlerStub.js'
import type { StubKind } from './stubPlan.js'
import type { TsMorphModule } from './tsMorph.js'

/** One member of an `actions` object: a handler, under its key. */
export interface HandlerSite {
  name: string
  /** the key as written (a string key keeps its quotes) */
  keyStart: number
  keyEnd: number
  /** `openTicket,` referencing a function of that name: a rename must keep the reference */
  shorthand: boolean
  style: HandlerStyle | 'other'
  /** from the start of its first line (leading comments included) to the end of its comma, or of itself */
  blockStart: number
  end: number
  /** just after its comma; null for a last member without a trailing comma */
  commaEnd: number | null
}

export interface ActionsObject {
  kind: 'actions'
  /** positions of `{` and `}` */
  open: number
  close: number
  handlers: HandlerSite[]
  /** members whose key cannot be read (`...common`, `[name]: ...`), by position */
  opaque: number[]
  /** an integration's `channels: { <channel>: { messages: { <type>: handler } } }` (its delivery handlers), as written */
  channels: ChannelsRead
  /** the object given to the class (`{ actions, channels, identify, ... }`), its members under readable keys */
  options: ObjectRead
}

/** An object literal written in place: its braces and its members under readable keys. */
export interface ObjectRead {
  open: number
  close: number
  members: HandlerSite[]
}

/**
 * Where the delivery handlers are: `absent` (no `channels` key: it goes at the end of
 * the options, the object given to the class), `written` (each channel's object and its `messages`, where they are
 * objects written in place), or `opaque` (built elsewhere: not edited, reported at `at`).
 */
export type ChannelsRead = { kind: 'absent' } | { kind: 'written'; object: ObjectRead; channels: Map<string, ChannelRead> } | { kind: 'opaque'; at: number }

/** One channel's object: its `messages` object, absent (null), or built elsewhere (the position of what is there). */
export interface ChannelRead {
  object: ObjectRead
  messages: ObjectRead | null | number
}

/** `bot.on.message('text', ...)` or `bot.on.event('zendesk:ticketChanged', ...)`. */
export interface Registration {
  on: 'message' | 'event'
  type: string
  /** the statement's block (leading comments included), its start and its end */
  blockStart: number
  start: number
  end: number
}

export interface BotRegistrations {
  kind: 'registrations'
  registrations: Registration[]
}

export type ReadResult = { ok: true; found: ActionsObject | BotRegistrations; file: SourceFile } | { ok: false; reason: string }

const CLASSES: Record<StubKind, string> = { integration: 'Integration', plugin: 'Plugin', bot: 'Bot' }

/** `../generated/integrations/zendesk/index.js`, or a version module (`v1.0.0.js`), with or without an extension. */
function isGeneratedModule(specifier: string, kind: StubKind, name: string): boolean {
  const tail = `${kind}s/${name}/`
  const at = specifier.lastIndexOf(tail)
  if (at < 0 || (at > 0 && specifier[at - 1] !== '/')) return false
  return /^(index|v\d+\.\d+\.\d+[^/]*?)(\.js|\.ts)?$/.test(specifier.slice(at + tail.length))
}

/** The start of the line `position` is on, when only blanks precede it there; else `position`. */
export function lineStartIfBlank(text: string, position: number): number {
  let at = position
  while (at > 0 && (text[at - 1] === ' ' || text[at - 1] === '\t')) at--
  return at === 0 || text[at - 1] === '\n' ? at : position
}

/** After a member: the end of the comma that follows it (skipping blanks and comments), or null. */
function commaAfter(text: string, from: number): number | null {
  let at = from
  while (at < text.length) {
    const c = text[at]
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') at++
    else if (text.startsWith('//', at)) at = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at)
    else if (text.startsWith('/*', at)) at = text.indexOf('*/', at) < 0 ? text.length : text.indexOf('*/', at) + 2
    else return c === ',' ? at + 1 : null
  }
  return null
}

function blockStart(node: MorphNode, text: string): number {
  const comments = node.getLeadingCommentRanges()
  const first = comments[0]?.getPos() ?? node.getStart()
  return lineStartIfBlank(text, first)
}

/** The members of an object literal written in place, with where each is; members whose key cannot be read, by position. */
function readObject(tsMorph: TsMorphModule, text: string, object: ObjectLiteralExpression): { read: ObjectRead; opaque: number[] } {
  const { Node } = tsMorph
  const members: HandlerSite[] = []
  const opaque: number[] = []
  for (const member of object.getProperties()) {
    const site = (keyNode: MorphNode, name: string, style: HandlerSite['style'], shorthand: boolean): HandlerSite => ({
      name,
      keyStart: keyNode.getStart(),
      keyEnd: keyNode.getEnd(),
      shorthand,
      style,
      blockStart: blockStart(member, text),
      end: member.getEnd(),
      commaEnd: commaAfter(text, member.getEnd()),
    })
    if (Node.isPropertyAssignment(member) || Node.isMethodDeclaration(member)) {
      const key = member.getNameNode()
      const name = Node.isIdentifier(key) ? key.getText() : Node.isStringLiteral(key) || Node.isNumericLiteral(key) ? key.getLiteralText() : undefined
      if (name === undefined) {
        opaque.push(member.getStart())
        continue
      }
      const initializer: Expression | undefined = Node.isPropertyAssignment(member) ? member.getInitializer() : undefined
      const style = Node.isMethodDeclaration(member) ? 'method' : initializer !== undefined && Node.isArrowFunction(initializer) ? 'arrow' : 'other'
      members.push(site(key, name, style, false))
    } else if (Node.isShorthandPropertyAssignment(member)) {
      members.push(site(member.getNameNode(), member.getName(), 'other', true))
    } else {
      opaque.push(member.getStart())
    }
  }
  return { read: { open: object.getStart(), close: object.getEnd() - 1, members }, opaque }
}

/** The object literal a member `name: { ... }` of `object` holds; null when there is no such member, its position when it holds something else. */
function memberObject(tsMorph: TsMorphModule, object: ObjectLiteralExpression, name: string): ObjectLiteralExpression | null | number {
  const { Node } = tsMorph
  const member = object.getProperty(name)
  if (member === undefined) return null
  const value = Node.isPropertyAssignment(member) ? member.getInitializer() : undefined
  return value !== undefined && Node.isObjectLiteralExpression(value) ? value : member.getStart()
}

function readChannels(tsMorph: TsMorphModule, text: string, options: ObjectLiteralExpression): ChannelsRead {
  const channels = memberObject(tsMorph, options, 'channels')
  if (typeof channels === 'number') return { kind: 'opaque', at: channels }
  if (channels === null) return { kind: 'absent' }
  const byName = new Map<string, ChannelRead>()
  for (const member of readObject(tsMorph, text, channels).read.members) {
    const channel = memberObject(tsMorph, channels, member.name)
    if (channel === null || typeof channel === 'number') continue
    const messages = memberObject(tsMorph, channel, 'messages')
    byName.set(member.name, {
      object: readObject(tsMorph, text, channel).read,
      messages: messages === null || typeof messages === 'number' ? messages : readObject(tsMorph, text, messages).read,
    })
  }
  return { kind: 'written', object: readObject(tsMorph, text, channels).read, channels: byName }
}

function readActions(tsMorph: TsMorphModule, file: SourceFile, actions: ObjectLiteralExpression, options: ObjectLiteralExpression): ActionsObject {
  const text = file.getFullText()
  const { read, opaque } = readObject(tsMorph, text, actions)
  return {
    kind: 'actions',
    open: read.open,
    close: read.close,
    handlers: read.members,
    opaque,
    channels: readChannels(tsMorph, text, options),
    options: readObject(tsMorph, text, options).read,
  }
}

function readRegistrations(tsMorph: TsMorphModule, file: SourceFile, bots: ReadonlySet<string>): BotRegistrations {
  const { Node, SyntaxKind } = tsMorph
  const text = file.getFullText()
  const registrations: Registration[] = []
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression()
    if (!Node.isPropertyAccessExpression(callee)) continue
    const on = callee.getName()
    const holder = callee.getExpression()
    if ((on !== 'message' && on !== 'event') || !Node.isPropertyAccessExpression(holder) || holder.getName() !== 'on') continue
    if (!bots.has(holder.getExpression().getText())) continue
    const type = call.getArguments()[0]
    if (type === undefined || !Node.isStringLiteral(type)) continue
    const statement = call.getParentIfKind(SyntaxKind.ExpressionStatement) ?? call
    registrations.push({ on, type: type.getLiteralText(), blockStart: blockStart(statement, text), start: statement.getStart(), end: statement.getEnd() })
  }
  return { kind: 'registrations', registrations }
}

/**
 * Finds the registrations of `kind` `name` in a file's text: the `actions` object of
 * `new Integration({ actions })` / `new Plugin(...)`, or a bot's `on.message`/`on.event`
 * calls. The class is recognized by its import from the generated module, under
 * whatever local name (`import { Integration as Zendesk }`, `import * as zd`).
 */
export function readImplementation(tsMorph: TsMorphModule, file: SourceFile, kind: StubKind, name: string, label: string): ReadResult {
  const { Node, SyntaxKind } = tsMorph
  const className = CLASSES[kind]
  const callees = new Set<string>()
  for (const declaration of file.getImportDeclarations()) {
    if (!isGeneratedModule(declaration.getModuleSpecifierValue(), kind, name)) continue
    for (const named of declaration.getNamedImports()) if (named.getName() === className) callees.add(named.getAliasNode()?.getText() ?? className)
    const namespace = declaration.getNamespaceImport()?.getText()
    if (namespace !== undefined) callees.add(`${namespace}.${className}`)
  }
  const expected = `import { ${className} } from '.../${kind}s/${name}/index.js'`
  if (callees.size === 0)
    return {
      ok: false,
      reason: `${label} is not a botwire implementation of ${kind} '${name}': it does not import ${className} from the generated module (${expected})`,
    }
  const created = file.getDescendantsOfKind(SyntaxKind.NewExpression).filter((n) => callees.has(n.getExpression().getText()))
  const first = created[0]
  const shown = first?.getExpression().getText() ?? [...callees][0] ?? className
  if (first === undefined) return { ok: false, reason: `${label} imports ${className} from the generated module but never creates one (new ${shown}(...))` }
  if (created.length > 1)
    return {
      ok: false,
      reason: `${label} creates ${created.length} ${className}s (lines ${created.map((n) => n.getStartLineNumber()).join(', ')}); scaffold --update edits a file that creates one`,
    }
  if (kind === 'bot') {
    const variable = first.getParentIfKind(SyntaxKind.VariableDeclaration)?.getName()
    if (variable === undefined)
      return {
        ok: false,
        reason: `${label}:${first.getStartLineNumber()}: the new ${shown}() is not assigned to a variable, so its on.message/on.event calls cannot be found`,
      }
    return { ok: true, found: readRegistrations(tsMorph, file, new Set([variable])), file }
  }
  const where = `${label}:${first.getStartLineNumber()}`
  // only objects written in place: there the generated types give each handler its parameters
  const given = first.getArguments()[0]
  const options = given !== undefined && Node.isObjectLiteralExpression(given) ? given : undefined
  const property = options?.getProperty('actions')
  const actions = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined
  if (options === undefined || actions === undefined || !Node.isObjectLiteralExpression(actions))
    return {
      ok: false,
      reason: `${where}: scaffold --update edits handlers written in place, as in new ${shown}({ actions: { ... } }), where the generated types give each its parameters`,
    }
  return { ok: true, found: readActions(tsMorph, file, actions, options), file }
}
