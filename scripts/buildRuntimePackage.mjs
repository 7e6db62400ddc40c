// Builds the @botwire/runtime package (packages/runtime) from the one source tree: tsc
// compiles src/runtime/ and the part of src/jsonSchema/ it imports into
// packages/runtime/dist/, and the message schema the runtime validates with is copied
// beside it (the runtime reads it two folders above its modules, as it does from src/).
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const runtimePackage = join(root, 'packages', 'runtime')
rmSync(join(runtimePackage, 'dist'), { recursive: true, force: true })
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.runtime.json')], { stdio: 'inherit' })
mkdirSync(join(runtimePackage, 'schemas'), { recursive: true })
copyFileSync(join(root, 'schemas', 'messages.schema.json'), join(runtimePackage, 'schemas', 'messages.schema.json'))
