// The language server's answers (hover, go to definition, references, completion, the
// outline) never throw, wherever the cursor is, in a workspace where random malformed
// definitions stand beside the well-formed notes workspace. In the server a throw is caught
// and answered with an error (robustness.test.ts); here, in-process, it fails the test.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, it } from 'vitest'
import { stringify } from 'yaml'
import { completionAt } from '../../src/lsp/completion.js'
import { documentSymbols } from '../../src/lsp/documentSymbols.js'
import { hoverAt } from '../../src/lsp/hover.js'
import { definitionAt, referencesAt } from '../../src/lsp/navigation.js'
import { buildIndex } from '../../src/lsp/workspaceIndex.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { malformedDefinition } from '../support/malformedDefinitions.js'
import { propertyRuns } from '../support/propertyBudget.js'
import { notesWorkspace } from './workspace.js'

describe('language server answers beside malformed definitions', () => {
  it('never throw, at any place of any file', () => {
    const root = notesWorkspace()
    const definitionsDir = join(root, 'definitions')
    fc.assert(
      fc.property(fc.array(malformedDefinition, { minLength: 1, maxLength: 2 }), fc.boolean(), (definitions, block) => {
        const written = definitions.map((d, i) => {
          const path = join(definitionsDir, `malformed${i}.yaml`)
          // block YAML as people write it, or one flow line
          writeFileSync(path, block ? stringify(d) : JSON.stringify(d))
          return path
        })
        try {
          const index = buildIndex(checkWorkspace({ definitionsDir, builtins: true, cwd: root }))
          for (const [path, file] of index.files) {
            if (file.builtin) continue
            documentSymbols(file)
            for (let offset = 0; offset <= file.text.length; offset += 5) {
              hoverAt(index, path, offset)
              definitionAt(index, path, offset)
              referencesAt(index, path, offset, true)
              completionAt(index, file, offset)
            }
          }
        } finally {
          for (const path of written) rmSync(path)
        }
      }),
      { numRuns: propertyRuns(40), seed: 20261126 },
    )
    rmSync(root, { recursive: true, force: true })
  })
})
