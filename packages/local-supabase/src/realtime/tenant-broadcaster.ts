import { randomBytes } from 'node:crypto'

/** Realtime's `max_payload_size_in_kb` default plus its padding, over the payload's JSON. */
export const MAX_PAYLOAD_BYTES = 3000 * 1000 + 500

/** A joined channel as Broadcast and Presence see it. */
export interface TopicMember {
  /**
   * Sends a fastlane frame (null join_ref and ref) if the channel may read it: a broadcast needs
   * broadcast read, a presence diff presence read, and a replayed message is not sent twice.
   */
  deliver(event: 'broadcast' | 'presence_diff', payloadJson: string, messageId?: string): void
  /** Sends a broadcast with a binary payload (a binary frame; V1 sockets cannot carry it). */
  deliverBinary(event: string, payload: Buffer, messageId?: string): void
}

/**
 * Public and private channels of one name are separate topics, as Realtime's tenant topics are:
 * a message sent privately never reaches a public channel of the same name, nor the reverse.
 */
export const tenantTopic = (name: string, isPrivate: boolean) =>
  `${isPrivate ? 'private' : 'public'}:${name}`

/** Realtime's PubSub for one tenant: who has joined which topic. */
export class TenantBroadcaster {
  private readonly topics = new Map<string, Set<TopicMember>>()

  subscribe(topic: string, member: TopicMember): void {
    let members = this.topics.get(topic)
    if (!members) this.topics.set(topic, (members = new Set()))
    members.add(member)
  }

  unsubscribe(topic: string, member: TopicMember): void {
    const members = this.topics.get(topic)
    members?.delete(member)
    if (members?.size === 0) this.topics.delete(topic)
  }

  /** Sends to every member but `from` (Phoenix's `broadcast_from` when `self` is off). */
  publish(
    topic: string,
    event: 'broadcast' | 'presence_diff',
    payloadJson: string,
    options: { from?: TopicMember; messageId?: string } = {},
  ): void {
    for (const member of this.topics.get(topic) ?? []) {
      if (member !== options.from) member.deliver(event, payloadJson, options.messageId)
    }
  }

  publishBinary(
    topic: string,
    event: string,
    payload: Buffer,
    options: { from?: TopicMember; messageId?: string } = {},
  ): void {
    for (const member of this.topics.get(topic) ?? []) {
      if (member !== options.from) member.deliverBinary(event, payload, options.messageId)
    }
  }
}

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string }
type Grouped = Record<string, { metas: Meta[] }>

/**
 * Phoenix.Presence for one node: each channel tracks at most one presence (its key and meta) per
 * topic; every change is sent at once as a `presence_diff` to the topic, and `list` is what a
 * joining channel gets as `presence_state` (`Phoenix.Presence.group`).
 */
export class PresenceTracker {
  private readonly topics = new Map<string, Map<TopicMember, { key: string; meta: Meta }>>()

  constructor(private readonly broadcaster: TenantBroadcaster) {}

  list(topic: string): Grouped {
    const grouped: Grouped = {}
    for (const { key, meta } of this.topics.get(topic)?.values() ?? []) {
      ;(grouped[key] ??= { metas: [] }).metas.push(meta)
    }
    return grouped
  }

  /** Tracks or updates; an update leaves the old meta and joins the new, as Phoenix.Tracker does. */
  track(topic: string, member: TopicMember, key: string, payload: Record<string, unknown>): void {
    let presences = this.topics.get(topic)
    if (!presences) this.topics.set(topic, (presences = new Map()))
    const previous = presences.get(member)
    const meta: Meta = { ...payload, phx_ref: newRef() }
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref
    presences.set(member, { key, meta })
    const leaves: Grouped = previous ? { [previous.key]: { metas: [previous.meta] } } : {}
    this.diff(topic, { [key]: { metas: [meta] } }, leaves)
  }

  untrack(topic: string, member: TopicMember): void {
    const presences = this.topics.get(topic)
    const previous = presences?.get(member)
    if (!presences || !previous) return
    presences.delete(member)
    if (presences.size === 0) this.topics.delete(topic)
    this.diff(topic, {}, { [previous.key]: { metas: [previous.meta] } })
  }

  private diff(topic: string, joins: Grouped, leaves: Grouped): void {
    this.broadcaster.publish(topic, 'presence_diff', JSON.stringify({ joins, leaves }))
  }
}

/** Phoenix's presence refs are short opaque strings. */
const newRef = () => randomBytes(8).toString('base64url')
