// Random YAML texts for the parser agreement tests: values written in a mix of the styles
// people use (block and compact mappings and lists, flow collections, plain, quoted and
// block scalars, comments, blank lines), with hazards written raw where a careful writer
// would quote them, and random edits on top. Many of the texts are not valid YAML, or
// mean something else than the value they came from: the tests only compare readers.

import type { Rng } from './seededRandom.js'

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T
}

const WORDS = ['a', 'type', 'properties', 'x y', 'é', 'ticket', 'status', 'The API key.', 'Hello, world', 'C# and F#', 'v1', 'open', 'see http://x.io/a?b=c']
const HAZARDS = [
  '1',
  '-1',
  '0',
  '1.5',
  '-2.25',
  '007',
  '0x1F',
  '0o17',
  '0b101',
  '1e3',
  '+1',
  '1_000',
  '.5',
  '-.5',
  '.inf',
  '-.Inf',
  '.NaN',
  '-0',
  '1.',
  '1.2.3',
  '2024-01-01',
  'true',
  'True',
  'TRUE',
  'yes',
  'on',
  'off',
  'null',
  'Null',
  '~',
  '',
  ' lead',
  'trail ',
  'a: b',
  'a:b',
  'a:',
  ':a',
  'x #y',
  'x#y',
  '# no',
  '- x',
  '-x',
  '?x',
  '? x',
  '[x]',
  '{x}',
  'x, y',
  'x]',
  "it's",
  'say "hi"',
  'back\\slash',
  'tab\there',
  'multi\nline',
  'two\n\nlines\n',
  'end\n',
  '  indented\nfirst',
  '@x',
  '%x',
  '!x',
  '&x',
  '*x',
  '|',
  '>',
  '`x',
  '---',
  '...',
  '__proto__',
  'constructor',
  'é\u00e9',
  '\u00a0nbsp',
]
const KEYS = [
  'a',
  'b',
  'type',
  'properties',
  'items',
  'x y',
  'é',
  '1',
  'true',
  'null',
  '~',
  '-',
  '-a',
  'a:b',
  'a b:',
  '#c',
  "it's",
  '"q"',
  '',
  '__proto__',
  '$entity',
  'on',
  '1.2.3',
  'a'.repeat(8),
]

type Value = null | boolean | number | string | Value[] | { [key: string]: Value }

function randomValue(rng: Rng, depth: number): Value {
  const roll = rng()
  if (depth > 0 && roll < 0.3) return Array.from({ length: Math.floor(rng() * 4) }, () => randomValue(rng, depth - 1))
  if (depth > 0 && roll < 0.6) {
    const map: { [key: string]: Value } = {}
    const size = Math.floor(rng() * 5)
    for (let i = 0; i < size; i++) map[rng() < 0.85 ? pick(rng, WORDS.concat(KEYS)) : pick(rng, HAZARDS)] = randomValue(rng, depth - 1)
    return map
  }
  if (roll < 0.7) return pick(rng, HAZARDS)
  if (roll < 0.75) return Math.round(rng() * 2000 - 1000) / (rng() < 0.5 ? 1 : 8)
  if (roll < 0.8) return rng() < 0.5
  if (roll < 0.82) return null
  return pick(rng, WORDS)
}

function scalarText(rng: Rng, value: null | boolean | number | string, indent: number): string {
  if (typeof value !== 'string') return String(value)
  const roll = rng()
  if (value.includes('\n') && roll < 0.5) {
    const header = `${pick(rng, ['|', '>'])}${pick(rng, ['', '-', '+'])}`
    const pad = ' '.repeat(indent + pick(rng, [1, 2, 2, 4]))
    return `${header}\n${value
      .split('\n')
      .map((line) => (line === '' ? '' : pad + line))
      .join('\n')}`
  }
  if (roll < 0.6) return value // raw, hazards included
  if (roll < 0.8) return `'${value.replaceAll("'", "''")}'`
  return JSON.stringify(value)
}

