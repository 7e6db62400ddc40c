/**
 * Every interface of every bot plugin instance is wired exactly once, to an integration
 * interface of the same interface name whose implemented version satisfies the plugin's
 * range and is compatible (caret) with the version the plugin is compiled against
 * (docs/definitions.md#plugin: minor versions only add, a major one may take away); no dependency key names an
 * interface the plugin does not declare.
 */

import { type Diagnostic, diagnostic, type RelatedLocation, relatedLocation } from '../diagnostics/diagnostic.js'
import { closest, listNames, suggestionText } from '../diagnostics/suggest.js'
import { own } from '../jsonSchema/own.js'
import { formatPointer } from '../jsonSchema/pointer.js'
import { locate, locateKey } from '../load/yamlNodes.js'
import { type DefinitionKey, type Model, requireDefinition } from '../resolve/model.js'
import { isPrerelease, satisfiesRange } from '../validate/versions.js'
import { defineCheck } from './check.js'

/**
 * Whether the plugin's range took a pre-release because no release version in the workspace
 * satisfies it (docs/definitions.md#versions-and-ranges): its wiring then accepts the pre-releases in the range as well,
 * as the plugin itself did.
 */
function resolvedToPrerelease(model: Model, interfaceKey: DefinitionKey): boolean {
  const resolved = model.definitions.get(interfaceKey)
  return resolved !== undefined && isPrerelease(resolved.version)
}

export const wiringCheck = defineCheck({
  name: 'Wiring',
  codes: ['BW4005', 'BW4006', 'BW4007', 'BW4008', 'BW4013'],
  kinds: ['bot'],
  run(bot, model) {
    const out: Diagnostic[] = []
    for (const instance of bot.plugins) {
      const plugin = requireDefinition(model, instance.pluginKey, 'plugin')
      const base = formatPointer(['plugins', instance.alias])
      const given = own(bot.spec.plugins, instance.alias)?.dependencies ?? {}
      const declared = plugin.dependencies.map((d) => d.local)
      // a misspelt key ('lm' for 'llm') is reported once, as undeclared with its suggestion below
      const misspelt = new Set(
        Object.keys(given)
          .filter((local) => !declared.includes(local))
          .map((local) => closest(local, declared)),
      )
      for (const dependency of plugin.dependencies) {
        if (Object.hasOwn(given, dependency.local) || misspelt.has(dependency.local)) continue
        out.push(
          diagnostic(
            'BW4007',
            'notWired',
            { plugin: plugin.name, alias: instance.alias, interface: dependency.interfaceName, range: dependency.range, local: dependency.local },
            locateKey(bot.file, Object.keys(given).length > 0 ? `${base}/dependencies` : base),
            {
              path: base,
              related: [relatedLocation('declared', { name: dependency.local }, locate(plugin.file, formatPointer(['interfaces', dependency.local])))],
            },
          ),
        )
      }
      for (const local of Object.keys(given)) {
        if (declared.includes(local)) continue
        const at = `${base}${formatPointer(['dependencies', local])}`
        const list = declared.length > 0 ? `; its interfaces are ${listNames(declared)}` : '; it declares no interfaces'
        const suggestion = closest(local, declared)
        out.push(
          diagnostic(
            'BW4008',
            'undeclaredDependency',
            { plugin: plugin.name, local, didYouMean: suggestionText(suggestion), known: list },
            locateKey(bot.file, at),
            { path: at, suggestion },
          ),
        )
      }
      for (const wire of instance.wiring) {
        const dependency = plugin.dependencies.find((d) => d.local === wire.local)
        const integration = requireDefinition(model, wire.integrationKey, 'integration')
        const implemented = integration.implemented.find((i) => i.alias === wire.integrationInterfaceAlias)
        // an interface the plugin itself could not resolve (BW3004, BW4004) is reported there, not again here
        if (!dependency || !implemented || dependency.interfaceKey === null) continue
        const at = `${base}${formatPointer(['dependencies', wire.local, 'integrationInterfaceAlias'])}`
        // computed only when reported: a location parses the file for positions
        const related = (): RelatedLocation[] => [
          relatedLocation(
            'implementsHere',
            { integration: integration.name, interface: implemented.interfaceName, version: implemented.version },
            locate(integration.file, formatPointer(['interfaces', implemented.alias])),
          ),
        ]
        if (implemented.interfaceName !== dependency.interfaceName) {
          const args = {
            plugin: plugin.name,
            expected: dependency.interfaceName,
            local: wire.local,
            interfaceAlias: wire.integrationInterfaceAlias,
            integration: integration.name,
            actual: implemented.interfaceName,
          }
          out.push(diagnostic('BW4006', 'differentInterface', args, locate(bot.file, at), { path: at, related: related() }))
        } else if (!satisfiesRange(implemented.version, dependency.range, { includePrerelease: resolvedToPrerelease(model, dependency.interfaceKey) })) {
          const args = {
            plugin: plugin.name,
            interface: dependency.interfaceName,
            range: dependency.range,
            integration: integration.name,
            version: implemented.version,
          }
          out.push(diagnostic('BW4005', 'versionOutOfRange', args, locate(bot.file, at), { path: at, related: related() }))
        } else {
          const compiled = model.definitions.get(dependency.interfaceKey)?.version
          if (compiled !== undefined && !satisfiesRange(implemented.version, `^${compiled}`, { includePrerelease: true })) {
            out.push(
              diagnostic(
                'BW4013',
                'incompatibleVersion',
                {
                  plugin: plugin.name,
                  interface: dependency.interfaceName,
                  compiled,
                  range: dependency.range,
                  integration: integration.name,
                  version: implemented.version,
                },
                locate(bot.file, at),
                {
                  path: at,
                  related: [
                    ...related(),
                    relatedLocation(
                      'takesHere',
                      { local: dependency.local, interface: dependency.interfaceName, range: dependency.range },
                      locate(plugin.file, formatPointer(['interfaces', dependency.local, 'version'])),
                    ),
                  ],
                },
              ),
            )
          }
        }
      }
    }
    return out
  },
})
