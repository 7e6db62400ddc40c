// The YAML libraries, loaded on first use. yaml, the careful path's parser, costs about
// 65 ms to import in a fresh process, js-yaml about 20 ms; a workspace whose files all
// take the fast path, values and positions, never loads yaml. A synchronous require
// keeps loading synchronous (under require both are CommonJS; nothing in src/ imports
// them as ES modules, so the package has one instance of each).
import { createRequire } from 'node:module'
import type * as JsYaml from 'js-yaml'
import type * as Yaml from 'yaml'

const require = createRequire(import.meta.url)
let loadedYaml: typeof Yaml | undefined
let loadedJsYaml: typeof JsYaml | undefined

export function yamlLibrary(): typeof Yaml {
  loadedYaml ??= require('yaml') as typeof Yaml
  return loadedYaml
}

export function jsYamlLibrary(): typeof JsYaml {
  loadedJsYaml ??= require('js-yaml') as typeof JsYaml
  return loadedJsYaml
}
