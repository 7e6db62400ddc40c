// The fenced code blocks of a docs page, for the tests that run or check what the pages show.

/** A fenced code block of a page: its language (`''` when none), its text, where it is. */
export interface CodeBlock {
  language: string
  text: string
  /** the 1-based line of its opening fence */
  line: number
  /** the `## ` heading it stands under (`''` before the first) */
  section: string
}

/** Every fenced code block of a Markdown page, in order. */
export function codeBlocks(page: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  let section = ''
  let open: { language: string; line: number; lines: string[] } | null = null
  page.split('\n').forEach((text, index) => {
    if (open !== null) {
      if (text === '```') {
        blocks.push({ language: open.language, text: open.lines.map((l) => `${l}\n`).join(''), line: open.line, section })
        open = null
      } else open.lines.push(text)
      return
    }
    const fence = /^```(\w*)$/.exec(text)
    if (fence) open = { language: fence[1] ?? '', line: index + 1, lines: [] }
    else if (text.startsWith('## ')) section = text.slice(3)
  })
  return blocks
}

/** The shell lines of a block, empty ones left out. */
export function shellLines(block: CodeBlock): string[] {
  return block.text.split('\n').filter((line) => line.trim() !== '')
}
