// Which files a workspace generates: .gitattributes, messages.ts, a module per version of every
// workspace definition and of every built-in some definition uses (all built-ins when
// the workspace is the package's own definitions/), and an index per name.

import { present } from '../jsonSchema/invariant.js'
import type { DefinitionKey, DefinitionModel, Model } from '../resolve/model.js'
import { compareVersions, isPrerelease } from '../validate/versions.js'
import { lowerBot } from './lowerBot.js'
import { lowerIntegration } from './lowerIntegration.js'
import { lowerInterface } from './lowerInterface.js'
import { lowerMessages } from './lowerMessages.js'
import { lowerPlugin } from './lowerPlugin.js'
import { modulePath } from './moduleBuilder.js'
import type { EmitPlan, PlannedFile } from './plan.js'
import { sourceName } from './sources.js'

function usedBuiltins(model: Model): Set<string> {
  const used = new Set<string>()
  for (const integration of model.integrations) for (const i of integration.implemented) used.add(i.interfaceKey)
  for (const plugin of model.plugins) for (const d of plugin.dependencies) if (d.interfaceKey) used.add(d.interfaceKey)
  return used
}

/** docs/definitions.md#versions-and-ranges: where a rule says "highest", a pre-release wins only when no release exists. */
function higher(a: string, b: string): boolean {
  const aRelease = !isPrerelease(a)
  const bRelease = !isPrerelease(b)
  if (aRelease !== bRelease) return aRelease
  return compareVersions(a, b) > 0
}

export interface LowerOptions {
  definitionsDir: string
  /** emit every built-in, used or not (the package's own workspace) */
  allBuiltins: boolean
}

/**
 * One file of the plan, lowered when asked. Generation lowers and prints one file at a
 * time, so the plan of a whole workspace (tens of MB of objects for 1,000 definitions)
 * never lives at once: short-lived plans die young, where collecting them is cheap.
 */
export interface FileToLower {
  path: string
  /** the definition whose module it is (none for the shared files and the indexes) */
  definition?: DefinitionKey
  /** for a file that is no definition's module: everything it is made from, as one text (same text, same file) */
  inputs?: string
  lower(): PlannedFile
}

/** Every file the workspace generates, in path order, each still to be lowered. */
export function filesToLower(model: Model, options: LowerOptions): FileToLower[] {
  const used = usedBuiltins(model)
  const emitted: DefinitionModel[] = [...model.definitions.values()].filter((d) => !d.builtin || options.allBuiltins || used.has(d.key))
  const dir = options.definitionsDir
  const attributes: PlannedFile = { kind: 'gitattributes', path: '.gitattributes' }
  const files: FileToLower[] = [
    { path: attributes.path, inputs: '', lower: () => attributes },
    { path: 'messages.ts', inputs: '', lower: lowerMessages },
  ]
  for (const definition of emitted) {
    const path = modulePath(definition.kind, definition.name, definition.version)
    const key = definition.key
    if (definition.kind === 'interface') files.push({ path, definition: key, lower: () => lowerInterface(model, definition, dir) })
    else if (definition.kind === 'integration') files.push({ path, definition: key, lower: () => lowerIntegration(model, definition, dir) })
    else if (definition.kind === 'plugin') files.push({ path, definition: key, lower: () => lowerPlugin(model, definition, dir) })
    else files.push({ path, definition: key, lower: () => lowerBot(model, definition, dir) })
  }
  const highest = new Map<string, DefinitionModel>()
  for (const definition of emitted) {
    const key = `${definition.kind}s/${definition.name}`
    const current = highest.get(key)
    if (!current || higher(definition.version, current.version)) highest.set(key, definition)
  }
  for (const [folder, definition] of highest) {
    const index: PlannedFile = {
      kind: 'index',
      path: `${folder}/index.ts`,
      sources: [sourceName(definition.file, dir)],
      reexport: `./${present(modulePath(definition.kind, definition.name, definition.version).split('/').pop(), 'a split path has a last part').replace(/\.ts$/, '.js')}`,
    }
    files.push({ path: index.path, inputs: `${index.sources.join('\n')}\n${index.reexport}`, lower: () => index })
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** The whole plan at once (tests and the benchmark look at it; generation goes file by file). */
export function lowerModel(model: Model, options: LowerOptions): EmitPlan {
  return { files: filesToLower(model, options).map((file) => file.lower()) }
}
