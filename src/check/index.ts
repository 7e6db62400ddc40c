// The semantic checks, in the order they run on a resolved model. A new check is one
// file and one line here.
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { Model } from '../resolve/model.js'
import { checkBotAliases } from './BotAliases.js'
import { checkConfiguration } from './Configuration.js'
import { checkEntityCycles } from './EntityCycle.js'
import { checkEntitiesInhabited } from './EntityInhabited.js'
import { checkEntityExtension } from './EntityExtension.js'
import { checkEntityValues } from './EntityValues.js'
import { checkVersionFileNames } from './VersionFileNames.js'
import { checkWiring } from './Wiring.js'

export type ModelCheck = (model: Model) => Diagnostic[]

export const modelChecks: readonly ModelCheck[] = [checkEntityCycles, checkEntitiesInhabited, checkEntityValues, checkEntityExtension, checkWiring, checkBotAliases, checkConfiguration, checkVersionFileNames]
