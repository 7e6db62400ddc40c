// Type-check cost of generated code: `tsc --extendedDiagnostics` on the committed
// example output, with the same options as tsconfig.generated.json.
import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

export interface TscStats {
  label: string
  command: string
  files: number | null
  types: number | null
  instantiations: number | null
  checkSeconds: number | null
  totalSeconds: number | null
  exitCode: number | null
  errors: string
}

const tscBin = createRequire(import.meta.url).resolve('typescript/bin/tsc')

function stat(output: string, name: string): number | null {
  const match = new RegExp(`^${name}:\\s+([0-9.]+)s?\\s*$`, 'm').exec(output)
  return match ? Number(match[1]) : null
}

export function runTsc(root: string, label: string, project: string): TscStats {
  const result = spawnSync(process.execPath, [tscBin, '-p', project, '--extendedDiagnostics'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const output = `${result.stdout}${result.stderr}`
  return {
    label,
    command: `npx tsc -p ${project} --extendedDiagnostics`,
    files: stat(output, 'Files'),
    types: stat(output, 'Types'),
    instantiations: stat(output, 'Instantiations'),
    checkSeconds: stat(output, 'Check time'),
    totalSeconds: stat(output, 'Total time'),
    exitCode: result.status,
    errors: output
      .split('\n')
      .filter((l) => /error TS\d+/.test(l))
      .slice(0, 5)
      .join('\n'),
  }
}

/**
 * With the options of tsconfig.generated.json: a lib-only baseline (one empty file),
 * every generated file (the example: one small bot, what it uses, the built-ins), and
 * the committed config as is (generated/ plus the usage in test/types/).
 */
export function typecheckGenerated(root: string): TscStats[] {
  const temp = (name: string, config: object): string => {
    const file = `.botwire-tmp-bench-${name}.json`
    writeFileSync(join(root, file), JSON.stringify({ extends: './tsconfig.generated.json', ...config }, null, 2))
    return file
  }
  const emptyFile = '.botwire-tmp-bench-empty.ts'
  writeFileSync(join(root, emptyFile), 'export {}\n')
  const configs = {
    lib: temp('lib', { include: [], files: [emptyFile] }),
    generated: temp('generated', { include: ['generated/**/*.ts'] }),
  }
  try {
    return [
      runTsc(root, 'lib only (empty file; baseline)', configs.lib),
      runTsc(root, 'all of generated/ (example workspace)', configs.generated),
      runTsc(root, 'tsconfig.generated.json (generated/ + test/types/)', 'tsconfig.generated.json'),
    ]
  } finally {
    for (const file of [...Object.values(configs), emptyFile]) rmSync(join(root, file), { force: true })
  }
}
