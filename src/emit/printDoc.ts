// JSDoc from titles and descriptions. User text can never close the comment early, and
// an `@` that would start a JSDoc tag (`@deprecated` in a description) is escaped as `\@`,
// which editors' markdown hovers show as a plain `@`.

export function escapeCommentText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/(^|\s)@/g, '$1\\@')
}

export function printDoc(doc: { title?: string; description?: string } | undefined, indent: string): string {
  if (!doc) return ''
  const paragraphs = [doc.title, doc.description].filter((p): p is string => p !== undefined && p.trim() !== '')
  if (paragraphs.length === 0) return ''
  const lines = paragraphs.map(escapeCommentText).join('\n\n').split('\n')
  if (lines.length === 1) return `${indent}/** ${lines[0]?.trim() ?? ''} */\n`
  return `${indent}/**\n${lines.map((line) => `${indent} *${line.trimEnd() === '' ? '' : ` ${line.trimEnd()}`}`).join('\n')}\n${indent} */\n`
}
