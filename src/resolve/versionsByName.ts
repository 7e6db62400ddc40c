// The versions of each definition name in a model, found once per model: the version
// checks ask, for every definition, for the version below it and for a version that
// differs from it only in letter case, and a walk of every definition for each made
// `check` quadratic in the number of definitions (20,000 took minutes). A check asks here
// only about its own kind and name, as the incremental engine expects (src/README.md).
import { compareVersions } from '../validate/versions.js'
import type { DefinitionModel, Model } from './model.js'

interface NameVersions {
  /** ascending */
  sorted: DefinitionModel[]
  /** each version folded to lower case -> the first definition with it, in the model's order */
  firstFolded: Map<string, DefinitionModel>
}

const indexes = new WeakMap<Model, Map<string, NameVersions>>()

function versionsOfName(model: Model, definition: DefinitionModel): NameVersions | undefined {
  let index = indexes.get(model)
  if (!index) {
    index = new Map()
    for (const other of model.definitions.values()) {
      const key = `${other.kind}/${other.name}`
      let versions = index.get(key)
      if (!versions) {
        versions = { sorted: [], firstFolded: new Map() }
        index.set(key, versions)
      }
      versions.sorted.push(other)
      const folded = other.version.toLowerCase()
      if (!versions.firstFolded.has(folded)) versions.firstFolded.set(folded, other)
    }
    for (const versions of index.values()) versions.sorted.sort((a, b) => compareVersions(a.version, b.version))
    indexes.set(model, index)
  }
  return index.get(`${definition.kind}/${definition.name}`)
}

/** The highest version below `definition`'s of the same kind and name, if the model holds one. */
export function nextLowerVersion(definition: DefinitionModel, model: Model): DefinitionModel | undefined {
  const sorted = versionsOfName(model, definition)?.sorted ?? []
  // binary search for the last version lower than the definition's
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compareVersions((sorted[middle] as DefinitionModel).version, definition.version) < 0) low = middle + 1
    else high = middle
  }
  return low > 0 ? sorted[low - 1] : undefined
}

/** The first definition in the model's order of the same kind and name whose version differs from `definition`'s only in letter case, if it comes before it. */
export function earlierCaseVariant(definition: DefinitionModel, model: Model): DefinitionModel | undefined {
  const first = versionsOfName(model, definition)?.firstFolded.get(definition.version.toLowerCase())
  return first === definition ? undefined : first
}
