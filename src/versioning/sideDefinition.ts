// One version of a definition as it is compared with another: its spec, its file, and the
// model it was resolved in (a side of `botwire diff`, or the workspace itself when the
// check compares the versions a workspace holds).
import type { DefinitionKind, DefinitionModel } from '../resolve/model.js'
import type { SourceFile } from '../source/sourceFile.js'
import type { DefinitionSpec } from '../validate/definitionTypes.js'
import type { Side } from './types.js'

export interface SideDefinition {
  side: Side
  kind: DefinitionKind
  name: string
  /** the version; a bot without one has 0.0.0 (as in the model) */
  version: string
  /** false for a bot that declares no version */
  versioned: boolean
  spec: DefinitionSpec
  file: SourceFile
  /** the file's path inside the side's folder (its name for a file side) */
  relativePath: string
  /** the resolved definition (null when it could not be placed in the model) */
  model: DefinitionModel | null
}
