// The wiring of a bot's plugins (src/check/wiring.ts) beyond the fixtures' one dependency
// each: several dependencies and interfaces, a plugin that declares none, pre-release
// versions on either side. A mutation run found these untested (docs/testing.md#mutation-testing).
import { describe, it } from 'vitest'
import { expectDiagnostics } from '../support/checkHarness.js'

const iface = (name: string, version: string): string => `kind: interface\nname: ${name}\nversion: ${version}\nentities: {}\nactions: {}\n`

/** An integration implementing `interfaces` (alias -> [name, version]). */
function integration(interfaces: Record<string, [string, string]>): string {
  const lines = Object.entries(interfaces).map(([alias, [name, version]]) => `  ${alias}: { name: ${name}, version: ${version}, entities: {} }\n`)
  return `kind: integration\nname: acme\nversion: 1.0.0\nactions: {}\ninterfaces:\n${lines.join('')}`
}

/** A plugin taking `interfaces` (local -> [name, range]). */
function plugin(interfaces: Record<string, [string, string]>): string {
  const lines = Object.entries(interfaces).map(([local, [name, range]]) => `  ${local}: { name: ${name}, version: '${range}' }\n`)
  return `kind: plugin\nname: helper\nversion: 1.0.0\nactions: {}\n${lines.length > 0 ? `interfaces:\n${lines.join('')}` : ''}`
}

/** A bot with acme and helper, helper's dependencies wired (local -> acme's alias). */
function bot(wires: Record<string, string>): string {
  const lines = Object.entries(wires).map(([local, alias]) => `      ${local}: { integrationAlias: acme, integrationInterfaceAlias: ${alias} }\n`)
  return `kind: bot\nname: bot\nintegrations:\n  acme:\n    integration: acme\n    version: 1.0.0\nplugins:\n  helper:\n    plugin: helper\n    version: 1.0.0\n    dependencies:\n${lines.join('') || '      {}\n'}`
}

describe('the wiring of a bot’s plugins', () => {
  it('wires each dependency to its own interface of the integration', () => {
    const files = {
      'llm.yaml': iface('llm', '1.0.0'),
      'storage.yaml': iface('storage', '1.0.0'),
      'acme.yaml': integration({ llm: ['llm', '1.0.0'], storage: ['storage', '1.0.0'] }),
      'helper.yaml': plugin({ llm: ['llm', '^1.0.0'], storage: ['storage', '^1.0.0'] }),
    }
    expectDiagnostics({ ...files, 'bot.yaml': bot({ llm: 'llm', storage: 'storage' }) }).toEqual([])
  })

  it('BW4007 points at the dependencies given when some are', () => {
    const files = {
      'llm.yaml': iface('llm', '1.0.0'),
      'storage.yaml': iface('storage', '1.0.0'),
      'acme.yaml': integration({ llm: ['llm', '1.0.0'], storage: ['storage', '1.0.0'] }),
      'helper.yaml': plugin({ llm: ['llm', '^1.0.0'], storage: ['storage', '^1.0.0'] }),
    }
    expectDiagnostics({ ...files, 'bot.yaml': bot({ llm: 'llm' }) }).toMatchObject([
      {
        file: 'bot.yaml',
        line: 11,
        column: 5,
        code: 'BW4007',
        path: '/plugins/helper',
        message:
          "plugin 'helper' (alias 'helper') depends on interface 'storage' ^1.0.0 as 'storage', which is not wired; add dependencies.storage: { integrationAlias, integrationInterfaceAlias }",
      },
    ])
  })

  it('BW4008 says when the plugin declares no interfaces', () => {
    const files = { 'llm.yaml': iface('llm', '1.0.0'), 'acme.yaml': integration({ llm: ['llm', '1.0.0'] }), 'helper.yaml': plugin({}) }
    expectDiagnostics({ ...files, 'bot.yaml': bot({ llm: 'llm' }) }).toMatchObject([
      {
        file: 'bot.yaml',
        line: 12,
        column: 7,
        code: 'BW4008',
        path: '/plugins/helper/dependencies/llm',
        message: "plugin 'helper' has no interface 'llm' to wire; it declares no interfaces",
      },
    ])
  })

  it('a range that resolved to a release does not take a pre-release from the integration (BW4005)', () => {
    const files = {
      'llm-1.0.0.yaml': iface('llm', '1.0.0'),
      'llm-1.1.0-rc.1.yaml': iface('llm', '1.1.0-rc.1'),
      'acme.yaml': integration({ llm: ['llm', '1.1.0-rc.1'] }),
      'helper.yaml': plugin({ llm: ['llm', '^1.0.0'] }),
    }
    expectDiagnostics({ ...files, 'bot.yaml': bot({ llm: 'llm' }) }).toMatchObject([{ file: 'bot.yaml', line: 12, column: 65, code: 'BW4005' }])
  })

  it('a range that resolved to a pre-release takes the pre-releases within it, also across major.minor.patch (no BW4005, no BW4013)', () => {
    const files = {
      'llm-2.0.0-rc.1.yaml': iface('llm', '2.0.0-rc.1'),
      'llm-2.1.0-rc.1.yaml': iface('llm', '2.1.0-rc.1'),
      'acme.yaml': integration({ llm: ['llm', '2.1.0-rc.1'] }),
      'helper.yaml': plugin({ llm: ['llm', '>=2.0.0-rc.1'] }),
    }
    expectDiagnostics({ ...files, 'bot.yaml': bot({ llm: 'llm' }) }).toEqual([])
  })

  it('a dependency the plugin could not resolve, or an interface alias the integration lacks, is reported once, not again as wiring', () => {
    const files = {
      'llm.yaml': iface('llm', '1.0.0'),
      'acme.yaml': integration({ llm: ['llm', '1.0.0'] }),
    }
    expectDiagnostics({ ...files, 'helper.yaml': plugin({ llm: ['llm', '^2.0.0'] }), 'bot.yaml': bot({ llm: 'llm' }) }).toMatchObject([{ code: 'BW4004' }])
    expectDiagnostics({ ...files, 'helper.yaml': plugin({ llm: ['llm', '^1.0.0'] }), 'bot.yaml': bot({ llm: 'lm' }) }).toMatchObject([{ code: 'BW3013' }])
  })
})
