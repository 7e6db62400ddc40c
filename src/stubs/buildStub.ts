// New implementation files (`botwire scaffold`), built with ts-morph from the stub plan in
// one `createSourceFile` call per file: every statement is prepared first, then printed
// once (adding declarations one by one would re-parse the file each time). Statements are
// written with ts-morph's code writer rather than its structures, whose printers end
// imports with semicolons that the rest of botwire's code does not use.
import type { CodeBlockWriter, WriterFunction } from 'ts-morph'
import { deliveryStubLines, handlerStubLines, identifyStubLines, propertyKey } from './handlerStub.js'
import { implementationVariable, type StubPlan } from './stubPlan.js'
import { memoryProject, type TsMorphModule } from './tsMorph.js'

export interface StubPlace {
  /** how the stub imports the generated module: `../generated/integrations/zendesk/index.js` */
  generatedImport: string
  /** the file as the user names it (`src/hello.ts`), for the header of a bot's files */
  label: string
}

export interface EntryPlace {
  /** how the entry imports the handlers file: `./hello.js` */
  handlersImport: string
  label: string
  /** the names of the integrations and plugins the bot adds, whose implementations the runtime needs */
  integrations: string[]
  plugins: string[]
}

const HEADERS: Record<StubPlan['kind'], (plan: StubPlan, label: string) => string[]> = {
  integration: (plan) => [
    `Implementation of integration '${plan.name}' ${plan.version}, scaffolded by botwire.`,
    'Fill in each action; the types come from the generated module, so tsc tells you',
    'what every handler receives and must return.',
  ],
  plugin: (plan) => [
    `Implementation of plugin '${plan.name}' ${plan.version}, scaffolded by botwire.`,
    "Fill in each action; call interface actions with client.callAction({ type: '<local>:<action>', input }).",
  ],
  bot: (plan, label) => [
    `${label}: the message handlers of bot '${plan.name}' ${plan.version}, scaffolded by botwire.`,
    'Reply with client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type, payload, tags }).',
  ],
}

const CLASSES: Record<StubPlan['kind'], string> = { integration: 'Integration', plugin: 'Plugin', bot: 'Bot' }

/** The one `'*'` handler a bot starts with: it answers text with text. */
const BOT_HANDLER = [
  "// '*' receives every message type; narrow on message.type. To handle one type on its own, add",
  "// bot.on.message('text', ...) (or 'image', 'choice', ...): it runs before the '*' handlers.",
  "bot.on.message('*', async ({ message, client, ctx, conversation }) => {",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the handler's own template literals
  "  const text = message.type === 'text' ? `You said: ${message.payload.text}` : `Thanks for the ${message.type}.`",
  '  // messages the bot creates are stored, not dispatched to the handlers again',
  "  await client.createMessage({ conversationId: conversation.id, userId: ctx.botId, type: 'text', payload: { text }, tags: {} })",
  '})',
]

function comments(lines: readonly string[]): string {
  return lines.map((line) => `// ${line}`).join('\n')
}

/** A statement after a blank line, its lines written as they are (they carry their own indentation). */
function paragraph(lines: readonly string[]): WriterFunction {
  return (writer: CodeBlockWriter) => {
    writer.blankLine()
    writer.write(lines.join('\n'))
  }
}

/** `export const zendesk = new Integration({ actions: { ... } })`, every handler a stub. */
function actionsStatement(plan: StubPlan): WriterFunction {
  return (writer: CodeBlockWriter) => {
    writer.blankLine()
    writer.write(`export const ${plan.variable} = new ${CLASSES[plan.kind]}({`).newLine()
    writer.indent(() => {
      writer.write('actions: {').newLine()
      writer.indent(() => {
        for (const action of plan.actions) {
          const lines = handlerStubLines(plan.kind, plan.name, action, 'arrow')
          for (const line of [...lines.slice(0, -1), `${lines.at(-1)},`]) writer.writeLine(line)
        }
      })
      writer.writeLine('},')
      if (plan.deliveries.length > 0) {
        // the channels whose conversations carry standard messages: the bot's and plugins' messages there are delivered here
        writer.write('channels: {').newLine()
        writer.indent(() => {
          for (const { channel, types } of plan.deliveries) {
            writer.write(`${propertyKey(channel)}: {`).newLine()
            writer.indent(() => {
              writer.write('messages: {').newLine()
              writer.indent(() => {
                for (const type of types) {
                  const lines = deliveryStubLines(plan.name, channel, type)
                  for (const line of [...lines.slice(0, -1), `${lines.at(-1)},`]) writer.writeLine(line)
                }
              })
              writer.writeLine('},')
            })
            writer.writeLine('},')
          }
        })
        writer.writeLine('},')
      }
      if (plan.identifier !== undefined) {
        // required by the generated options: the host routes /webhooks/integration/<name> by it
        const lines = identifyStubLines(plan.name, plan.identifier, '')
        for (const line of lines.slice(0, 2)) writer.writeLine(line)
        writer.indent(() => {
          for (const line of lines.slice(2, -1)) writer.writeLine(line)
        })
        writer.writeLine(`${lines.at(-1)},`)
      }
    })
    writer.write('})')
  }
}

