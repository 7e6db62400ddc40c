// Where the checks point, beyond the `file:line:col` an invalid fixture's expected.txt
// shows: each diagnostic's path (what `--format json` and the editor read) and its related
// locations (the other place involved: the version declared before, the mapping, the
// interface's schema). A mutation run found these unasserted (docs/testing.md#mutation-testing).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js'
import { toRecord } from '../../src/diagnostics/record.js'
import { checkWorkspace } from '../../src/pipeline/checkWorkspace.js'
import { tempDir } from '../support/cli.js'
import { invalidFixtureOptions } from '../support/invalidFixtures.js'

/** Each diagnostic as its place, its path and its related places (`file:line:col message`). */
function places(diagnostics: readonly Diagnostic[]): { at: string; path: string | null; related: string[] }[] {
  return diagnostics.map((d) => {
    const r = toRecord(d)
    return { at: `${r.file}:${r.line}:${r.column} ${r.code}`, path: r.path, related: r.related.map((x) => `${x.file}:${x.line}:${x.column} ${x.message}`) }
  })
}

const fixture = (name: string): ReturnType<typeof places> => places(checkWorkspace(invalidFixtureOptions(name)).diagnostics)

describe('the places of the checks’ diagnostics', () => {
  it('BW4014: at the version, with the other spelling as related', () => {
    expect(fixture('BW4014-versions-differing-only-in-case')).toEqual([
      { at: 'notes-rc-lower.yaml:3:10 BW4014', path: '/version', related: ['notes-rc-upper.yaml:3:10 1.0.0-RC.1 is declared here'] },
    ])
  })

  it('BW4015: at the higher version, with the weightiest change and the lower version as related', () => {
    expect(fixture('BW4015-entity-enum-widened-in-a-minor-version')).toEqual([
      {
        at: 'ticketing-1.1.0.yaml:3:10 BW4015',
        path: '/version',
        related: ['ticketing-1.1.0.yaml:10:40 the major change', 'ticketing-1.0.0.yaml:3:10 1.0.0 is declared here'],
      },
    ])
  })

  it('BW4010: at the second alias’s version, with the first alias’s as related', () => {
    expect(fixture('BW4010-two-versions-in-one-bot')).toEqual([
      { at: 'support-bot.yaml:11:14 BW4010', path: '/integrations/openaiLegacy/version', related: ["support-bot.yaml:6:14 'openai' resolves to 2.0.0"] },
    ])
  })

  it('BW4001 and BW4002: at the part that does not extend, with the interface’s schema and the mapping as related', () => {
    expect(fixture('BW4001-mismatch-inside-a-referenced-entity')).toEqual([
      {
        at: 'forest.yaml:15:9 BW4001',
        path: '/entities/helper/schema/properties/label',
        related: ["tree.yaml:15:9 the interface's schema (tree 1.0.0)", 'forest.yaml:25:23 the mapping'],
      },
      {
        at: 'grove.yaml:15:9 BW4001',
        path: '/entities/myLeaf/schema/properties/label',
        related: ["tree.yaml:15:9 the interface's schema (tree 1.0.0)", 'grove.yaml:20:37 the mapping'],
      },
    ])
    expect(fixture('BW4002-patterns-cannot-be-compared')).toEqual([
      {
        at: 'zendesk.yaml:9:38 BW4002',
        path: '/entities/zendeskTicket/schema/properties/id/pattern',
        related: ["ticketing.yaml:9:38 the interface's schema (ticketing 1.0.0)", 'zendesk.yaml:18:15 the mapping'],
      },
    ])
  })

  it('BW2019: at the part that admits no value', () => {
    expect(fixture('BW2019-interface-entity-admits-no-value')).toEqual([
      { at: 'org-chart.yaml:12:9 BW2019', path: '/entities/team/schema/properties/parent', related: [] },
    ])
  })

  it('BW4010 for a plugin: named a plugin, at the plugin alias’s version', () => {
    const dir = tempDir()
    for (const version of ['1.0.0', '2.0.0'])
      writeFileSync(join(dir, `helper-${version}.yaml`), `kind: plugin\nname: helper\nversion: ${version}\nactions: {}\n`)
    writeFileSync(
      join(dir, 'bot.yaml'),
      'kind: bot\nname: support-bot\nplugins:\n  helper:\n    plugin: helper\n    version: ^2.0.0\n  helperLegacy:\n    plugin: helper\n    version: ^1.0.0\n',
    )
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expect(places(diagnostics)).toEqual([
      { at: 'bot.yaml:9:14 BW4010', path: '/plugins/helperLegacy/version', related: ["bot.yaml:6:14 'helper' resolves to 2.0.0"] },
    ])
    expect(diagnostics[0]?.message).toBe("plugin 'helper' is added at 1.0.0 here and at 2.0.0 as 'helper'; one bot uses one version of each")
  })

  it('Wiring (BW4005, BW4006, BW4007, BW4013): at the bot’s dependency, with the integration’s interface and the plugin’s declaration as related', () => {
    const implementsHere = (integration: string, iface: string, version: string): string => `integration '${integration}' implements '${iface}' ${version} here`
    expect(fixture('BW4005-wired-version-outside-range')).toEqual([
      {
        at: 'support-bot.yaml:17:74 BW4005',
        path: '/plugins/translator/dependencies/translation/integrationInterfaceAlias',
        related: [`deepl.yaml:19:3 ${implementsHere('deepl', 'translation', '1.0.0')}`],
      },
    ])
    expect(fixture('BW4006-wired-to-a-different-interface')).toEqual([
      {
        at: 'support-bot.yaml:19:68 BW4006',
        path: '/plugins/summary/dependencies/llm/integrationInterfaceAlias',
        related: [`dropbox.yaml:31:3 ${implementsHere('dropbox', 'storage', '1.0.0')}`],
      },
    ])
    expect(fixture('BW4007-dependency-not-wired')).toEqual([
      { at: 'support-bot.yaml:13:3 BW4007', path: '/plugins/summary', related: ["conversation-summary.yaml:10:3 'llm' is declared here"] },
    ])
    expect(fixture('BW4013-wired-across-a-major-version')).toEqual([
      {
        at: 'sales-bot.yaml:12:68 BW4013',
        path: '/plugins/notifier/dependencies/crm/integrationInterfaceAlias',
        related: [`hubspot.yaml:13:3 ${implementsHere('hubspot', 'crm', '2.0.0')}`, "notifier.yaml:6:30 'crm' takes 'crm' >=1.0.0 here"],
      },
    ])
  })

  it('Wiring (BW4008): at the undeclared key', () => {
    expect(fixture('BW4008-misspelt-dependency')).toEqual([{ at: 'support-bot.yaml:18:7 BW4008', path: '/plugins/summary/dependencies/lm', related: [] }])
    expect(fixture('BW4008-undeclared-dependency')).toEqual([
      { at: 'support-bot.yaml:19:7 BW4008', path: '/plugins/summary/dependencies/storage', related: [] },
    ])
  })

  it('BW4012 through a oneOf and an allOf branch: at the closing reference, the entities in its data', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'links.yaml'),
      'kind: interface\nname: links\nversion: 1.0.0\nentities:\n  first:\n    schema: { oneOf: [{ type: string }, { $entity: second }] }\n  second:\n    schema: { allOf: [{ $entity: first }] }\nactions: {}\n',
    )
    const { diagnostics } = checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir })
    expect(places(diagnostics)).toEqual([
      { at: 'links.yaml:8:34 BW4012', path: '/entities/second/schema/allOf/0/$entity', related: ["links.yaml:6:52 'first' references 'second' here"] },
    ])
    expect(diagnostics.map((d) => d.data)).toEqual([{ entities: ['first', 'second', 'first'] }])
  })

  it('EntityCycle (BW4012, BW2012): at the reference that closes the cycle, with the others as related; at the entity that is not an object', () => {
    expect(fixture('BW4012-entity-reference-cycle')).toEqual([
      {
        at: 'knowledge-base.yaml:19:22 BW4012',
        path: '/entities/articleLink/schema/anyOf/0/$entity',
        related: ["knowledge-base.yaml:15:16 'articleRef' references 'articleLink' here"],
      },
    ])
    expect(fixture('BW4012-entity-references-itself')).toEqual([{ at: 'labels.yaml:9:22 BW4012', path: '/entities/label/schema/anyOf/0/$entity', related: [] }])
    expect(fixture('BW2012-entity-is-not-an-object')).toEqual([
      { at: 'ticketing.yaml:21:18 BW2012', path: '/actions/getTicket/input/schema/$entity', related: [] },
    ])
  })

  it('BW4022: at the property, with the entity’s additionalProperties as related', () => {
    expect(fixture('BW4022-property-added-to-closed-entity')).toEqual([
      {
        at: 'ticketing.yaml:21:15 BW4022',
        path: '/actions/updateTicket/input/schema/allOf/1/properties/priorty',
        related: ["ticketing.yaml:12:29 entity 'ticket' is closed here"],
      },
    ])
  })

  it('BW4001 inside a named schema an entity references: at the $defs entry', () => {
    const dir = tempDir()
    writeFileSync(
      join(dir, 'tree.yaml'),
      'kind: interface\nname: tree\nversion: 1.0.0\nentities:\n  leaf:\n    schema: { type: object, properties: { label: { type: string } } }\nactions: {}\n',
    )
    writeFileSync(
      join(dir, 'grove.yaml'),
      "kind: integration\nname: grove\nversion: 1.0.0\n$defs:\n  label: { type: integer }\nentities:\n  myLeaf:\n    schema: { type: object, properties: { label: { $ref: '#/$defs/label' } } }\ninterfaces:\n  tree: { name: tree, version: 1.0.0, entities: { leaf: myLeaf } }\n",
    )
    expect(places(checkWorkspace({ definitionsDir: dir, builtins: false, cwd: dir }).diagnostics)).toEqual([
      { at: 'grove.yaml:5:3 BW4001', path: '/$defs/label', related: ["tree.yaml:6:43 the interface's schema (tree 1.0.0)", 'grove.yaml:10:57 the mapping'] },
    ])
  })

  it('BW4018: at the binding, with the own member, the part that does not fit and the interface’s part as related', () => {
    // a built-in interface's file is shown by its path in the package
    const builtin = (name: string) =>
      fixture(name).map((p) => ({ ...p, related: p.related.map((r) => r.replace(/^.*[\\/]definitions[\\/]interfaces[\\/]/, 'builtin:')) }))
    expect(builtin('BW4018-bound-action-does-not-fit')).toEqual([
      {
        at: 'openai.yaml:60:32 BW4018',
        path: '/interfaces/llm/actions/generateContent/name',
        related: [
          "openai.yaml:38:3 the own action 'generateText'",
          'builtin:llm.yaml:98:9 the part that does not fit',
          'openai.yaml:44:20 what it is compared with',
        ],
      },
      {
        at: 'openai.yaml:60:32 BW4018',
        path: '/interfaces/llm/actions/generateContent/name',
        related: [
          "openai.yaml:38:3 the own action 'generateText'",
          'openai.yaml:50:9 the part that does not fit',
          'builtin:llm.yaml:121:20 what it is compared with',
        ],
      },
    ])
    expect(fixture('BW4018-bound-event-and-channel-do-not-fit')).toEqual([
      {
        at: 'elastic.yaml:23:24 BW4018',
        path: '/interfaces/search/events/indexed/name',
        related: ["elastic.yaml:9:3 the own event 'reindexed'", 'elastic.yaml:10:43 the part that does not fit', 'search.yaml:13:43 what it is compared with'],
      },
      { at: 'elastic.yaml:25:25 BW4018', path: '/interfaces/search/channels/progress/name', related: ["elastic.yaml:12:3 the own channel 'status'"] },
      {
        at: 'elastic.yaml:25:25 BW4018',
        path: '/interfaces/search/channels/progress/name',
        related: ["elastic.yaml:12:3 the own channel 'status'", 'elastic.yaml:14:15 the part that does not fit', 'search.yaml:17:91 what it is compared with'],
      },
    ])
    expect(fixture('BW4018-through-named-schemas')).toEqual([
      {
        at: 'elastic.yaml:16:30 BW4018',
        path: '/interfaces/search/actions/find/name',
        related: ["elastic.yaml:18:3 the own action 'query'", 'elastic.yaml:8:7 the part that does not fit', 'search.yaml:8:7 what it is compared with'],
      },
    ])
  })
})
