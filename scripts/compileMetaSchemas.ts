// Writes src/validate/compiled/metaSchemaValidators.ts from the meta-schemas in schemas/.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { metaSchemaValidatorsSource } from './metaSchemaSource.js'

const target = join(import.meta.dirname, '..', 'src', 'validate', 'compiled', 'metaSchemaValidators.ts')
writeFileSync(target, metaSchemaValidatorsSource())
console.log(`wrote ${target}`)
