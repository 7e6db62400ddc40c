// `scaffold --update` on one file's text: adds a stub for each action the definition has
// and the file lacks (in the definition's order, indented and written like its
// neighbours) and for each delivery handler of an integration's channels it lacks
// (updateDeliveries.ts), renames the handler of an implemented interface action whose final name
// changed, and reports handlers the definition no longer has, commenting them out only
// when asked (prune). Every change is a text edit at a position ts-morph found, so the
// rest of the file keeps each character; nothing a person wrote is ever removed.

import { type HandlerStyle, handlerStubLines, identifyStubLines, propertyKey } from './handlerStub.js'
import { type ActionsObject, type BotRegistrations, type HandlerSite, type ReadResult, readImplementation } from './readImplementation.js'
import type { StubAction, StubPlan } from './stubPlan.js'
import { appended, applyEdits, type Edit, indentAt, insertedAfter, layoutOf, lineOf } from './textEdits.js'
import { memoryProject, type TsMorphModule } from './tsMorph.js'
import { deliveryName, updateDeliveries } from './updateDeliveries.js'

/** What the previous scaffold or update recorded for the file: `alias.member` -> the handler's name then. */
export type ImplementsRecord = ReadonlyMap<string, string>

export type Change =
  /** `action`: an action's handler, or a delivery handler as `channels.<channel>.messages.<type>` */
  { kind: 'added'; action: string; line: number } | { kind: 'renamed'; from: string; to: string; line: number } | { kind: 'pruned'; name: string; line: number }

export interface Leftover {
  /** the handler's name, or `on.message('foo')` for a bot's registration */
  name: string
  line: number
  /** an added action that is probably its new name (an own action renamed in the definition) */
  pairedWith: string | null
}

export type UpdateOutcome = { ok: true; text: string; changes: Change[]; leftovers: Leftover[]; opaqueLines: number[] } | { ok: false; reason: string }

/**
 * Code turned into a comment under a note. Lines of its own become line comments, their
 * indentation kept; code that shares a line with other code (`{ a, gone, b }`) becomes a
 * block comment, which leaves the rest of the line as it was.
 */
function commentedOut(text: string, start: number, end: number, note: string): string {
  const ownLines = (start === 0 || text[start - 1] === '\n') && /^[ \t]*(\/\/[^\n]*)?(\n|$)/.test(text.slice(end))
  const code = text.slice(start, end)
  if (!ownLines && !code.includes('*/')) return `/* ${note}: ${code} */`
  const indent = indentAt(text, start)
  const lines = code.split('\n')
  const commented = [`${indent}// ${note}`, ...lines.map((line) => (line.startsWith(indent) ? `${indent}// ${line.slice(indent.length)}` : `// ${line}`))].join(
    '\n',
  )
  // a line comment ends its line: what followed on it goes to the next one
  return ownLines ? commented : `\n${commented}\n${indent}`
}

/** The comment line above a pruned handler: why it was commented out. */
function pruneNote(plan: StubPlan, name: string): string {
  return `botwire scaffold --prune: ${plan.kind} '${plan.name}' ${plan.version} has no ${plan.kind === 'bot' ? name : `action '${name}'`}`
}

/** Each handler's (or registration's) line in a file read by readImplementation. */
function linesByName(text: string, read: ReadResult): Map<string, number> {
  const lines = new Map<string, number>()
  if (!read.ok) return lines
  const found = read.found
  if (found.kind === 'actions') {
    for (const h of found.handlers) lines.set(h.name, lineOf(text, h.keyStart))
    for (const m of found.options.members) if (m.name === 'identify') lines.set('identify', lineOf(text, m.keyStart))
    if (found.channels.kind === 'written')
      for (const [channel, { messages }] of found.channels.channels)
        if (typeof messages === 'object' && messages !== null)
          for (const m of messages.members) lines.set(deliveryName(channel, m.name), lineOf(text, m.keyStart))
  } else for (const r of found.registrations) lines.set(`on.${r.on}('${r.type}')`, lineOf(text, r.start))
  return lines
}

function renderStub(plan: StubPlan, action: StubAction, style: HandlerStyle, indent: string, unit: string): string {
  return handlerStubLines(plan.kind, plan.name, action, style, unit)
    .map((line) => `${indent}${line}`)
    .join('\n')
}

