// A standard message with extra fields (docs/definitions.md#standard-messages-message):
// `allOf: [ { $message: TYPE }, { type: object, properties: { ... } } ]`. The runtime
// lowers it to the message's payload opened for exactly the properties the other
// branches declare (src/lower/extendedMessages.ts), so those branches must say their
// properties where the lowering reads them: inline objects that leave closedness to the
// message. Anything else beside a `$message` is BW2039, never a schema the runtime refuses.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js'
import { isRecord } from '../jsonSchema/own.js'
import type { SchemaNode } from '../jsonSchema/types.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import type { SourceFile } from '../source/sourceFile.js'
import { type Defs, topOf } from './namedSchemas.js'

/** The branches of an `allOf` that stand for a standard message written in place. */
function messageBranches(branches: readonly unknown[]): number[] {
  const found: number[] = []
  branches.forEach((branch, i) => {
    if (isRecord(branch) && typeof branch.$message === 'string') found.push(i)
  })
  return found
}

/**
 * A branch that adds fields to the standard message beside it: an object written in place
 * that leaves closedness to the message. Check (below) and the runtime's lowering
 * (src/lower/extendedMessages.ts) read it alike.
 */
export function addsFieldsToMessage(branch: SchemaNode): boolean {
  return (
    isRecord(branch) &&
    branch.type === 'object' &&
    branch.$message === undefined &&
    branch.$ref === undefined &&
    branch.$entity === undefined &&
    branch.additionalProperties === undefined &&
    branch.anyOf === undefined &&
    branch.oneOf === undefined &&
    branch.allOf === undefined
  )
}

/** What keeps a branch beside a `$message` from adding fields to it (at `at`), or undefined when it can. */
function branchProblem(file: SourceFile, branch: unknown, at: string, type: string): Diagnostic | undefined {
  // a branch that is no mapping is a shape error already
  if (!isRecord(branch) || addsFieldsToMessage(branch)) return undefined
  if (typeof branch.$message === 'string') return diagnostic('BW2039', 'secondMessage', { type }, locate(file, at), { path: at })
  if (typeof branch.$ref === 'string' || typeof branch.$entity === 'string')
    return diagnostic('BW2039', 'referencedFields', { type }, locate(file, at), { path: at })
  if (branch.additionalProperties !== undefined) {
    const key = `${at}/additionalProperties`
    return diagnostic('BW2039', 'closedFields', { type }, locateKey(file, key), { path: key })
  }
  return diagnostic('BW2039', 'notInlineObject', { type }, locate(file, at), { path: at })
}

/**
 * Reports, for one `allOf` node, what keeps it from being a standard message with extra
 * fields: a second `$message`, a branch beside the message that is a reference, closed, or
 * not an inline object; and a `$message` reached through `$defs` inside an `allOf` that
 * adds fields (the message would stay closed).
 */
export function checkMessageExtension(file: SourceFile, node: SchemaNode, pointer: string, defs: Defs, out: Diagnostic[]): void {
  const branches = node.allOf
  if (!Array.isArray(branches) || branches.length < 2) return
  const messages = messageBranches(branches)
  if (messages.length === 0) {
    // a message reached through $defs is only a problem where another branch adds fields to it
    if (!branches.some((branch) => isRecord(branch) && isRecord(branch.properties))) return
    branches.forEach((branch, i) => {
      if (!isRecord(branch) || typeof branch.$ref !== 'string') return
      const top = topOf(branch, defs)
      if (top === undefined || typeof top.schema.$message !== 'string') return
      const at = `${pointer}/allOf/${i}/$ref`
      out.push(diagnostic('BW2039', 'messageThroughDefs', { name: top.via ?? '', type: top.schema.$message }, locate(file, at), { path: at }))
    })
    return
  }
  const type = (branches[messages[0] as number] as SchemaNode).$message as string
  branches.forEach((branch, i) => {
    if (i === messages[0]) return
    const problem = branchProblem(file, branch, `${pointer}/allOf/${i}`, type)
    if (problem !== undefined) out.push(problem)
  })
}
