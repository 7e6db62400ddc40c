// "6 definitions (1 interface, 2 integrations, 2 plugins, 1 bot) and 7 built-in
// interfaces" for summaries: the workspace's own files first, the built-ins apart, so that
// the count matches the files the user wrote.
import type { Model } from '../resolve/model.js'

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export function describeModel(model: Model): string {
  const own = (list: readonly { builtin: boolean }[]): number => list.filter((d) => !d.builtin).length
  const parts = [
    count(own(model.interfaces), 'interface'),
    count(own(model.integrations), 'integration'),
    count(own(model.plugins), 'plugin'),
    count(own(model.bots), 'bot'),
  ]
  const builtins = [...model.definitions.values()].filter((d) => d.builtin).length
  const withBuiltins = builtins > 0 ? ` and ${count(builtins, 'built-in interface')}` : ''
  return `${count(model.definitions.size - builtins, 'definition')} (${parts.join(', ')})${withBuiltins}`
}
