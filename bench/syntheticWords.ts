// The synthetic workspace's raw material (syntheticWorkspace.ts): a deterministic random
// source, and a generator of names, words and sentences from it.
/** mulberry32: small, fast, deterministic; its state can be copied. */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  copy(): Rng {
    return new Rng(this.state)
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Obj = { [key: string]: Json }

export const WORDS = [
  'account',
  'address',
  'agent',
  'amount',
  'archive',
  'asset',
  'balance',
  'batch',
  'booking',
  'branch',
  'budget',
  'campaign',
  'channel',
  'claim',
  'client',
  'comment',
  'contact',
  'contract',
  'coupon',
  'customer',
  'dataset',
  'deal',
  'device',
  'document',
  'draft',
  'event',
  'folder',
  'invoice',
  'issue',
  'item',
  'job',
  'label',
  'lead',
  'ledger',
  'license',
  'listing',
  'meeting',
  'member',
  'metric',
  'note',
  'offer',
  'order',
  'owner',
  'page',
  'payment',
  'policy',
  'product',
  'project',
  'quote',
  'record',
  'refund',
  'region',
  'report',
  'request',
  'resource',
  'review',
  'route',
  'schedule',
  'segment',
  'session',
  'shipment',
  'site',
  'sprint',
  'store',
  'subscription',
  'supplier',
  'survey',
  'task',
  'team',
  'template',
  'thread',
  'ticket',
  'topic',
  'transfer',
  'trip',
  'user',
  'vendor',
  'video',
  'visit',
  'warehouse',
  'webhook',
  'workflow',
  'workspace',
]
export const VERBS = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'search',
  'sync',
  'archive',
  'assign',
  'approve',
  'export',
  'import',
  'publish',
  'schedule',
  'cancel',
]
export const SENTENCES = [
  'Used by support agents to follow up with customers.',
  'Kept in sync with the remote system every few minutes.',
  'The value as returned by the upstream API, unchanged.',
  'Only set when the record was created by an automation.',
  'Shown to end users in the conversation, so keep it short.',
  'Identifiers are opaque strings; do not parse them.',
  'Timestamps are in UTC and formatted as ISO 8601.',
  'May be empty when the remote system has no data yet.',
]

export function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

export function pad(n: number): string {
  return String(n).padStart(3, '0')
}

export class Gen {
  constructor(private readonly rng: Rng) {}
  private random(): number {
    return this.rng.next()
  }
  /** a generator that draws the same numbers as this one from here on */
  copy(): Gen {
    return new Gen(this.rng.copy())
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1))
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T
  }
  chance(p: number): boolean {
    return this.random() < p
  }
  /** k distinct items */
  sample<T>(list: readonly T[], k: number): T[] {
    const copy = [...list]
    const out: T[] = []
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.random() * copy.length), 1)[0] as T)
    return out
  }
  sentence(): string {
    return this.pick(SENTENCES)
  }
}