/** A bot's handlers for its recurring events and expiring states: each would otherwise happen with nothing to handle it. */
function timedHandlers(plan: StubPlan): WriterFunction[] {
  const events = (plan.timed?.recurringEvents ?? []).map(({ name, cron }) =>
    paragraph([
      `// '${name}' recurs: the runtime emits it on its schedule, '${cron}' (UTC)`,
      `bot.on.event('${name}', async ({ event }) => {`,
      `  // TODO: handle '${name}'`,
      '  void event.payload',
      '})',
    ]),
  )
  const states = (plan.timed?.expiringStates ?? []).map(({ name, expiry }) =>
    paragraph([
      `// state '${name}' expires after ${expiry} ms without a write; this runs with it as it was`,
      `bot.on.stateExpired('${name}', async ({ state }) => {`,
      `  // TODO: handle the expiry of '${name}'`,
      '  void state.payload',
      '})',
    ]),
  )
  return [...events, ...states]
}

/** The text of a new implementation file. */
export function buildStub(tsMorph: TsMorphModule, plan: StubPlan, { generatedImport, label }: StubPlace): string {
  const statements =
    plan.kind === 'bot' ? [paragraph([`export const bot = new Bot()`]), paragraph(BOT_HANDLER), ...timedHandlers(plan)] : [actionsStatement(plan)]
  const file = memoryProject(tsMorph).createSourceFile(`/${plan.name}.ts`, {
    statements: [comments(HEADERS[plan.kind](plan, label)), `import { ${CLASSES[plan.kind]} } from '${generatedImport}'`, ...statements],
  })
  return file.getFullText()
}

/** `, integrations: { openai, 'support-assistant': supportAssistant, default: defaultIntegration }`: implementations by name, as the scaffolded files export them. */
function objectOption(option: 'integrations' | 'plugins', names: readonly string[]): string {
  if (names.length === 0) return ''
  const kind = option === 'integrations' ? 'integration' : 'plugin'
  const entry = (n: string): string => {
    const variable = implementationVariable(kind, n)
    return variable === n ? n : `${n.includes('-') ? `'${n}'` : n}: ${variable}`
  }
  return `, ${option}: { ${names.map(entry).join(', ')} }`
}

/** A bot's entry file: creates the runtime with the scaffolded handlers and receives a first message. */
export function buildEntry(tsMorph: TsMorphModule, plan: StubPlan, { handlersImport, label, integrations, plugins }: EntryPlace): string {
  const needed = [...integrations.map((n) => `integration '${n}'`), ...plugins.map((n) => `plugin '${n}'`)]
  const wiring =
    needed.length === 0
      ? []
      : comments([
          `bot '${plan.name}' adds ${needed.join(', ')}:`,
          'give createRuntime their implementations by name (botwire scaffold integration NAME',
          '--out DIR writes stubs), as in',
          `createRuntime({ bot${objectOption('integrations', integrations)}${objectOption('plugins', plugins)} })`,
        ]).split('\n')
  const file = memoryProject(tsMorph).createSourceFile(`/${plan.name}-main.ts`, {
    statements: [
      comments([`${label}: runs bot '${plan.name}' in this process on the in-memory message store; scaffolded by botwire.`]),
      "import { createRuntime } from '@botwire/runtime'",
      `import { bot } from '${handlersImport}'`,
      paragraph([
        ...wiring,
        'const runtime = createRuntime({ bot })',
        "await runtime.receive({ conversationId: 'c1', userId: 'ada', type: 'text', payload: { text: 'hello' }, tags: {} })",
      ]),
      paragraph([
        "const page = await runtime.client.listMessages({ conversationId: 'c1' })",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the entry's own template literal
        "for (const m of page.messages.reverse()) console.log(`${m.userId}: ${m.type === 'text' ? m.payload.text : m.type}`)",
        '// ada: hello',
        `// ${plan.name}: You said: hello`,
      ]),
    ],
  })
  return file.getFullText()
}
