// Rewrites a JSON Schema `pattern` (ECMA-262 syntax, 'u' mode, already known to be valid:
// src/jsonSchema/linearPattern.ts asks the native engine first) into RE2 syntax that
// matches the same strings, so that botwire can run it on a linear-time engine (re2js).
// Where the two syntaxes read alike but mean different things, the ECMA meaning is
// spelled out: `.` stops at every ECMA line terminator (RE2's only at \n), `\s` is ECMA's
// white space and line terminators (RE2's is ASCII only), `[]` matches nothing and `[^]`
// anything (RE2 would read a `]` there), and every literal that is not a letter or digit is
// written as `\x{…}`, so that nothing RE2 reads specially (`[:alpha:]`, `\Q`) can appear.
// Capturing groups become non-capturing: only whether a string matches counts.
// What RE2 cannot run in linear time (backreferences, lookaround) and the Unicode
// properties it does not know are answered as unsupported, with the reason.
// docs/definitions.md#patterns states what is accepted.

/** RE2 source with the pattern's ECMA meaning, or why there is none. */
export type Re2Translation = { ok: true; source: string } | { ok: false; reason: string; fix: string }

/** ECMA-262 WhiteSpace and LineTerminator: what `\s` matches in 'u' mode. */
const ECMA_SPACE = '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}'
/** Everything `\S` matches: the complement of ECMA_SPACE over all code points. */
const ECMA_NON_SPACE =
  '\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}'
const ANY = '\\x{0}-\\x{10FFFF}'
/** `.` without the 's' flag: anything but an ECMA line terminator. */
const DOT = '[^\\x{A}\\x{D}\\x{2028}\\x{2029}]'

/** General_Category long names (what ECMA also accepts) to the short names RE2 knows. */
const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Combining_Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  punct: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  cntrl: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
}
const CATEGORY_SHORT: ReadonlySet<string> = new Set(Object.values(CATEGORY_ALIASES))

class Unsupported extends Error {
  constructor(
    readonly reason: string,
    readonly fix: string,
  ) {
    super(reason)
  }
}

function hex(codePoint: number): string {
  return `\\x{${codePoint.toString(16).toUpperCase()}}`
}

/** A literal code point, written so that RE2 reads it as itself. */
function literal(codePoint: number): string {
  const isAlphanumeric = (codePoint >= 0x30 && codePoint <= 0x39) || (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x61 && codePoint <= 0x7a)
  return isAlphanumeric ? String.fromCodePoint(codePoint) : hex(codePoint)
}

/** `\p{…}`'s contents as RE2 class items (usable inside `[…]`), or unsupported. */
function property(body: string, negated: boolean): string {
  const [name = '', value] = body.split('=', 2) as [string, string | undefined]
  const p = negated ? 'P' : 'p'
  if (value === undefined) {
    const short = CATEGORY_SHORT.has(name) ? name : CATEGORY_ALIASES[name]
    if (short !== undefined && short !== 'LC') return `\\${p}{${short}}`
    if (name === 'Any' && !negated) return ANY
    if (name === 'ASCII') return negated ? '[:^ascii:]' : '[:ascii:]'
  } else if (name === 'General_Category' || name === 'gc') {
    const short = CATEGORY_SHORT.has(value) ? value : CATEGORY_ALIASES[value]
    if (short !== undefined && short !== 'LC') return `\\${p}{${short}}`
  } else if (name === 'Script' || name === 'sc') {
    // RE2 knows scripts by their long names (Greek, Latin, Han); a short alias (Grek) fails
    // to compile and is reported then
    return `\\${p}{${value}}`
  }
  throw new Unsupported(
    `the Unicode property \\${p}{${body}} is not supported by the linear-time engine`,
    'use a General_Category (\\p{L}, \\p{Lu}, \\p{Nd}...) or a Script (\\p{Script=Greek}), or list the characters',
  )
}

/** Reads a pattern once, left to right, writing its RE2 form. */
class Translator {
  private at = 0
  private out = ''

  constructor(private readonly source: string) {}

  translate(): string {
    while (this.at < this.source.length) this.term()
    return this.out
  }

  private peek(offset = 0): string {
    return this.source.charAt(this.at + offset)
  }

  private startsWith(text: string): boolean {
    return this.source.startsWith(text, this.at)
  }

  /** The next source code point (a surrogate pair is one, as 'u' mode reads it). */
  private codePoint(): number {
    const codePoint = this.source.codePointAt(this.at) ?? 0
    this.at += codePoint > 0xffff ? 2 : 1
    return codePoint
  }

  private term(): void {
    const c = this.peek()
    switch (c) {
      case '(':
        this.group()
        return
      case '[':
        this.out += this.characterClass()
        return
      case '.':
        this.at++
        this.out += DOT
        return
      case '\\':
        this.out += this.escape(false)
        return
      case '^':
      case '$':
      case '|':
      case ')':
      case '*':
      case '+':
      case '?':
        this.at++
        this.out += c
        return
      case '{':
        this.quantifierBraces()
        return
      default:
        this.out += literal(this.codePoint())
    }
  }

