/**
 * An integration's `icon` and `readme` name files that exist, relative to the folder of
 * the definition file (docs/definitions.md#integration-metadata): a path that names no
 * file (missing, a folder, or absolute) is BW3026 at the value.
 */

import { statSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import type { IntegrationModel } from '../resolve/model.js'
import { defineCheck } from './check.js'

/** What is wrong with the file `integration.spec[key]` names, or undefined when it is a file. */
function fileProblem(integration: IntegrationModel, key: 'icon' | 'readme', path: string): Diagnostic | undefined {
  const at = formatPointer([key])
  const place = locate(integration.file, at)
  if (isAbsolute(path)) return diagnostic('BW3026', 'absolutePath', { key, path }, place, { path: at })
  // a built-in or an unsaved buffer of a new file still has the folder it will live in
  const found = statSync(resolve(dirname(integration.file.absolutePath), path), { throwIfNoEntry: false })
  if (found === undefined) return diagnostic('BW3026', 'missingFile', { key, path }, place, { path: at })
  return found.isFile() ? undefined : diagnostic('BW3026', 'notAFile', { key, path }, place, { path: at })
}

export const integrationFilesCheck = defineCheck({
  name: 'IntegrationFiles',
  codes: ['BW3026'],
  kinds: ['integration'],
  run(integration) {
    const out: Diagnostic[] = []
    for (const key of ['icon', 'readme'] as const) {
      const path = integration.spec[key]
      const problem = typeof path === 'string' ? fileProblem(integration, key, path) : undefined
      if (problem !== undefined) out.push(problem)
    }
    return out
  },
})
