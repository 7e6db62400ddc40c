// The text of one action's stub, shared by `scaffold` (a new file) and `scaffold
// --update` (a handler added to a file a person wrote), so that both read the same.
import type { StubAction, StubKind } from './stubPlan.js'

/** How the handlers of an `actions` object are written: `name: async (...) => {}` or `async name(...) {}`. */
export type HandlerStyle = 'arrow' | 'method'

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** An object key for a name: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string, quote: "'" | '"' = "'"): string {
  return IDENTIFIER.test(name) ? name : `${quote}${name.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`
}

/** The stub's lines, not indented, without the comma that follows it. */
export function handlerStubLines(kind: StubKind, definitionName: string, action: StubAction, style: HandlerStyle, indentUnit = '  '): string[] {
  const todo =
    kind === 'integration' ? `// TODO: implement '${action.name}' with input, ctx.configuration and client.emitEvent` : `// TODO: implement '${action.name}'`
  const key = propertyKey(action.name)
  const head = style === 'arrow' ? `${key}: async ({ input, ctx, client }) => {` : `async ${key}({ input, ctx, client }) {`
  return [
    `/** ${action.describe} */`,
    head,
    ...[
      todo,
      'void input',
      'void ctx',
      'void client',
      `throw new Error(${JSON.stringify(`${definitionName}: action '${action.name}' is not implemented yet`)})`,
    ].map((line) => `${indentUnit}${line}`),
    '}',
  ]
}

/** A delivery handler's stub (docs/runtime.md#delivery), not indented, without the comma that follows it. */
export function deliveryStubLines(definitionName: string, channel: string, type: string, indentUnit = '  '): string[] {
  return [
    `${propertyKey(type)}: async ({ payload, conversation, user, ctx, client, ack }) => {`,
    ...[
      `// TODO: send the ${type} message to the outside world in this conversation, then ack({ tags }) with what it gave back`,
      'void payload',
      'void conversation',
      'void user',
      'void ctx',
      'void client',
      'void ack',
      `throw new Error(${JSON.stringify(`${definitionName}: the delivery of '${type}' messages on channel '${channel}' is not implemented yet`)})`,
    ].map((line) => `${indentUnit}${line}`),
    '}',
  ]
}

/**
 * The `identify` an integration that declares an identifier must give (the host routes
 * `/webhooks/integration/<name>` by it, docs/deploying.md#identifier-routing): a comment
 * line, then the member, as `scaffold` writes it and `scaffold --update` adds it.
 */
export function identifyStubLines(definitionName: string, identifier: string, indentUnit = '  '): string[] {
  return [
    `// ${definitionName} declares an identifier: read from a request the '${identifier}' of the bot it is for (docs/deploying.md#identifier-routing)`,
    'identify: async ({ req }) => {',
    ...['// TODO: read the identifier from the request (undefined when it names none)', 'void req', 'return undefined'].map((line) => `${indentUnit}${line}`),
    '}',
  ]
}
