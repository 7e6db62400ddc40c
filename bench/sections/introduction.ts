// The report's opening: the command, the machine, the runs, and the synthetic workspaces.
import { cpus } from 'node:os'
import type { BenchContext, BenchWorkspaces } from '../context.js'
import { print } from '../report.js'

export function introduction(bench: BenchContext, { valid, broken, injected }: BenchWorkspaces): void {
  print(`## botwire benchmark`)
  print()
  print(
    `Command: \`npm run bench\`${process.argv.length > 2 ? ` (\`${process.argv.slice(2).join(' ')}\`)` : ''}. Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${process.platform}/${process.arch}. Warm-up run first, then the median of ${bench.runs} run${bench.runs === 1 ? '' : 's'}; wall and CPU milliseconds (CPU = user + system of this process, less sensitive to other load than wall time).`,
  )
  print()
  print(
    `Synthetic workspaces (generated, seeded): ${valid.files} definitions (100 interfaces, 400 integrations, 400 plugins, 100 bots), ${(valid.bytes / 1e6).toFixed(2)} MB of YAML, ${(valid.bytes / valid.files / 1024).toFixed(1)} KB per file on average; the broken copy has one semantic error in ${injected} files (${Object.entries(
      broken.errors,
    )
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}).`,
  )
  print()
}
