// The input of the `scaffold --update` benchmark: a workspace with one integration of 50
// actions, its generated code, an implementation file scaffolded for it and filled in, and
// then a changed definition (3 actions added, 2 removed, 1 interface action renamed).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkWorkspace } from '../src/pipeline/checkWorkspace.js'
import { generateWorkspace } from '../src/pipeline/generateWorkspace.js'
import { buildStub } from '../src/stubs/buildStub.js'
import { newestDefinition, recordOf, saveRecord } from '../src/stubs/implementationFile.js'
import { type StubPlan, stubPlan } from '../src/stubs/stubPlan.js'
import type { TsMorphModule } from '../src/stubs/tsMorph.js'
import { writeOutput } from '../src/write/writeOutput.js'

const OBJECT = '{ schema: { type: object, properties: { id: { type: string, title: Id, description: An id. } }, required: [id] } }'

function action(name: string): string {
  return `  ${name}:\n    title: ${name}\n    description: Does ${name}.\n    input: ${OBJECT}\n    output: ${OBJECT}\n`
}

function integrationYaml(actions: string[], override: string | null): string {
  return [
    'kind: integration\nname: big\nversion: 1.0.0\ntitle: Big\ndescription: An integration of 50 actions.\nentities: {}\n',
    'interfaces:\n  registry:\n    name: registry\n    version: 1.0.0\n    entities: {}\n',
    override === null ? '' : `    actions:\n      ${override}\n`,
    'actions:\n',
    ...actions.map(action),
  ].join('')
}

export interface ScaffoldUpdateInput {
  dir: string
  definitionsDir: string
  generatedDir: string
  outDir: string
  file: string
  /** the file as filled in, and the plan of the changed definition */
  text: string
  plan: StubPlan
  actions: number
}

export function writeScaffoldUpdateInput(dir: string, tsMorph: TsMorphModule): ScaffoldUpdateInput {
  const definitionsDir = join(dir, 'definitions')
  const generatedDir = join(dir, 'generated')
  const outDir = join(dir, 'src')
  mkdirSync(definitionsDir, { recursive: true })
  mkdirSync(outDir, { recursive: true })
  const yaml = join(definitionsDir, 'big.yaml')
  writeFileSync(
    join(definitionsDir, 'registry.yaml'),
    `kind: interface\nname: registry\nversion: 1.0.0\ntitle: Registry\ndescription: Two actions every implementation has.\nentities: {}\nactions:\n${action('lookup')}${action('register')}`,
  )
  const generate = () => {
    const generated = generateWorkspace({ definitionsDir, builtins: false, cache: false, outDir: generatedDir })
    if (generated.files.length === 0)
      throw new Error(`bench: the 50-action integration does not generate: ${generated.diagnostics.map((d) => d.message).join('; ')}`)
    writeOutput(generated.outDir, generated.files)
    return checkWorkspace({ definitionsDir, builtins: false, cache: false }).model
  }
  // the interface brings 2 actions; 48 own ones make 50
  const trimmed = Array.from({ length: 48 }, (_, i) => `action${i + 1}`)
  writeFileSync(yaml, integrationYaml(trimmed, null))
  let model = generate()
  const definition = newestDefinition(model, 'integration', 'big')
  if (!definition) throw new Error('bench: no integration big')
  const plan = stubPlan(definition, model)
  const file = join(outDir, 'big.ts')
  let n = 0
  const text = buildStub(tsMorph, plan, { generatedImport: '../generated/integrations/big/index.js', label: 'src/big.ts' }).replace(
    /\/\/ TODO: implement '[^']*'[^\n]*/g,
    () => `const result = await backend.call('op${++n}', input) // written by hand`,
  )
  writeFileSync(file, text)
  saveRecord(generatedDir, recordOf(generatedDir, file, plan))
  // the definition moves on
  const renamedInterface = plan.actions.find((a) => a.implements !== null)
  const changed = [...trimmed.slice(0, 10), 'added1', ...trimmed.slice(10, 20), 'added2', ...trimmed.slice(22), 'added3']
  const override = renamedInterface?.implements ? `${renamedInterface.implements.split('.')[1]}: { name: renamedByOverride }` : null
  writeFileSync(yaml, integrationYaml(changed, override))
  model = generate()
  const after = newestDefinition(model, 'integration', 'big')
  if (!after) throw new Error('bench: no integration big')
  return { dir, definitionsDir, generatedDir, outDir, file, text, plan: stubPlan(after, model), actions: plan.actions.length }
}
