// What a plain (unquoted) scalar means under the YAML 1.2 core schema, for the forms on
// which yaml and js-yaml agree: null, booleans, decimal integers and decimals. Other
// number-like forms (0x1F, 0o17, 1e3, +1, 007, 1_000, .inf, -0) are left to the parsers.

/** The answer for a form this module does not decide. */
export const UNDECIDED: unique symbol = Symbol('undecided plain scalar')

const DECIMAL = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/

export function resolvePlainScalar(text: string): unknown {
  switch (text) {
    case '~':
    case 'null':
    case 'Null':
    case 'NULL':
      return null
    case 'true':
    case 'True':
    case 'TRUE':
      return true
    case 'false':
    case 'False':
    case 'FALSE':
      return false
    case '-0':
      return UNDECIDED
  }
  const first = text.charCodeAt(0)
  // digits, '-', '+' and '.' are the only starts of a number
  if ((first >= 48 && first <= 57) || first === 45 || first === 43 || first === 46) {
    if (DECIMAL.test(text)) return Number(text)
    if (looksNumeric(text)) return UNDECIDED
  }
  return text
}

/**
 * Whether a text could be a number to either parser: a superset of the core schema's
 * and js-yaml's number forms (signs, '_' separators, exponents, base prefixes, .inf and
 * .nan). `1.2.3` and `2024-01-01` are not: they are strings to both.
 */
function looksNumeric(text: string): boolean {
  return /^[-+]?(?:[0-9_]*\.?[0-9_]*(?:[eE][-+]?[0-9_]+)?|0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|\.(?:inf|Inf|INF|nan|NaN|NAN))$/.test(text)
}
