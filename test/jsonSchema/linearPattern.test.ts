// The linear-time engine answers what JSON Schema's `pattern` means (ECMA-262, 'u' mode,
// an unanchored search): the same verdict as JavaScript's RegExp on every pattern it
// accepts, the constructs that need backtracking refused with a reason, invalid patterns
// still invalid (docs/definitions.md#patterns).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compilePattern } from '../../src/jsonSchema/linearPattern.js'

function linear(source: string): (value: string) => boolean {
  const compiled = compilePattern(source)
  if (compiled.kind !== 'compiled') throw new Error(`${source}: ${compiled.kind}: ${compiled.reason}`)
  return (value) => compiled.pattern.test(value)
}

/** Where RE2's syntax reads alike but means something else, or ECMA has a form RE2 lacks. */
const CASES: ReadonlyArray<[string, string[]]> = [
  ['^.$', ['a', '\n', '\r', '\u2028', '\u2029', '\u0085', '😀', '\uD800', '']],
  ['^\\s+$', [' ', '\t\v\f', '\u00a0', '\ufeff', '\u1680', '\u2000\u200a', '\u202f\u205f\u3000', '\u2028\u2029', '\u0085', '\u200b', 'a']],
  ['^\\S+$', ['a', ' ', '\u00a0', '\u200b', '😀']],
  ['^[\\s\\d]+$', ['1 2', '1\u00a02', '1a']],
  ['^[^\\S]$', [' ', 'a', '\u3000']],
  ['^[]$', ['', 'a', ']']],
  ['^[^]$', ['a', '\n', ']', '😀']],
  ['[]a', ['a', ']a', ']']],
  ['^[[:alpha:]+$', ['abc', '[:', 'a]', ':ahp[']],
  ['^[a-c-e]+$', ['abc', '-', 'e', 'd']],
  ['^[-a]$|^[a-]$', ['-', 'a', 'b']],
  ['^[\\b]$', ['\b', 'b']],
  ['\\bword\\b', ['a word here', 'swordfish', 'word']],
  ['^\\w+$', ['abc_123', 'é', 'a-b']],
  ['^\\d{3}$', ['123', '١٢٣', '12']],
  ['^\\u{1F600}$', ['😀', '😃']],
  ['^\\uD83D\\uDE00$', ['😀', '\uD83D']],
  ['^\\x41\\u0042\\cJ\\0$', ['AB\n\0', 'AB\n0']],
  ['^\\p{Lu}\\p{Letter}+$', ['Ωmega', 'omega', 'Ω1']],
  ['^\\P{L}+$', ['123', 'a1']],
  ['^\\p{Script=Greek}+$', ['αβγ', 'abc']],
  ['^[\\p{Nd}\\p{ASCII}]+$', ['١a', 'é']],
  ['^a$', ['a', 'a\n', '\na']],
  ['^(?<year>\\d{4})-(?:\\d{2})$', ['2024-01', '2024-1']],
  ['^a+?b*?$', ['aab', 'b']],
  ['^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\$', ['/.*+?()[]{}|^$\\', 'x']],
  ['^[\\-\\]\\\\]+$', ['-]\\', 'a']],
  ['^a{2,3}$|^b{2,}$|^c{2}$', ['aa', 'aaaa', 'bbbbb', 'cc', 'ccc']],
  ['^$', ['', 'a']],
  ['|', ['', 'a']],
  ['^ä\\u00e9ñ$', ['äéñ', 'aen']],
]

