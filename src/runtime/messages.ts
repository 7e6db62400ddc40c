// The standard message types (docs/generated-code.md#message-types), as the runtime
// sees them. generated/messages.ts declares the same shapes from schemas/messages.schema.json;
// a type-level test keeps the two mutually assignable.

export interface TextPayload {
  text: string
}
export interface ImagePayload {
  imageUrl: string
  title?: string | undefined
}
export interface AudioPayload {
  audioUrl: string
  title?: string | undefined
}
export interface VideoPayload {
  videoUrl: string
  title?: string | undefined
}
export interface FilePayload {
  fileUrl: string
  title?: string | undefined
}
export interface LocationPayload {
  latitude: number
  longitude: number
  address?: string | undefined
  title?: string | undefined
}
export interface CardAction {
  action: 'postback' | 'url' | 'say'
  label: string
  value: string
}
export interface CardPayload {
  title: string
  subtitle?: string | undefined
  imageUrl?: string | undefined
  actions: CardAction[]
}
export interface CarouselPayload {
  items: CardPayload[]
}
export interface ChoiceOption {
  label: string
  value: string
}
export interface ChoicePayload {
  text: string
  options: ChoiceOption[]
}
export interface DropdownPayload {
  text: string
  options: ChoiceOption[]
}
export type BlocItem =
  | { type: 'text'; payload: TextPayload }
  | { type: 'image'; payload: ImagePayload }
  | { type: 'audio'; payload: AudioPayload }
  | { type: 'video'; payload: VideoPayload }
  | { type: 'file'; payload: FilePayload }
  | { type: 'location'; payload: LocationPayload }
export interface BlocPayload {
  items: BlocItem[]
}

export interface MessagePayloads {
  text: TextPayload
  image: ImagePayload
  audio: AudioPayload
  video: VideoPayload
  file: FilePayload
  location: LocationPayload
  card: CardPayload
  carousel: CarouselPayload
  choice: ChoicePayload
  dropdown: DropdownPayload
  bloc: BlocPayload
}

export type MessageType = keyof MessagePayloads

export const MESSAGE_TYPES: readonly MessageType[] = ['text', 'image', 'audio', 'video', 'file', 'location', 'card', 'carousel', 'choice', 'dropdown', 'bloc']

/** Tag values by key; a bot narrows the keys to the ones it declares. */
export type MessageTagMap = { [key: string]: string | undefined }

export interface TypedMessage<T extends MessageType, Tags> {
  id: string
  conversationId: string
  userId: string
  type: T
  payload: MessagePayloads[T]
  tags: Tags
  createdAt: string
  updatedAt: string
  /** in a conversation of an integration's channel (docs/runtime.md#conversations-and-users): the integration's alias and the channel */
  integration?: string
  channel?: string
  /** a message the bot or a plugin created there: whether the integration delivered it (docs/runtime.md#delivery) */
  delivery?: MessageDelivery
}

/** What became of a message handed to an integration's channel. */
export type MessageDelivery = { status: 'delivered' } | { status: 'failed'; error: string }

/** A message of type T (or, for a union of types, the union that narrows on `type`). */
export type Message<T extends MessageType = MessageType, Tags = MessageTagMap> = { [K in T]: TypedMessage<K, Tags> }[T]
