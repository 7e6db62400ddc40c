// User text in the language server's markdown (hover, completion documentation): a title,
// a description or a name is shown as the text it is, never as markup. A definition may
// come from a pull request, and an editor renders hover markdown: a `[link](command:...)`,
// an `<img>` or a code fence in a description would otherwise be markup the definition's
// author chose. Control characters are written as escapes (`\x1b`, `\u202e`), as in
// generated comments and the terminal, so that no bidi control reorders what is shown.
import { escapeSource, holdsControls } from '../diagnostics/render/terminalText.js'

/** What starts markup in CommonMark (emphasis, code, links, images, HTML, entities, headings, tables, strikethrough): each is backslash-escaped. */
const MARKUP = /[\\`*_[\]()<>#!|~&{}]/g

function withoutControls(text: string): string {
  return holdsControls(text) ? escapeSource(text.replace(/\r\n?/g, '\n')) : text
}

/** `text` as markdown that renders as exactly that text (newlines kept). */
export function plainMarkdown(text: string): string {
  return withoutControls(text).replace(MARKUP, (c) => `\\${c}`)
}

/**
 * `text` in a fenced code block: the fence is longer than any run of backticks the text
 * holds, so that nothing in it (a property named "a```b") closes the block early.
 */
export function markdownCodeBlock(language: string, text: string): string[] {
  const shown = withoutControls(text)
  const longestRun = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(Math.max(3, longestRun + 1))
  return [`${fence}${language}`, shown, fence]
}
