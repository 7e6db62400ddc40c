// Where the installed package lives, so that its schemas, built-in definitions and
// templates are found whether botwire runs from sources (tsx), from dist/ or from npm.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('botwire: cannot find its own package folder')
    dir = parent
  }
}

export const packageRoot = findPackageRoot()
export const schemasDir = join(packageRoot, 'schemas')
export const builtinDefinitionsDir = join(packageRoot, 'definitions', 'interfaces')
export const templatesDir = join(packageRoot, 'templates')
/** The example workspace the docs use (`botwire init --example` copies it into a project). */
export const exampleDefinitionsDir = join(packageRoot, 'definitions', 'example')