  /** `{n}`, `{n,}`, `{n,m}`: 'u' mode allows a brace nowhere else outside a class. */
  private quantifierBraces(): void {
    const end = this.source.indexOf('}', this.at)
    this.out += this.source.slice(this.at, end + 1)
    this.at = end + 1
  }

  private group(): void {
    if (this.startsWith('(?=') || this.startsWith('(?!')) {
      throw new Unsupported(
        'lookahead (?= … ) and (?! … ) need a backtracking engine',
        'match the text itself, or, for conditions that must all hold, give each its own pattern under allOf',
      )
    }
    if (this.startsWith('(?<=') || this.startsWith('(?<!')) {
      throw new Unsupported(
        'lookbehind (?<= … ) and (?<! … ) need a backtracking engine',
        'match the text itself, or, for conditions that must all hold, give each its own pattern under allOf',
      )
    }
    if (this.startsWith('(?:')) this.at += 3
    else if (this.startsWith('(?<')) this.at = this.source.indexOf('>', this.at) + 1
    else this.at += 1
    this.out += '(?:'
  }

  private characterClass(): string {
    this.at++ // [
    const negated = this.peek() === '^'
    if (negated) this.at++
    let items = ''
    while (this.peek() !== ']') {
      const first = this.classAtom()
      // a `-` between two atoms makes a range; first, last or right after a range, a literal
      if (this.peek() === '-' && this.peek(1) !== ']') {
        this.at++
        items += `${first}-${this.classAtom()}`
      } else items += first
    }
    this.at++ // ]
    // RE2 reads `[]…]` and `[^]…]` as a class holding `]`; ECMA's are empty and full
    if (items === '') return negated ? `[${ANY}]` : `[^${ANY}]`
    return `[${negated ? '^' : ''}${items}]`
  }

  private classAtom(): string {
    if (this.peek() === '\\') return this.escape(true)
    return literal(this.codePoint())
  }

  /** One escape, at `\`; inside a class the result is class items, outside a term. */
  private escape(inClass: boolean): string {
    this.at++ // \
    const c = this.peek()
    this.at++
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        return `\\${c}`
      case 's':
        return inClass ? ECMA_SPACE : `[${ECMA_SPACE}]`
      case 'S':
        return inClass ? ECMA_NON_SPACE : `[${ECMA_NON_SPACE}]`
      case 'b':
        return inClass ? hex(0x08) : '\\b' // backspace in a class, a word boundary outside
      case 'B':
        return '\\B'
      case 'f':
        return hex(0x0c)
      case 'n':
        return hex(0x0a)
      case 'r':
        return hex(0x0d)
      case 't':
        return hex(0x09)
      case 'v':
        return hex(0x0b)
      case 'c':
        return hex(this.codePoint() % 32)
      case '0':
        return hex(0)
      case 'x': {
        const digits = this.source.slice(this.at, this.at + 2)
        this.at += 2
        return hex(Number.parseInt(digits, 16))
      }
      case 'u':
        return hex(this.unicodeEscape())
      case 'p':
      case 'P': {
        const end = this.source.indexOf('}', this.at)
        const body = this.source.slice(this.at + 1, end)
        this.at = end + 1
        const items = property(body, c === 'P')
        return inClass ? items : `[${items}]`
      }
      case 'k':
        throw new Unsupported(
          'a backreference \\k<…> needs a backtracking engine',
          'match the repeated text with its own pattern, or check the equality in the handler',
        )
      default:
        if (c >= '1' && c <= '9') {
          throw new Unsupported(
            `a backreference \\${c} needs a backtracking engine`,
            'match the repeated text with its own pattern, or check the equality in the handler',
          )
        }
        // an identity escape: a syntax character, `/` or (in a class) `-`
        this.at--
        return literal(this.codePoint())
    }
  }

  /** After `\u`: `{X…}`, or four digits, joined with a following `\uDC00`-`\uDFFF` as 'u' mode joins a pair. */
  private unicodeEscape(): number {
    if (this.peek() === '{') {
      const end = this.source.indexOf('}', this.at)
      const codePoint = Number.parseInt(this.source.slice(this.at + 1, end), 16)
      this.at = end + 1
      return codePoint
    }
    const unit = Number.parseInt(this.source.slice(this.at, this.at + 4), 16)
    this.at += 4
    if (unit >= 0xd800 && unit <= 0xdbff && this.startsWith('\\u') && /^[0-9a-fA-F]{4}$/.test(this.source.slice(this.at + 2, this.at + 6))) {
      const trail = Number.parseInt(this.source.slice(this.at + 2, this.at + 6), 16)
      if (trail >= 0xdc00 && trail <= 0xdfff) {
        this.at += 6
        return (unit - 0xd800) * 0x400 + (trail - 0xdc00) + 0x10000
      }
    }
    return unit
  }
}

/**
 * The RE2 form of `source`, which must be a valid ECMA-262 pattern in 'u' mode (the
 * translator relies on that grammar and does not check it again).
 */
export function ecmaToRe2(source: string): Re2Translation {
  try {
    return { ok: true, source: new Translator(source).translate() }
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.reason, fix: error.fix }
    throw error
  }
}
