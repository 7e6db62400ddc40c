// Text a definition controls (a key, a name, a value, a file name, a line of source) as a
// terminal will show it: every character a terminal obeys rather than shows is written as
// an escape, so that a definition cannot move the cursor, clear the screen, recolor the
// output, make a hyperlink, overwrite a line (\r) or reorder what is shown (bidi controls,
// "Trojan Source"). docs/cli.md#what-the-output-shows-of-a-definition lists the characters.
//
// Escaped: C0 controls (U+0000-U+001F) but the tab, DEL (U+007F), C1 controls
// (U+0080-U+009F), the bidi marks, embeddings, overrides and isolates (U+061C, U+200E,
// U+200F, U+202A-U+202E, U+2066-U+2069), and the line and paragraph separators (U+2028,
// U+2029). A newline is escaped in text shown on one line (`escapeControls`), and kept
// in source lines (`escapeSource`), where it ends a line; so is the \r of a CRLF pair.

/** Every character escaped in text shown on one line (a message, a file name). */
const CONTROL = /[\0-\x08\n-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/** The same in source text, but for the newline and the \r before one. */
const CONTROL_IN_SOURCE = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g

/** The same, to ask whether a text holds any (a global pattern's `test` would keep state between calls). */
const ANY_CONTROL_IN_SOURCE = new RegExp(CONTROL_IN_SOURCE.source)

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r' }

function escapeOne(character: string): string {
  const named = NAMED[character]
  if (named !== undefined) return named
  const code = character.charCodeAt(0)
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`
}

/** Text shown on one line: every control character, newlines too, as an escape (`\x1b`, `\n`, `\u202e`). */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escapeOne)
}

/** Source text shown as lines (a code frame): every control character as an escape, but the line breaks (\n, \r\n). */
export function escapeSource(text: string): string {
  return text.replace(CONTROL_IN_SOURCE, escapeOne)
}

/** Whether a source text holds a character `escapeSource` escapes: most texts hold none, and are shown as they are. */
export function holdsControls(text: string): boolean {
  return ANY_CONTROL_IN_SOURCE.test(text)
}

/** Characters JSON.stringify writes as they are, though a terminal obeys them: DEL, C1, bidi controls, U+2028 and U+2029. */
const RAW_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

/**
 * A value as JSON text that a terminal shows as it is: JSON.stringify's, with the control
 * characters it leaves raw written as \u escapes too. They can only be inside strings, so
 * the text parses to the same value.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
