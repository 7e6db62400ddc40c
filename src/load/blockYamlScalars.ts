// The scalar side of the block YAML reader (src/load/blockYaml.ts): which characters
// start other tokens, double-quoted escapes, and folding.

/** Thrown inside the reader when the text leaves the subset; never escapes it. */
export class OutsideSubset extends Error {}
export const OUTSIDE = new OutsideSubset('outside the block YAML subset')

export const SPACE = 32
export const NEWLINE = 10
export const HASH = 35
export const COLON = 58
export const DASH = 45
export const QUESTION_MARK = 63
export const COMMA = 44
export const DOUBLE_QUOTE = 34
export const SINGLE_QUOTE = 39
export const OPEN_BRACKET = 91
export const CLOSE_BRACKET = 93
export const OPEN_BRACE = 123
export const CLOSE_BRACE = 125
const BACKSLASH = 92

/** The characters that cannot start a plain scalar here (`-`, `?` and `:` only before a space). */
export function startsOtherToken(code: number): boolean {
  switch (code) {
    case OPEN_BRACKET:
    case CLOSE_BRACKET:
    case OPEN_BRACE:
    case CLOSE_BRACE:
    case COMMA:
    case HASH:
    case 38: // &
    case 42: // *
    case 33: // !
    case 124: // |
    case 62: // >
    case DOUBLE_QUOTE:
    case SINGLE_QUOTE:
    case 37: // %
    case 64: // @
    case 96: // `
      return true
    default:
      return false
  }
}

export function isFlowIndicator(code: number): boolean {
  return code === COMMA || code === OPEN_BRACKET || code === CLOSE_BRACKET || code === OPEN_BRACE || code === CLOSE_BRACE
}

/** Where a quoted scalar starting at `at` ends (past its closing quote), or -1 if not on this line. */
export function quotedEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at)
  for (let i = at + 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === NEWLINE) return -1
    if (quote === DOUBLE_QUOTE && code === BACKSLASH) i++
    else if (code === quote) {
      if (quote === SINGLE_QUOTE && text.charCodeAt(i + 1) === SINGLE_QUOTE) i++
      else return i + 1
    }
  }
  return -1
}

/** The value of the one-line quoted scalar `text.slice(at, end)`. */
export function quotedValue(text: string, at: number, end: number): string {
  const body = text.slice(at + 1, end - 1)
  if (text.charCodeAt(at) === SINGLE_QUOTE) return body.includes("'") ? body.replaceAll("''", "'") : body
  return body.includes('\\') ? unescapeDoubleQuoted(body) : body
}

const SIMPLE_ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', '/': '/', n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '0': '\0' }

/** Double-quoted escapes: the common ones and `\uXXXX`; any other leaves the subset. */
function unescapeDoubleQuoted(body: string): string {
  let out = ''
  let from = 0
  for (let i = body.indexOf('\\'); i >= 0; i = body.indexOf('\\', from)) {
    out += body.slice(from, i)
    const letter = body.charAt(i + 1)
    const simple = Object.hasOwn(SIMPLE_ESCAPES, letter) ? SIMPLE_ESCAPES[letter] : undefined
    if (simple !== undefined) {
      out += simple
      from = i + 2
    } else if (letter === 'u' && /^[0-9a-fA-F]{4}$/.test(body.slice(i + 2, i + 6))) {
      const code = Number.parseInt(body.slice(i + 2, i + 6), 16)
      if (code >= 0xd800 && code <= 0xdfff) throw OUTSIDE
      out += String.fromCharCode(code)
      from = i + 6
    } else throw OUTSIDE
  }
  return out + body.slice(from)
}

/** Folded (`>`) content without more-indented lines: one line break is a space, n empty lines are n breaks. */
export function foldLines(lines: readonly string[]): string {
  let out = ''
  let empties = 0
  let started = false
  for (const line of lines) {
    if (line === '') {
      empties++
      continue
    }
    if (started) out += empties === 0 ? ' ' : '\n'.repeat(empties)
    else out += '\n'.repeat(empties)
    out += line
    empties = 0
    started = true
  }
  return out
}
