// The layering rules of src/ (.dependency-cruiser.cjs) hold, and they can fail: an import
// that breaks one is reported under the rule's name.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cruise, type ICruiseOptions, type IFlattenedRuleSet, type IReporterOutput } from 'dependency-cruiser'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../pipeline/validFixtures.js'

const require = createRequire(import.meta.url)
const config = require(join(repoRoot, '.dependency-cruiser.cjs')) as { forbidden: NonNullable<IFlattenedRuleSet['forbidden']>; options: ICruiseOptions }

interface Violation {
  rule: { name: string }
  from: string
  to: string
}

async function violations(root: string, cache?: ICruiseOptions['cache']): Promise<Violation[]> {
  const previous = process.cwd()
  process.chdir(root)
  try {
    const result: IReporterOutput = await cruise(['src'], {
      ...config.options,
      ...(cache === undefined ? {} : { cache }),
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsConfig: { fileName: join(repoRoot, 'tsconfig.json') },
    })
    if (typeof result.output === 'string') throw new Error('expected a cruise result')
    return result.output.summary.violations.map((v) => ({ rule: { name: v.rule.name }, from: v.from, to: v.to }))
  } finally {
    process.chdir(previous)
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'botwire-layers-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('layers', () => {
  it('src/ keeps every rule', async () => {
    // dependency-cruiser's own cache, by the files' contents and the rules: a run over unchanged
    // sources reads the last result instead of parsing every file again
    expect(await violations(repoRoot, { folder: join(repoRoot, 'node_modules', '.cache', 'dependency-cruiser'), strategy: 'content' })).toEqual([])
  })

  it('an import against a rule fails, named by the rule', async () => {
    const root = join(scratch, 'broken')
    mkdirSync(join(root, 'src'), { recursive: true })
    for (const folder of ['jsonSchema', 'check', 'cli', 'runtime', 'load', 'stores', 'host']) mkdirSync(join(root, 'src', folder))
    writeFileSync(join(root, 'src/check/rule.ts'), 'export const rule = 1\n')
    writeFileSync(join(root, 'src/cli/print.ts'), 'export const print = 1\n')
    writeFileSync(join(root, 'src/jsonSchema/core.ts'), "import { rule } from '../check/rule.js'\nexport const core = rule\n")
    writeFileSync(join(root, 'src/runtime/run.ts'), "import { print } from '../load/read.js'\nexport const run = print\n")
    writeFileSync(join(root, 'src/load/read.ts'), "import { print } from '../cli/print.js'\nimport { run } from '../runtime/run.js'\nexport { print, run }\n")
    // a store that reaches into the compiler, and a compiler file that imports a store
    writeFileSync(join(root, 'src/stores/store.ts'), "import { rule } from '../check/rule.js'\nexport const store = rule\n")
    writeFileSync(join(root, 'src/check/usesStore.ts'), "import { store } from '../stores/store.js'\nexport const uses = store\n")
    // the host reaching into a store, and a compiler file that imports the host
    writeFileSync(join(root, 'src/host/serve.ts'), "import { store } from '../stores/store.js'\nexport const serve = store\n")
    writeFileSync(join(root, 'src/check/usesHost.ts'), "import { serve } from '../host/serve.js'\nexport const uses = serve\n")
    cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'))
    const found = await violations(root)
    const rules = (from: string): string[] =>
      found
        .filter((v) => v.from === from)
        .map((v) => v.rule.name)
        .sort()
    expect(rules('src/jsonSchema/core.ts')).toEqual(['core-imports-nothing', 'layer-jsonSchema'])
    // read.ts also imports a file inside the runtime, not the runtime's package
    expect(rules('src/load/read.ts')).toEqual(['compiler-imports-the-runtime-package', 'layer-load', 'no-circular', 'no-pass-imports-cli'])
    expect(rules('src/runtime/run.ts')).toEqual(['runtime-depends-on-core-alone'])
    expect(rules('src/stores/store.ts')).toEqual(['stores-import-the-runtime-alone'])
    expect(rules('src/check/usesStore.ts')).toEqual(['nothing-imports-the-stores'])
    expect(rules('src/host/serve.ts')).toEqual(['host-imports-the-runtime-alone', 'nothing-imports-the-stores'])
    expect(rules('src/check/usesHost.ts')).toEqual(['nothing-imports-the-host'])
  })
})
