// Every YAML file of the repository's definitions and test fixtures: the corpus the
// parser agreement tests run on.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')

function yamlFilesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return yamlFilesBelow(path)
    return /\.ya?ml$/.test(name) ? [path] : []
  })
}

export function repositoryYamlFiles(): string[] {
  return [...yamlFilesBelow(join(root, 'definitions')), ...yamlFilesBelow(join(root, 'test', 'fixtures'))]
}
