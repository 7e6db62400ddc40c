// The semantic checks, in the order they run on a resolved model. A new check is one
// file and one line here.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { Model } from '../resolve/model.js'
import { checkBotAliases } from './botAliases.js'
import { checkConfiguration } from './configuration.js'
import { checkEntityCycles } from './entityCycle.js'
import { checkEntitiesInhabited } from './entityInhabited.js'
import { checkEntityExtension } from './entityExtension.js'
import { checkEntityValues } from './entityValues.js'
import { checkVersionFileNames } from './versionFileNames.js'
import { checkWiring } from './wiring.js'

export type ModelCheck = (model: Model) => Diagnostic[]

export const modelChecks: readonly ModelCheck[] = [checkEntityCycles, checkEntitiesInhabited, checkEntityValues, checkEntityExtension, checkWiring, checkBotAliases, checkConfiguration, checkVersionFileNames]
