/**
 * A bot adds each integration and each plugin at one version only. (Integration and
 * plugin aliases are separate namespaces, as calls keep them apart: `alias:action` and
 * `alias#action`; within one map an alias is a YAML key, unique already.)
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import { type BotModel, requireDefinition } from '../resolve/model.js'
import { defineCheck } from './check.js'

function oneVersionEach(
  bot: BotModel,
  kind: 'integrations' | 'plugins',
  instances: { alias: string; name: string; version: string }[],
  out: Diagnostic[],
): void {
  const first = new Map<string, { alias: string; version: string }>()
  for (const instance of instances) {
    const seen = first.get(instance.name)
    if (!seen) {
      first.set(instance.name, instance)
      continue
    }
    if (seen.version === instance.version) continue
    const at = formatPointer([kind, instance.alias, 'version'])
    out.push(
      diagnostic(
        'BW4010',
        'twoVersions',
        {
          kind: kind === 'integrations' ? 'integration' : 'plugin',
          name: instance.name,
          version: instance.version,
          otherVersion: seen.version,
          otherAlias: seen.alias,
        },
        locate(bot.file, at),
        {
          path: at,
          related: [
            relatedLocation('resolvesTo', { alias: seen.alias, version: seen.version }, locate(bot.file, formatPointer([kind, seen.alias, 'version']))),
          ],
        },
      ),
    )
  }
}

export const botAliasesCheck = defineCheck({
  name: 'BotAliases',
  codes: ['BW4010'],
  kinds: ['bot'],
  run(bot, model) {
    const out: Diagnostic[] = []
    oneVersionEach(
      bot,
      'integrations',
      bot.integrations.map((i) => ({ alias: i.alias, ...pick(requireDefinition(model, i.integrationKey, 'integration')) })),
      out,
    )
    oneVersionEach(
      bot,
      'plugins',
      bot.plugins.map((p) => ({ alias: p.alias, ...pick(requireDefinition(model, p.pluginKey, 'plugin')) })),
      out,
    )
    return out
  },
})

function pick(definition: { name: string; version: string }): { name: string; version: string } {
  return { name: definition.name, version: definition.version }
}
