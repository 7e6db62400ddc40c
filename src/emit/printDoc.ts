// JSDoc from titles and descriptions. User text can never close the comment early, and
// an `@` that would start a JSDoc tag (`@deprecated` in a description) is escaped as `\@`,
// which editors' markdown hovers show as a plain `@`. Every control character but the tab
// and the newline is written as an escape (`\x1b`, `\u202e`), as the terminal output
// writes it: a bidi control in a comment would reorder the code a reviewer sees around it
// ("Trojan Source", CVE-2021-42574), and U+2028/U+2029 would end a line no editor shows.
// A lone surrogate (a YAML "\ud800") is written as an escape too: it has no UTF-8, so the
// file would hold U+FFFD and never be the text generate makes (`generate --check` stale).
import { escapeSource, holdsControls } from '../diagnostics/render/terminalText.js'

/** A UTF-16 surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** The same, to ask whether a text holds one (a global pattern's `test` would keep state between calls). */
const ANY_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source)

function escapeLoneSurrogates(text: string): string {
  return ANY_LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`) : text
}

/** Anything `escapeCommentText` would change but control characters (`holdsControls`): most text has none, and one test is cheaper than three replaces. */
const NEEDS_ESCAPE = /\r|\*\/|@/

export function escapeCommentText(text: string): string {
  const escaped = escapeLoneSurrogates(holdsControls(text) ? escapeSource(text.replace(/\r\n?/g, '\n')) : text)
  if (!NEEDS_ESCAPE.test(escaped)) return escaped
  return escaped
    .replace(/\r\n?/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/(^|\s)@/g, '$1\\@')
}

function paragraph(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : escapeCommentText(text)
}

/** One line of a comment block, its end trimmed: ` *` alone for a blank line, so that no line ends in a space. */
function docLine(trimmed: string, indent: string): string {
  return trimmed === '' ? `${indent} *\n` : `${indent} * ${trimmed}\n`
}

function writeLine(line: string, indent: string, out: string[]): void {
  out.push(docLine(line.trimEnd(), indent))
}

function writeLines(text: string, indent: string, out: string[]): void {
  if (!text.includes('\n')) writeLine(text, indent, out)
  else for (const line of text.split('\n')) writeLine(line, indent, out)
}

/** The doc comment, pushed onto `out` (one list for a whole file, joined once: emit/emitFile.ts). */
export function writeDoc(doc: { title?: string; description?: string } | undefined, indent: string, out: string[]): void {
  if (!doc) return
  const title = paragraph(doc.title)
  const description = paragraph(doc.description)
  if (title === undefined && description === undefined) return
  const single = title === undefined ? description : description === undefined ? title : undefined
  if (single !== undefined && !single.includes('\n')) {
    out.push(`${indent}/** ${single.trim()} */\n`)
    return
  }
  if (title !== undefined && description !== undefined && !title.includes('\n') && !description.includes('\n')) {
    // the common block (a title and a description of a line each) as one chunk
    const titleLine = title.trimEnd()
    const descriptionLine = description.trimEnd()
    out.push(`${indent}/**\n${docLine(titleLine, indent)}${indent} *\n${docLine(descriptionLine, indent)}${indent} */\n`)
    return
  }
  out.push(`${indent}/**\n`)
  // a title and a description are two paragraphs: a blank line between them
  if (title !== undefined) writeLines(title, indent, out)
  if (title !== undefined && description !== undefined) out.push(`${indent} *\n`)
  if (description !== undefined) writeLines(description, indent, out)
  out.push(`${indent} */\n`)
}

export function printDoc(doc: { title?: string; description?: string } | undefined, indent: string): string {
  const out: string[] = []
  writeDoc(doc, indent, out)
  return out.join('')
}
