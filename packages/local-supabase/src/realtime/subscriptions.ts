import type { ActionFilter, ChangeAction, ColumnFilter } from './subscription-params.ts'
import type { Claims } from './tokens.ts'

/** A joined channel as the change feed sees it. */
export interface ChangeSubscriber {
  readonly topic: string
  /** The claims its postgres_changes subscriptions were made with (renewed by access_token). */
  readonly claims: Claims
  /** Sends a broadcast-style frame (null join_ref and ref) with an already encoded payload. */
  send(event: string, payloadJson: string): void
}

/** One binding of one channel on one table: what Realtime stores as a `realtime.subscription` row. */
export interface Subscription {
  readonly subscriber: ChangeSubscriber
  readonly bindingId: number
  readonly relid: number
  readonly action: ActionFilter
  readonly filters: ColumnFilter[]
  /** Sorted, or null for all columns. */
  readonly selectedColumns: string[] | null
}

export class SubscriptionRegistry {
  private readonly byRelation = new Map<number, Set<Subscription>>()

  add(subscriptions: Iterable<Subscription>): void {
    for (const subscription of subscriptions) {
      let set = this.byRelation.get(subscription.relid)
      if (!set) this.byRelation.set(subscription.relid, (set = new Set()))
      set.add(subscription)
    }
  }

  remove(subscriptions: Iterable<Subscription>): void {
    for (const subscription of subscriptions) {
      const set = this.byRelation.get(subscription.relid)
      set?.delete(subscription)
      if (set?.size === 0) this.byRelation.delete(subscription.relid)
    }
  }

  /** Subscriptions on a table that want this kind of change, in the order they were made. */
  matching(relid: number, action: ChangeAction): Subscription[] {
    const set = this.byRelation.get(relid)
    if (!set) return []
    return [...set].filter((s) => s.action === '*' || s.action === action)
  }

  get size(): number {
    let count = 0
    for (const set of this.byRelation.values()) count += set.size
    return count
  }
}