describe("the linear-time engine gives RegExp's answer", () => {
  it.each(CASES)('%s', (source, values) => {
    const native = new RegExp(source, 'u')
    const test = linear(source)
    for (const value of values) expect(test(value), JSON.stringify(value)).toBe(native.test(value))
  })

  it('reads \\s and \\S as ECMA-262 does, over every code point', () => {
    const nativeSpace = /^\s$/u
    const space = linear('^\\s$')
    const nonSpace = linear('^[\\S]$')
    const differ: string[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += codePoint < 0x10000 ? 1 : 97) {
      const character = String.fromCodePoint(codePoint)
      const expected = nativeSpace.test(character)
      if (space(character) !== expected || nonSpace(character) === expected) differ.push(codePoint.toString(16))
    }
    expect(differ).toEqual([])
  })

  it('agrees with RegExp on random patterns and strings', () => {
    const atom = fc.oneof(
      fc.constantFrom('a', 'b', '.', '\\d', '\\w', '\\s', '\\S', '\\b', '[ab]', '[^a]', '[a-c\\s]', '\\u00e9', '[\\-]', '[]', '[^]', '\\p{L}', '\\x20'),
      fc.constantFrom('^', '$'),
    )
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{1,2}', '*?', '{2}')
    const piece = fc.tuple(atom, quantifier).map(([a, q]) => (a === '^' || a === '$' || a === '\\b' ? a : a + q))
    const sequence = fc.array(piece, { maxLength: 5 }).map((parts) => parts.join(''))
    const group = fc.tuple(sequence, fc.constantFrom('(', '(?:', '(?<g>'), fc.constantFrom('', '*', '+', '?')).map(([s, open, q]) => `${open}${s})${q}`)
    const pattern = fc.array(fc.oneof(sequence, group), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('|'))
    const value = fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '\n', '\u00a0', '\u2028', 'é', '-', '1', '😀'), maxLength: 8 })
    fc.assert(
      fc.property(pattern, fc.array(value, { minLength: 1, maxLength: 6 }), (source, values) => {
        let native: RegExp
        try {
          native = new RegExp(source, 'u')
        } catch {
          expect(compilePattern(source).kind).toBe('invalid') // two groups named alike, say
          return
        }
        const test = linear(source)
        for (const v of values) expect(test(v), `${source} on ${JSON.stringify(v)}`).toBe(native.test(v))
      }),
      { numRuns: 500 },
    )
  })
})

describe('patterns the linear-time engine cannot run', () => {
  it.each([
    ['^(?=.*\\d).+$', /lookahead/],
    ['^(?!T-0)T-\\d+$', /lookahead/],
    ['(?<=\\$)\\d+', /lookbehind/],
    ['(?<!-)\\d+', /lookbehind/],
    ['^(a)\\1$', /backreference \\1/],
    ['^(?<x>a)\\k<x>$', /backreference \\k/],
    ['^a{1001}$', /repetition count above 1000/],
    ['^(?:a{100}){100}$', /repetition count above 1000/],
    ['^\\p{Emoji}$', /Unicode property \\p\{Emoji\}/],
    ['^\\p{Script_Extensions=Greek}$', /Unicode property/],
  ])('%s is unsupported, with the reason', (source, reason) => {
    const compiled = compilePattern(source)
    expect(compiled.kind).toBe('unsupported')
    expect(compiled.kind === 'unsupported' && compiled.reason).toMatch(reason)
  })

  it('an invalid pattern stays invalid (BW2015), with the native wording', () => {
    expect(compilePattern('^T-[0-9+$')).toEqual({ kind: 'invalid', reason: '/^T-[0-9+$/u: Unterminated character class' })
    expect(compilePattern('\\p{Greek}').kind).toBe('invalid') // a script needs Script= in 'u' mode
  })
})

/** Every `pattern` and `patternProperties` key of botwire's own meta-schemas. */
function ownPatterns(): string[] {
  const found = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pattern' && typeof value === 'string') found.add(value)
        if (key === 'patternProperties' && typeof value === 'object' && value !== null) for (const source of Object.keys(value)) found.add(source)
        visit(value)
      }
    }
  }
  const folder = join(import.meta.dirname, '..', '..', 'schemas')
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) visit(JSON.parse(readFileSync(join(folder, file), 'utf8')))
  return [...found].sort()
}

describe("botwire's own patterns", () => {
  const samples = [
    'support-bot',
    'openai',
    'a--b',
    '-a',
    'Ab',
    '1.0.0',
    '1.0.0-rc.1+build.5',
    '01.0.0',
    '1.0',
    'x-note',
    '#/$defs/contact',
    '#/$defs/1x',
    'API_KEY',
    'llm.model',
    'my-plugin.ticket',
    'string',
    '',
  ]
  const patterns = ownPatterns()

  it('are found in the meta-schemas', () => {
    expect(patterns.length).toBeGreaterThan(5)
  })

  it.each(patterns)('%s runs on the linear engine with the same answers as RegExp', (source) => {
    const native = new RegExp(source, 'u')
    const test = linear(source)
    for (const value of samples) expect(test(value), value).toBe(native.test(value))
  })
})
