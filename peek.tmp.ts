import { readdirSync } from 'node:fs'
import { diff } from './src/diff/index.js'
const root = '/work/main/test/fixtures/diff'
for (const c of readdirSync(root).sort()) {
  for (const dir of ['fwd', 'rev']) {
    const [o, n] = dir === 'fwd' ? ['old', 'new'] : ['new', 'old']
    const r = diff({ old: `${root}/${c}/${o}`, new: `${root}/${c}/${n}`, cwd: root })
    const lines = r.definitions.filter(d => d.status !== 'unchanged' || c.startsWith('enforce') || c === 'unchanged').map(d => `${d.kind}/${d.name} ${d.status} level=${d.level} req=${d.required} decl=${d.declared} ok=${d.ok}${d.problem ? ' P:' + d.problem : ''}\n` + d.changes.map(ch => `     ${ch.level} ${ch.path} ${ch.file}:${ch.line}:${ch.column} ${ch.message}${ch.undecidable ? ' [U]' : ''}`).join('\n') + (d.notes.length ? '\n     notes: ' + d.notes.join(' | ') : ''))
    console.log(`== ${c} ${dir}${r.diagnostics.length ? ' diags=' + r.diagnostics.map(d => d.code + ' ' + d.message).join(';') : ''}\n  ${lines.join('\n  ')}`)
    if (c.startsWith('enforce')) break
  }
}
