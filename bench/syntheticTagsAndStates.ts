// Tags and states for the synthetic workspace (syntheticWorkspace.ts, option `tagsAndStates`),
// so that the benchmark can compare check and generate of the same 1,000 definitions with
// and without them (issue #34: within 10%). They come from a random generator of their own,
// so the definitions they are added to are the same bytes as without them.
//
//   - integrations: user tags, and 1-2 states kept per conversation, user or integration;
//   - plugins: user, conversation and message tags, and 1-2 states with an expiry;
//   - bots: user and conversation tags (they have message tags already), and 1-2 states.
// Tag keys and state names are distinct within a definition; state schemas are objects
// with defaults, as real definitions write them.
import { cap, type Obj, type Rng, WORDS } from './syntheticWords.js'

const STATE_TYPES: Record<string, readonly string[]> = {
  integration: ['conversation', 'user', 'integration'],
  plugin: ['conversation', 'user', 'bot'],
  bot: ['conversation', 'user', 'bot'],
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng.next() * items.length)] as T
}

/** `count` distinct words, each made a key with `suffix`. */
function keys(rng: Rng, count: number, suffix: string): string[] {
  const chosen = new Set<string>()
  while (chosen.size < count) chosen.add(`${pick(rng, WORDS)}${suffix}`)
  return [...chosen]
}

function tags(rng: Rng, suffix: string): Obj {
  const count = 1 + Math.floor(rng.next() * 3)
  return { tags: Object.fromEntries(keys(rng, count, suffix).map((key) => [key, { title: cap(key), description: `The ${key} of the record.` }])) }
}

function states(rng: Rng, kind: string, withExpiry: boolean): Obj {
  const count = 1 + Math.floor(rng.next() * 2)
  return Object.fromEntries(
    keys(rng, count, 'State').map((name) => [
      name,
      {
        type: pick(rng, STATE_TYPES[kind] ?? []),
        title: cap(name),
        ...(withExpiry ? { expiry: (1 + Math.floor(rng.next() * 30)) * 86_400_000 } : {}),
        schema: {
          type: 'object',
          properties: {
            count: { type: 'integer', minimum: 0, default: 0 },
            last: { type: 'string', maxLength: 200 },
            flags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
          },
        },
      },
    ]),
  )
}

/** The definition with tags and states added (a new object; `definition` is not changed). */
export function withTagsAndStates(definition: Obj, kind: string, rng: Rng): Obj {
  if (kind === 'integration') return { ...definition, user: tags(rng, 'Id'), states: states(rng, kind, false) }
  if (kind === 'plugin') {
    return { ...definition, user: tags(rng, 'Ref'), conversation: tags(rng, 'Topic'), message: tags(rng, 'Mark'), states: states(rng, kind, true) }
  }
  if (kind === 'bot') return { ...definition, user: tags(rng, 'Ref'), conversation: tags(rng, 'Topic'), states: states(rng, kind, rng.next() < 0.5) }
  return definition
}
