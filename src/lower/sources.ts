// How a generated file names the definition files it comes from: relative to the
// definitions folder, or `botwire/definitions/...` for a built-in outside it. Never an
// absolute path, so that output is the same on every machine.
import { isAbsolute, relative, sep } from 'node:path'
import { packageRoot } from '../load/packageRoot.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { Doc } from './plan.js'

/** each file's name, for the definitions folder it was last named for (watch and the language server name the same files run after run) */
const named = new WeakMap<SourceFile, { definitionsDir: string; name: string }>()

export function sourceName(file: SourceFile, definitionsDir: string): string {
  const known = named.get(file)
  if (known?.definitionsDir === definitionsDir) return known.name
  const name = nameOf(file, definitionsDir)
  named.set(file, { definitionsDir, name })
  return name
}

function nameOf(file: SourceFile, definitionsDir: string): string {
  const inWorkspace = relative(definitionsDir, file.absolutePath)
  if (!inWorkspace.startsWith('..') && !isAbsolute(inWorkspace)) return inWorkspace.split(sep).join('/')
  return `botwire/${relative(packageRoot, file.absolutePath).split(sep).join('/')}`
}

/** The `title` and `description` of a definition or member, where given, for a `definition` constant. */
export function documented(spec: { title?: string; description?: string }): { title?: string; description?: string } {
  const fields: { title?: string; description?: string } = {}
  if (spec.title !== undefined) fields.title = spec.title
  if (spec.description !== undefined) fields.description = spec.description
  return fields
}

/**
 * The JSDoc of a module's main declaration (the `Integration`, `Plugin` or `Bot` class, an
 * interface's `Actions`): the definition's own title and description, then what the
 * declaration is. printDoc escapes all of it, as every user text.
 */
export function definitionDoc(spec: { title?: string; description?: string }, what: string): Doc {
  const description = spec.description !== undefined && spec.description.trim() !== '' ? `${spec.description.trimEnd()}\n\n${what}` : what
  return spec.title !== undefined ? { title: spec.title, description } : { description }
}
