// The example workspace the docs use (docs/generated-code.md, docs/runtime.md): the files of
// the package's definitions/example/, as `botwire init --example` writes them into a
// project's definitions folder, each with its $schema modeline pointing at the installed
// meta-schema (in the package, the modeline points at the package's own schemas/).
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { present } from '../jsonSchema/invariant.js'
import { exampleDefinitionsDir } from '../load/packageRoot.js'

export interface ExampleFile {
  /** the file's path inside the definitions folder, with `/` separators (`bots/support-bot.yaml`) */
  path: string
  /** the kind its first line's modeline names (`bot`), which picks the meta-schema */
  kind: string
  /** the text after the modeline */
  body: string
}

const MODELINE = /^# yaml-language-server: \$schema=\S*\/(interface|integration|plugin|bot)\.schema\.json\n/

/** The example's files, interfaces first, then integrations, plugins and bots (the order a reader meets them in). */
/** The folder a path of the example starts with (`bots` of `bots/support-bot.yaml`). */
function firstSegment(path: string): string {
  return present(path.split('/')[0], 'a split string has a first part')
}

export function exampleFiles(): ExampleFile[] {
  const order = ['interfaces', 'integrations', 'plugins', 'bots']
  return readdirSync(exampleDefinitionsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => {
      const path = relative(exampleDefinitionsDir, join(entry.parentPath, entry.name)).split(sep).join('/')
      const text = readFileSync(join(entry.parentPath, entry.name), 'utf8')
      const modeline = MODELINE.exec(text)
      // the package's own files: a missing modeline is a packaging mistake, not the user's
      if (modeline?.[1] === undefined) throw new Error(`botwire: the example file ${path} does not start with a $schema modeline`)
      return { path, kind: modeline[1], body: text.slice(modeline[0].length) }
    })
    .sort((a, b) => order.indexOf(firstSegment(a.path)) - order.indexOf(firstSegment(b.path)) || a.path.localeCompare(b.path))
}
