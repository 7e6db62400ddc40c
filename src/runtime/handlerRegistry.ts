// Registers message and event handlers; shared by the Bot and Plugin base classes.
import type { Message, MessageType } from './messages.js'
import type { EventHandler, EventOf, EventRegistration, MessageHandler, MessageRegistration } from './types.js'

export interface MessageRegistrar<Client, Ctx, Tags> {
  (type: '*', handler: MessageHandler<Message<MessageType, Tags>, Client, Ctx>): void
  <T extends MessageType>(type: T, handler: MessageHandler<Message<T, Tags>, Client, Ctx>): void
}

export type EventRegistrar<E, Client, Ctx> = <K extends keyof E & string>(type: K, handler: EventHandler<EventOf<E, K>, Client, Ctx>) => void

export class HandlerRegistry<E, Client, Ctx, Tags> {
  readonly messageHandlers: MessageRegistration<Client, Ctx, Tags>[] = []
  readonly eventHandlers: EventRegistration<Client, Ctx>[] = []

  readonly on: { message: MessageRegistrar<Client, Ctx, Tags>; event: EventRegistrar<E, Client, Ctx> } = {
    message: (type: MessageType | '*', handler: MessageHandler<never, Client, Ctx>): void => {
      this.messageHandlers.push({ type, handler: handler as MessageRegistration<Client, Ctx, Tags>['handler'] })
    },
    event: (type: string, handler: EventHandler<never, Client, Ctx>): void => {
      this.eventHandlers.push({ type, handler: handler as EventRegistration<Client, Ctx>['handler'] })
    },
  }
}
