// Writes src/validate/definitionTypes.generated.ts from the meta-schemas in schemas/.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { definitionTypesSource } from './definitionTypesSource.js'

const target = join(import.meta.dirname, '..', 'src', 'validate', 'definitionTypes.generated.ts')
writeFileSync(target, await definitionTypesSource())
console.log(`wrote ${target}`)
