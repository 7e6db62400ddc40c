// yaml, the careful path's parser, loaded on first use: importing it costs about 65 ms in
// a fresh process, and a workspace whose files all take the fast path, with positions
// from js-yaml's events, never needs it. A synchronous require keeps loading synchronous
// (yaml is CommonJS under Node, so import and require share one instance).
import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'

const require = createRequire(import.meta.url)
let loaded: typeof Yaml | undefined

export function yamlLibrary(): typeof Yaml {
  return (loaded ??= require('yaml') as typeof Yaml)
}