function flowText(rng: Rng, value: Value): string {
  if (Array.isArray(value)) return `[${value.map((item) => flowText(rng, item)).join(pick(rng, [', ', ',', ' , ']))}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${scalarText(rng, key, 0)}: ${flowText(rng, item)}`)
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`
  }
  return scalarText(rng, value, 0)
}

function isCollection(value: Value): value is Value[] | { [key: string]: Value } {
  return value !== null && typeof value === 'object'
}

/** The lines of a block node at `indent`; `first` is what the first line starts with instead of the indentation. */
function blockText(rng: Rng, value: Value[] | { [key: string]: Value }, indent: number, step: number): string {
  const pad = ' '.repeat(indent)
  const lines: string[] = []
  const comment = (): void => {
    const roll = rng()
    if (roll < 0.05) lines.push('')
    else if (roll < 0.1) lines.push(`${' '.repeat(Math.floor(rng() * (indent + 3)))}# note`)
  }
  const after = (item: Value, at: number): string => {
    if (!isCollection(item) || rng() < 0.25) return ` ${isCollection(item) ? flowText(rng, item) : scalarText(rng, item, at)}${rng() < 0.1 ? ' # c' : ''}`
    if (Array.isArray(item) && item.length > 0 && rng() < 0.3) return `\n${blockText(rng, item, at, step)}`
    if (Array.isArray(item) ? item.length === 0 : Object.keys(item).length === 0) return ` ${flowText(rng, item)}`
    return `\n${blockText(rng, item, at + step, step)}`
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      comment()
      if (isCollection(item) && !Array.isArray(item) && Object.keys(item).length > 0 && rng() < 0.6) {
        const compact = blockText(rng, item, indent + 2, step)
        lines.push(`${pad}-${' '}${compact.slice(indent + 2)}`)
      } else lines.push(`${pad}-${after(item, indent)}`)
    }
  } else {
    for (const [key, item] of Object.entries(value)) {
      comment()
      lines.push(`${pad}${scalarText(rng, key, indent)}:${after(item, indent)}`)
    }
  }
  return lines.join('\n')
}

/** A random document: usually a mapping at the root, in a random mix of styles. */
export function styledYaml(rng: Rng): string {
  const root = randomValue(rng, 4)
  const value = isCollection(root) && !Array.isArray(root) && rng() < 0.9 ? root : { kind: root }
  const start = rng() < 0.1 ? pick(rng, ['---\n', '--- # doc\n', '# head\n---\n']) : ''
  return `${start}${blockText(rng, value, 0, pick(rng, [2, 2, 4, 1, 3]))}${rng() < 0.9 ? '\n' : ''}`
}

const EDITS = [
  ' ',
  '  ',
  '\n',
  ':',
  ': ',
  '-',
  '- ',
  '#',
  ' #',
  '"',
  "'",
  '\\',
  '[',
  ']',
  '{',
  '}',
  ',',
  '|',
  '>',
  '|-',
  '>+',
  '&a',
  '*a',
  '!',
  '?',
  '~',
  '0',
  '1.5',
  '0x',
  'e3',
  '_',
  '.',
  '---',
  '\t',
  'é',
  '%',
  '\n  ',
  '\n- ',
]

/** The text with a few random edits: characters inserted or deleted, a line repeated or re-indented. */
export function editedYaml(rng: Rng, text: string): string {
  let out = text
  const edits = 1 + Math.floor(rng() * 3)
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rng() * (out.length + 1))
    const roll = rng()
    if (roll < 0.45) out = out.slice(0, at) + pick(rng, EDITS) + out.slice(at)
    else if (roll < 0.7) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rng() * 4))
    else {
      const lines = out.split('\n')
      const line = Math.floor(rng() * lines.length)
      const text = lines[line] ?? ''
      if (roll < 0.85) lines.splice(line, 0, text)
      else lines[line] = rng() < 0.5 ? ` ${text}` : text.replace(/^ {1,2}/, '')
      out = lines.join('\n')
    }
  }
  return out
}