function updateActions(
  text: string,
  plan: StubPlan,
  found: ActionsObject,
  record: ImplementsRecord,
  prune: boolean,
): Omit<Extract<UpdateOutcome, { ok: true }>, 'text' | 'ok'> & { edits: Edit[] } {
  const edits: Edit[] = []
  const changes: Change[] = []
  const byName = new Map<string, HandlerSite>()
  for (const site of found.handlers) if (!byName.has(site.name)) byName.set(site.name, site)
  const wanted = new Set(plan.actions.map((a) => a.name))

  // renames: the interface action is the stable key; its old name is the recorded one, or the interface's own
  const present = new Map<string, HandlerSite>()
  const renamedFrom = new Set<string>()
  for (const action of plan.actions) {
    const own = byName.get(action.name)
    if (own) {
      present.set(action.name, own)
      continue
    }
    if (action.implements === null) continue
    const candidates = [record.get(action.implements), action.implements.slice(action.implements.indexOf('.') + 1)]
    const from = candidates.find((c) => c !== undefined && byName.has(c) && !wanted.has(c) && !renamedFrom.has(c))
    const site = from === undefined ? undefined : byName.get(from)
    if (from === undefined || site === undefined) continue
    renamedFrom.add(from)
    present.set(action.name, site)
    // a quoted key stays quoted, in its quotes
    const quote = text[site.keyStart]
    const key = quote === '"' || quote === "'" ? `${quote}${propertyKey(action.name, quote).replace(/^(['"])(.*)\1$/, '$2')}${quote}` : propertyKey(action.name)
    edits.push({ at: site.keyStart, end: site.keyEnd, text: site.shorthand ? `${key}: ${from}` : key })
    changes.push({ kind: 'renamed', from, to: action.name, line: 0 })
  }

  // how the neighbours are written
  const methods = found.handlers.filter((h) => h.style === 'method').length
  const style: HandlerStyle = methods * 2 > found.handlers.length ? 'method' : 'arrow'
  const first = found.handlers[0]
  const { parentIndent, memberIndent, unit, onOwnLine } = layoutOf(text, { open: found.open, close: found.close, members: found.handlers })

  // added stubs: grouped after the nearest earlier action the file has, in the definition's order
  const groups = new Map<HandlerSite | null, StubAction[]>()
  let anchor: HandlerSite | null = null
  for (const action of plan.actions) {
    const site = present.get(action.name)
    if (site) {
      anchor = site
      continue
    }
    groups.set(anchor, [...(groups.get(anchor) ?? []), action])
  }
  const last = found.handlers.at(-1)
  for (const [after, actions] of groups) {
    const stubs = actions.map((a) => renderStub(plan, a, style, memberIndent, unit))
    for (const a of actions) changes.push({ kind: 'added', action: a.name, line: 0 })
    if (after === null && first === undefined) {
      // an empty object: it opens onto lines of its own
      const inside = stubs.map((s) => `${s},\n`).join('')
      edits.push({ at: found.open, end: found.close + 1, text: `{\n${inside}${parentIndent}}` })
    } else if (after === null && first !== undefined) {
      const inserted = stubs.map((s) => `${s},\n`).join('')
      // `{ closeTicket, ... }` on one line: the stubs go on lines of their own, and the members after them
      const blank = /^[ \t]*$/.test(text.slice(found.open + 1, first.blockStart))
      if (onOwnLine) edits.push({ at: first.blockStart, end: first.blockStart, text: inserted })
      else if (blank) edits.push({ at: found.open + 1, end: first.blockStart, text: `\n${inserted}${memberIndent}` })
      else edits.push({ at: first.blockStart, end: first.blockStart, text: `\n${inserted}${memberIndent}` })
    } else if (after !== null) {
      edits.push(...insertedAfter(text, after, after === last, stubs, parentIndent, memberIndent))
    }
  }

  // handlers the definition no longer has: reported, and commented out only when asked
  const leftovers: Leftover[] = []
  const addedOwn = plan.actions.filter((a) => a.implements === null && !present.has(a.name)).map((a) => a.name)
  const gone = found.handlers.filter((h) => !wanted.has(h.name) && !renamedFrom.has(h.name))
  const presentSites = new Set(present.values())
  /** the own action added where the handler stood (after the same handler the file keeps), or the only one of each */
  const pairOf = (site: HandlerSite): string | null => {
    const before = found.handlers.slice(0, found.handlers.indexOf(site)).findLast((h) => presentSites.has(h)) ?? null
    const there = (groups.get(before) ?? []).filter((a) => a.implements === null)
    if (there.length === 1) return there[0]?.name ?? null
    return gone.length === 1 && addedOwn.length === 1 ? (addedOwn[0] ?? null) : null
  }
  for (const site of gone) {
    const pairedWith = pairOf(site)
    if (prune) {
      const end = site.commaEnd ?? site.end
      edits.push({ at: site.blockStart, end, text: commentedOut(text, site.blockStart, end, pruneNote(plan, site.name)) })
      changes.push({ kind: 'pruned', name: site.name, line: 0 })
    } else {
      leftovers.push({ name: site.name, line: 0, pairedWith })
    }
  }
  const deliveries = updateDeliveries(text, plan, found.channels)
  // an identifier declared since the file was written: the options need an identify (the generated types require it)
  const identifier = found.options.members.some((m) => m.name === 'identify') ? undefined : plan.identifier
  const newOptions = [
    ...(deliveries.toOptions === undefined ? [] : [deliveries.toOptions]),
    ...(identifier === undefined ? [] : [(unit: string) => [identifyStubLines(plan.name, identifier, unit)]]),
  ]
  // the new members of the options in one edit at their end
  const optionsEdits = newOptions.length === 0 ? [] : appended(text, found.options, (unit) => newOptions.flatMap((members) => members(unit)))
  return {
    edits: [...edits, ...deliveries.edits, ...optionsEdits],
    changes: [
      ...changes,
      ...deliveries.added.map((name): Change => ({ kind: 'added', action: name, line: 0 })),
      ...(identifier === undefined ? [] : [{ kind: 'added', action: 'identify', line: 0 } as const]),
    ],
    leftovers,
    opaqueLines: [...found.opaque, ...deliveries.opaque].map((p) => lineOf(text, p)),
  }
}

