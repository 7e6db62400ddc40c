// JSDoc from titles and descriptions. User text can never close the comment early, and
// an `@` that would start a JSDoc tag (`@deprecated` in a description) is escaped as `\@`,
// which editors' markdown hovers show as a plain `@`. Every control character but the tab
// and the newline is written as an escape (`\x1b`, `\u202e`), as the terminal output
// writes it: a bidi control in a comment would reorder the code a reviewer sees around it
// ("Trojan Source", CVE-2021-42574), and U+2028/U+2029 would end a line no editor shows.
import { escapeSource, holdsControls } from '../diagnostics/render/terminalText.js'

/** Anything `escapeCommentText` would change but control characters (`holdsControls`): most text has none, and one test is cheaper than three replaces. */
const NEEDS_ESCAPE = /\r|\*\/|@/

export function escapeCommentText(text: string): string {
  const escaped = holdsControls(text) ? escapeSource(text.replace(/\r\n?/g, '\n')) : text
  if (!NEEDS_ESCAPE.test(escaped)) return escaped
  return escaped
    .replace(/\r\n?/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/(^|\s)@/g, '$1\\@')
}

function paragraph(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : escapeCommentText(text)
}

export function printDoc(doc: { title?: string; description?: string } | undefined, indent: string): string {
  if (!doc) return ''
  const title = paragraph(doc.title)
  const description = paragraph(doc.description)
  const text = title === undefined ? description : description === undefined ? title : `${title}\n\n${description}`
  if (text === undefined) return ''
  if (!text.includes('\n')) return `${indent}/** ${text.trim()} */\n`
  const lines = text.split('\n')
  return `${indent}/**\n${lines.map((line) => `${indent} *${line.trimEnd() === '' ? '' : ` ${line.trimEnd()}`}`).join('\n')}\n${indent} */\n`
}
