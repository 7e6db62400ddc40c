// Section 3, baselines for the design decisions: botwire's types from schemas against
// json-schema-to-typescript (3a), and its text printer against ts-morph (3b), on a subset
// of the valid workspace's modules.
import { emitFile } from '../../src/emit/emitFile.js'
import { botwireTypes, jsttTypes, moduleSchema, typedModules } from '../baselines/jsonSchemaToTs.js'
import { createProject, tsMorphFile } from '../baselines/tsMorph.js'
import type { BenchContext } from '../context.js'
import { measure, ratio } from '../measure.js'
import { fmt, print, progress, table } from '../report.js'
import type { EmissionFigures } from './emission.js'

export async function baselinesSection(bench: BenchContext, { model, plan }: EmissionFigures): Promise<void> {
  if (bench.flags['no-baselines']) return
  progress(`json-schema-to-typescript on ${bench.subset} modules`)
  const modules = typedModules(model, bench.subset)
  const schemas = modules.map((m) => moduleSchema(model, m))
  let botwireBytes = 0
  let jsttBytes = 0
  const bw = await measure(
    bench.runs,
    () => modules.map(botwireTypes),
    (texts) => (botwireBytes = texts.reduce((n, t) => n + t.length, 0)),
  )
  const jstt = await measure(
    bench.runs,
    async () => {
      const texts: string[] = []
      for (const [i, schema] of schemas.entries()) texts.push(await jsttTypes(schema, `Module${i}`))
      return texts
    },
    (texts) => (jsttBytes = texts.reduce((n, t) => n + t.length, 0)),
  )
  const jsttRaw = await measure(bench.runs, async () => {
    for (const [i, schema] of schemas.entries()) await jsttTypes(schema, `Module${i}`, false)
  })
  print(`### 3a. Types from schemas: botwire vs json-schema-to-typescript`)
  print()
  print(
    `${modules.length} modules (${modules.filter((m) => m.definition.kind === 'interface').length} interfaces, ${modules.filter((m) => m.definition.kind === 'integration').length} integrations) of the valid workspace: their entity types and action input/output types. json-schema-to-typescript gets each module as one JSON Schema with entity references lowered to \`$ref\` into \`definitions\` (\`compile(schema, name, { bannerComment: '' })\`, default options, so Prettier formats its output); botwire declares the same types and prints them. Output: botwire ${Math.round(botwireBytes / 1024)} KB, json-schema-to-typescript ${Math.round(jsttBytes / 1024)} KB.`,
  )
  print()
  table(
    ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to botwire'],
    [
      ['baseline: botwire lowering + printing', ...fmt(bw.median), '1×'],
      ['json-schema-to-typescript `compile` (default options)', ...fmt(jstt.median), ratio(jstt.median.cpuMs, bw.median.cpuMs)],
      ['json-schema-to-typescript `compile` with `format: false`', ...fmt(jsttRaw.median), ratio(jsttRaw.median.cpuMs, bw.median.cpuMs)],
    ],
  )

  const moduleFiles = plan.files.filter((f) => f.kind === 'module')
  const step = Math.max(1, Math.round(moduleFiles.length / bench.subset))
  const sample = moduleFiles.filter((_, i) => i % step === 0)
  progress(`ts-morph on ${sample.length} modules`)
  let printedBytes = 0
  let morphBytes = 0
  const printer = await measure(
    bench.runs,
    () => sample.map(emitFile),
    (files) => (printedBytes = files.reduce((n, f) => n + f.text.length, 0)),
  )
  const morph = await measure(
    bench.runs,
    () => {
      const project = createProject()
      return sample.map((f) => tsMorphFile(project, f))
    },
    (texts) => (morphBytes = texts.reduce((n, t) => n + t.length, 0)),
  )
  print(`### 3b. Printing: botwire's text printer vs ts-morph`)
  print()
  print(
    `${sample.length} planned modules (every ${step}${step === 1 ? 'st' : 'th'} module of the valid workspace's plan, all kinds; ${Math.round(printedBytes / 1024)} KB of TypeScript from botwire, ${Math.round(morphBytes / 1024)} KB from ts-morph). ts-morph: one \`project.createSourceFile(path, { statements })\` per module with structures (nested types as writer functions), then \`getFullText()\`, in a fresh in-memory project per run.`,
  )
  print()
  table(
    ['measure', 'wall ms', 'CPU ms', 'ratio (CPU) to botwire'],
    [
      ["baseline: botwire's printer", ...fmt(printer.median), '1×'],
      ['ts-morph `createSourceFile` + `getFullText`', ...fmt(morph.median), ratio(morph.median.cpuMs, printer.median.cpuMs)],
    ],
  )
}