function updateRegistrations(text: string, plan: StubPlan, found: BotRegistrations, prune: boolean) {
  const edits: Edit[] = []
  const changes: Change[] = []
  const leftovers: Leftover[] = []
  const accepted = { message: new Set(plan.messageTypes), event: new Set(plan.eventTypes) }
  for (const r of found.registrations) {
    if (accepted[r.on].has(r.type)) continue
    const name = `on.${r.on}('${r.type}')`
    if (prune) {
      edits.push({ at: r.blockStart, end: r.end, text: commentedOut(text, r.blockStart, r.end, pruneNote(plan, name)) })
      changes.push({ kind: 'pruned', name, line: 0 })
    } else {
      leftovers.push({ name, line: 0, pairedWith: null })
    }
  }
  return { edits, changes, leftovers, opaqueLines: [] }
}

/**
 * The file's text brought in step with the definition's stub plan, and what changed.
 * Not a botwire implementation of the definition: `ok: false` with the reason.
 */
export function planUpdate(tsMorph: TsMorphModule, text: string, label: string, plan: StubPlan, record: ImplementsRecord, prune: boolean): UpdateOutcome {
  const file = memoryProject(tsMorph).createSourceFile('/implementation.ts', text)
  const read = readImplementation(tsMorph, file, plan.kind, plan.name, label)
  if (!read.ok) return read
  const found = read.found
  const result = found.kind === 'actions' ? updateActions(text, plan, found, record, prune) : updateRegistrations(text, plan, found, prune)
  const updated = applyEdits(text, result.edits)
  // the lines are those of the file as written: read again, which also proves the edit kept it readable
  const reread =
    result.edits.length === 0 ? read : readImplementation(tsMorph, memoryProject(tsMorph).createSourceFile('/updated.ts', updated), plan.kind, plan.name, label)
  const lines = linesByName(updated, reread)
  const pruneLine = (name: string): number => lineOf(updated, updated.indexOf(pruneNote(plan, name)))
  const changes = result.changes
    .map((c): Change => {
      if (c.kind === 'added') return { ...c, line: lines.get(c.action) ?? 0 }
      if (c.kind === 'renamed') return { ...c, line: lines.get(c.to) ?? 0 }
      return { ...c, line: pruneLine(c.name) }
    })
    .sort((a, b) => a.line - b.line)
  const leftovers = result.leftovers.map((l) => ({ ...l, line: lines.get(l.name) ?? 0 }))
  return { ok: true, text: updated, changes, leftovers, opaqueLines: result.opaqueLines }
}
