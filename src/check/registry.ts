// Every semantic check, in the order they run on a resolved model. A new check is one
// file (a `defineCheck`) and one line here; the pipeline, the benchmark and any later tool
// read this list rather than restating it.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { DefinitionModel, Model } from '../resolve/model.js'
import { allOfEntitiesCheck } from './allOfEntities.js'
import { botAliasesCheck } from './botAliases.js'
import { boundMembersCheck } from './boundMembers.js'
import { channelMessageTypesCheck } from './channelMessageTypes.js'
import { channelTagsCheck } from './channelTags.js'
import type { Check } from './check.js'
import { configurationCheck } from './configuration.js'
import { disabledIntegrationsCheck } from './disabledIntegrations.js'
import { entityCycleCheck } from './entityCycle.js'
import { entityExtensionCheck } from './entityExtension.js'
import { entityInhabitedCheck } from './entityInhabited.js'
import { entityValuesCheck } from './entityValues.js'
import { integrationFilesCheck } from './integrationFiles.js'
import { integrationIdentifierCheck } from './integrationIdentifier.js'
import { recurrencesCheck } from './recurrences.js'
import { versionBumpsCheck } from './versionBumps.js'
import { versionFileNamesCheck } from './versionFileNames.js'
import { wiringCheck } from './wiring.js'

export type { Check }

export const CHECKS: readonly Check[] = [
  entityCycleCheck,
  entityInhabitedCheck,
  allOfEntitiesCheck,
  entityValuesCheck,
  entityExtensionCheck,
  boundMembersCheck,
  wiringCheck,
  botAliasesCheck,
  channelTagsCheck,
  channelMessageTypesCheck,
  configurationCheck,
  integrationFilesCheck,
  integrationIdentifierCheck,
  disabledIntegrationsCheck,
  recurrencesCheck,
  versionFileNamesCheck,
  versionBumpsCheck,
]

export interface RunChecksOptions {
  /** the checks to run (default: all of them, in order) */
  checks?: readonly Check[]
  /** the definitions to check (default: every definition of the model, in its order) */
  subjects?: Iterable<DefinitionModel>
  /** runs each check's share of the work; the benchmark times it */
  observe?: (check: Check, run: () => void) => void
}

/** The diagnostics of the checks on the chosen definitions of a resolved model. */
export function runChecks(model: Model, options: RunChecksOptions = {}): Diagnostic[] {
  const subjects = [...(options.subjects ?? model.definitions.values())]
  const out: Diagnostic[] = []
  for (const check of options.checks ?? CHECKS) {
    const run = (): void => {
      for (const definition of subjects) out.push(...check.run(definition, model))
    }
    if (options.observe) options.observe(check, run)
    else run()
  }
  return out
}
