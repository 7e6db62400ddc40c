import { parseDocument, LineCounter } from 'yaml'
import { readFileSync } from 'node:fs'
const text = readFileSync(process.argv[2], 'utf8')
const lc = new LineCounter()
const d = parseDocument(text, { lineCounter: lc, uniqueKeys: false, prettyErrors: false })
for (const e of [...d.errors, ...d.warnings]) console.log(e.code, e.pos, JSON.stringify(text.slice(e.pos[0], e.pos[1])), lc.linePos(e.pos[0]), e.message.split('\n')[0])
