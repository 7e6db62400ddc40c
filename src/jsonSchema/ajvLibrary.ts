// ajv and ajv-formats, loaded on first use: importing them costs about 80 ms in a fresh
// process, and a check whose schemas and configuration values never need a compiled
// validator (most of them: see src/jsonSchema/surelyValid.ts) never pays
// it. A synchronous require keeps validation synchronous; both packages are CommonJS, so
// import and require share one instance.
import { createRequire } from 'node:module'
import type * as AjvModule from 'ajv'
import type addFormats from 'ajv-formats'

const require = createRequire(import.meta.url)

/** The Ajv class. */
export function ajvClass(): typeof AjvModule.Ajv {
  return (require('ajv') as typeof AjvModule).Ajv
}

/** ajv-formats' plugin. */
export function ajvFormatsPlugin(): typeof addFormats.default {
  return (require('ajv-formats') as typeof addFormats).default
}
