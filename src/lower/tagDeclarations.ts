// Tag declarations (`user`, `conversation`, `message` settings) as the `definition` constant
// carries them: each key's title, description and annotations, and the settings' own
// annotations; `{ tags: {} }` when nothing is declared (docs/definitions.md#tags).

import { annotationsOf } from '../jsonSchema/annotations.js'
import type { TagSettings } from '../validate/definitionTypes.js'
import type { ConstValue } from './plan.js'
import { documented } from './sources.js'

export function tagDeclarations(settings: TagSettings | undefined): ConstValue {
  const tags = Object.entries(settings?.tags ?? {}).map(([key, tag]): [string, ConstValue] => [key, { ...documented(tag), ...annotationsOf(tag) }])
  return { ...annotationsOf(settings ?? {}), tags: Object.fromEntries(tags) }
}

/** A plugin's or a channel's three kinds of tags, as written. */
export function pluginTagDeclarations(spec: { user?: TagSettings; conversation?: TagSettings; message?: TagSettings }): {
  user: ConstValue
  conversation: ConstValue
  message: ConstValue
} {
  return { user: tagDeclarations(spec.user), conversation: tagDeclarations(spec.conversation), message: tagDeclarations(spec.message) }
}
