// "12 definitions (7 interfaces, 2 integrations, 2 plugins, 1 bot)" for summaries.
import type { Model } from '../resolve/model.js'

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

export function describeModel(model: Model): string {
  const parts = [
    count(model.interfaces.length, 'interface'),
    count(model.integrations.length, 'integration'),
    count(model.plugins.length, 'plugin'),
    count(model.bots.length, 'bot'),
  ]
  return `${count(model.definitions.size, 'definition')} (${parts.join(', ')})`
}
