// Node trees as the tests compare them: every key and node as `pointer kind start-end`,
// and where `locate` and `locateKey` point for every pointer, as diagnostics see them.

import { joinPointer } from '../../src/jsonSchema/pointer.js'
import { unparsedSourceFile } from '../../src/load/sourceFiles.js'
import { locate, locateKey } from '../../src/load/yamlNodes.js'
import type { SourceNode } from '../../src/source/sourceNodes.js'

/** Every key and node as `pointer kind start-end` (collections by their start). */
export function spans(node: SourceNode | null, pointer = ''): string[] {
  if (!node) return ['(none)']
  const own = `${pointer} ${node.kind} ${node.start}${node.kind === 'scalar' ? `-${node.end}` : ''}`
  if (node.kind === 'mapping')
    return [
      own,
      ...[...node.entries].flatMap(([key, entry]) => [`${pointer}/${key} key ${entry.key.start}-${entry.key.end}`, ...spans(entry.value, `${pointer}/${key}`)]),
    ]
  if (node.kind === 'sequence') return [own, ...node.items.flatMap((item, i) => spans(item, `${pointer}/${i}`))]
  return [own]
}

function pointers(node: SourceNode | null, pointer = ''): string[] {
  if (node?.kind === 'mapping') return [pointer, ...[...node.entries].flatMap(([key, entry]) => pointers(entry.value, joinPointer(pointer, key)))]
  if (node?.kind === 'sequence') return [pointer, ...node.items.flatMap((item, i) => pointers(item, joinPointer(pointer, i)))]
  return [pointer]
}

/** Where `locate` and `locateKey` point for every pointer of `reference` (and one past it), with the tree `nodes`. */
export function locations(text: string, nodes: SourceNode | null, reference: SourceNode | null): string[] {
  const file = { ...unparsedSourceFile('/x.yaml', 'x.yaml', false, text), nodes }
  return pointers(reference).flatMap((pointer) => {
    const at = locate(file, pointer)
    const key = locateKey(file, pointer)
    const beyond = locate(file, `${pointer}/missing`)
    return [`${pointer} ${at.start}-${at.end} key ${key.start}-${key.end} beyond ${beyond.start}-${beyond.end}`]
  })
}
