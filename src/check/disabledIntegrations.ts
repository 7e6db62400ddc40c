/**
 * A plugin instance wired to an integration the bot disables (`enabled: false`) cannot
 * reach it: every call it makes through that dependency is refused at run time with
 * INTEGRATION_DISABLED (docs/runtime.md#disabled-integrations). A warning (BW4033) at the
 * wiring's `integrationAlias`, pointing at the `enabled: false`: disabling an integration
 * for a while is legitimate, and the bot still builds.
 */

import { type Diagnostic, diagnostic, relatedLocation } from '../diagnostics/diagnostic.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate } from '../load/yamlNodes.js'
import { defineCheck } from './check.js'

export const disabledIntegrationsCheck = defineCheck({
  name: 'DisabledIntegrations',
  codes: ['BW4033'],
  kinds: ['bot'],
  run(bot) {
    const out: Diagnostic[] = []
    const disabled = new Set(bot.integrations.filter((i) => own(bot.spec.integrations, i.alias)?.enabled === false).map((i) => i.alias))
    if (disabled.size === 0) return out
    for (const instance of bot.plugins) {
      for (const wiring of instance.wiring) {
        if (!disabled.has(wiring.integrationAlias)) continue
        const at = formatPointer(['plugins', instance.alias, 'dependencies', wiring.local, 'integrationAlias'])
        const off = formatPointer(['integrations', wiring.integrationAlias, 'enabled'])
        out.push(
          diagnostic('BW4033', 'wiredToDisabled', { plugin: instance.alias, local: wiring.local, alias: wiring.integrationAlias }, locate(bot.file, at), {
            path: at,
            related: [relatedLocation('disabledHere', { alias: wiring.integrationAlias }, locate(bot.file, off))],
          }),
        )
      }
    }
    return out
  },
})
