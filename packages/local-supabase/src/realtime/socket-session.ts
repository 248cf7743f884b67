import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import WebSocket from 'ws'
import {
  decodeFrame,
  decodeUserBroadcastPush,
  encodeFrame,
  encodeUserBroadcast,
  encodeMessage,
  replyPayload,
  type PhoenixMessage,
  type Ref,
  type SerializerVersion,
} from './frames.ts'
import {
  emptyPolicies,
  PolicyCheckFailed,
  readAuthorizations,
  writeAuthorizations,
  type AuthorizationContext,
  type Extension,
  type Policies,
} from './authorization.ts'
import { replayMessages } from './messages.ts'
import { resolveBindings } from './subscribe.ts'
import { bindingId, parseChangeParams, type ChangeParams } from './subscription-params.ts'
import type { ChangeSubscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts'
import {
  MAX_PAYLOAD_BYTES,
  tenantTopic,
  type PresenceTracker,
  type TenantBroadcaster,
  type TopicMember,
} from './tenant-broadcaster.ts'
import {
  joinRefusal,
  shutdownMessage,
  verifyRealtimeToken,
  type Claims,
  type TokenCheck,
} from './tokens.ts'

export interface SessionEnvironment {
  jwtSecret: string
  db: pg.Pool
  registry: SubscriptionRegistry
  broadcaster: TenantBroadcaster
  presence: PresenceTracker
  log: (message: string) => void
  /** Realtime waits this long before refusing a join (CHANNEL_ERROR_BACKOFF_MS, 5 s). */
  joinErrorBackoffMs: number
  /** A socket that sends nothing (not even heartbeats) for this long is closed. */
  idleTimeoutMs: number
}

const TOPIC_PREFIX = 'realtime:'
/** Realtime's `max_channels_per_client` default (TENANT_MAX_CHANNELS_PER_CLIENT). */
export const MAX_CHANNELS_PER_CLIENT = 100
/**
 * Realtime's `max_joins_per_second` default (TENANT_MAX_JOINS_PER_SECOND). Realtime counts a
 * tenant's joins; here they are counted per socket, so one client cannot lock everyone out.
 */
export const MAX_JOINS_PER_SECOND = 100
/** Not a Realtime limit: each binding is evaluated for every change to its tables. */
export const MAX_BINDINGS_PER_CHANNEL = 100
/** The system message while the change feed is down (Realtime re-subscribes until it is back). */
export const FEED_LOST_MESSAGE =
  'Realtime lost the replication connection to PostgreSQL; changes until it is re-established are not delivered'
/**
 * Realtime's `max_events_per_second` default (TENANT_MAX_EVENTS_PER_SECOND), counted here per
 * socket over the messages its client sends, so one noisy client cannot silence the others.
 */
export const MAX_EVENTS_PER_SECOND = 100
/** Realtime's client presence limit (CLIENT_PRESENCE_MAX_CALLS per CLIENT_PRESENCE_WINDOW_MS). */
export const CLIENT_PRESENCE_MAX_CALLS = 5
export const CLIENT_PRESENCE_WINDOW_MS = 30_000
/** A socket whose unsent frames pass this is too slow to keep up and is dropped (it reconnects). */
export const MAX_BUFFERED_BYTES = 32 * 1024 * 1024
/** Realtime re-checks a channel's token at least this often (`@confirm_token_ms_interval`). */
const CONFIRM_TOKEN_INTERVAL_MS = 5 * 60_000

type RawBinding = Record<string, unknown>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

class Channel implements ChangeSubscriber, TopicMember {
  readonly name: string
  subscriptions: Subscription[] = []
  bindings: { raw: RawBinding; id: number }[] = []
  expiryTimer: NodeJS.Timeout | undefined
  closed = false
  isPrivate = false
  /** What the policies on realtime.messages allow (private channels only). */
  policies: Policies | undefined
  selfBroadcast = false
  ackBroadcast = false
  presenceEnabled = false
  presenceKey = ''
  /** The JSON of the tracked presence payload, if any. */
  presenceTracked: string | undefined
  presenceCalls = { count: 0, resetAt: 0 }
  replayed = new Set<string>()

  constructor(
    private readonly session: SocketSession,
    readonly topic: string,
    readonly joinRef: Ref,
    /** The token the channel runs with, and its claims. */
    public accessToken: string,
    public tokenClaims: Claims,
    /** The claims its postgres_changes subscriptions were last made with. */
    public claims: Claims,
  ) {
    this.name = topic.slice(TOPIC_PREFIX.length)
  }

  get tenantTopic(): string {
    return tenantTopic(this.name, this.isPrivate)
  }

  get authorization(): AuthorizationContext {
    return { topic: this.name, claims: this.tokenClaims }
  }

  send(event: string, payloadJson: string): void {
    if (!this.closed)
      this.session.sendFrame({ joinRef: null, ref: null, topic: this.topic, event }, payloadJson)
  }

  deliver(event: 'broadcast' | 'presence_diff', payloadJson: string, messageId?: string): void {
    const extension = event === 'broadcast' ? 'broadcast' : 'presence'
    if (this.policies && this.policies[extension].read !== true) return
    if (messageId !== undefined && this.replayed.has(messageId)) return
    this.send(event, payloadJson)
  }

  deliverBinary(event: string, payload: Buffer, messageId?: string): void {
    if (this.closed || (this.policies && this.policies.broadcast.read !== true)) return
    if (messageId !== undefined && this.replayed.has(messageId)) return
    const metadata = messageId === undefined ? '' : JSON.stringify({ id: messageId })
    this.session.sendBinary(encodeUserBroadcast(this.topic, event, payload, true, metadata))
  }

  push(event: string, payload: unknown): void {
    if (this.closed) return
    this.session.sendFrame(
      { joinRef: this.joinRef, ref: null, topic: this.topic, event },
      JSON.stringify(payload),
    )
  }

  systemMessage(extension: 'postgres_changes' | 'system', status: 'ok' | 'error', message: string) {
    this.push('system', { channel: this.name, extension, message, status })
  }
}

/**
 * One websocket: Phoenix's socket and channel processes in one object (supabase-compat §C.2).
 * Frames of one topic are handled in order, one at a time, as a Phoenix channel process would;
 * heartbeats are answered at once.
 */
export class SocketSession {
  private readonly channels = new Map<string, Channel>()
  private readonly queues = new Map<string, Promise<void>>()
  private idleTimer: NodeJS.Timeout | undefined
  private closed = false
  /** Topics whose join is being decided; they count against the channel limit. */
  private readonly joining = new Set<string>()
  /** When the latest joins arrived (at most MAX_JOINS_PER_SECOND of them). */
  private readonly joinTimes: number[] = []
  /** When the latest broadcast and presence messages arrived (at most MAX_EVENTS_PER_SECOND). */
  private readonly eventTimes: number[] = []

  constructor(
    private readonly ws: WebSocket,
    private readonly version: SerializerVersion,
    /** The socket's own key, as a JWT; a join without its own token runs with it. */
    private readonly socketToken: string,
    private readonly env: SessionEnvironment,
  ) {
    ws.on('message', (data, isBinary) => {
      this.touch()
      if (!isBinary) return this.receive(String(data))
      // realtime-js sends its broadcasts as binary user broadcast pushes.
      const push = decodeUserBroadcastPush(
        Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer),
      )
      if (!push) return
      this.enqueue({
        joinRef: push.joinRef,
        ref: push.ref,
        topic: push.topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event: push.event, payload: push.payload },
      })
    })
    ws.on('close', () => this.dispose())
    ws.on('error', (error) => env.log(`realtime: websocket error: ${error.message}`))
    this.touch()
  }

  /** Closes the socket (stack shutdown); clients reconnect by themselves. */
  close(code = 1001, reason = 'server shutting down'): void {
    this.dispose()
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.ws.close(code, reason)
    }
  }

  terminate(): void {
    this.dispose()
    this.ws.terminate()
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  sendFrame(message: Omit<PhoenixMessage, 'payload'>, payloadJson: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    // Sends never wait for a client; one that reads too slowly is cut off instead of piling up.
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.env.log('realtime: a client reads too slowly to keep up; its socket is closed')
      this.terminate()
      return
    }
    this.ws.send(encodeFrame(message, this.version, payloadJson))
  }

  private send(message: PhoenixMessage): void {
    if (this.ws.readyState !== WebSocket.OPEN) return
    this.ws.send(encodeMessage(message, this.version))
  }

  private reply(message: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    this.send({ ...message, event: 'phx_reply', payload: replyPayload(status, response) })
  }

  private touch(): void {
    clearTimeout(this.idleTimer)
    if (this.closed) return
    this.idleTimer = setTimeout(() => this.close(1000, 'idle'), this.env.idleTimeoutMs)
    this.idleTimer.unref()
  }

  /** Binary frames exist only in vsn 2.0.0; a V1 socket never gets one. */
  sendBinary(frame: Buffer): void {
    if (this.version !== 2 || this.ws.readyState !== WebSocket.OPEN) return
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.env.log('realtime: a client reads too slowly to keep up; its socket is closed')
      this.terminate()
      return
    }
    this.ws.send(frame)
  }

  private receive(text: string): void {
    const message = decodeFrame(text, this.version)
    if (!message) return
    this.enqueue(message)
  }

  private enqueue(message: PhoenixMessage): void {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') {
      this.reply({ ...message, joinRef: null }, 'ok', {})
      return
    }
    if (message.event === 'phx_join' && !this.admitJoin()) {
      // RT `limit_joins`: the join is refused and the socket disconnected.
      this.reply(message, 'error', {
        reason: 'ClientJoinRateLimitReached: Too many joins per second',
      })
      this.close(1000, 'disconnected')
      return
    }
    const previous = this.queues.get(message.topic) ?? Promise.resolve()
    const next = previous
      .then(() => this.handle(message))
      .catch((error: unknown) => {
        this.env.log(
          `realtime: ${message.event} on ${message.topic} failed: ${(error as Error).stack ?? String(error)}`,
        )
      })
      .finally(() => {
        if (this.queues.get(message.topic) === next) this.queues.delete(message.topic)
      })
    this.queues.set(message.topic, next)
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (this.closed) return
    if (message.event === 'phx_join') {
      if (!message.topic.startsWith(TOPIC_PREFIX)) return this.unmatched(message)
      return this.join(message)
    }
    const channel = this.channels.get(message.topic)
    if (!channel) return this.unmatched(message)
    // Phoenix drops messages meant for an earlier join of the topic.
    if (message.joinRef !== null && message.joinRef !== channel.joinRef) return
    switch (message.event) {
      case 'phx_leave':
        this.reply({ ...message, joinRef: channel.joinRef }, 'ok', {})
        this.closeChannel(channel, 'phx_close')
        return
      case 'access_token':
        return this.updateToken(channel, message.payload)
      case 'broadcast':
        return this.broadcast(channel, message)
      case 'presence':
        return this.presence(channel, message)
      default:
        if (message.ref !== null) {
          this.reply({ ...message, joinRef: channel.joinRef }, 'error', {
            reason: `Unexpected message from client of type \`${message.event}\``,
          })
        }
    }
  }

  /** A sliding one-second window over this socket's joins. */
  private admitJoin(): boolean {
    return admit(this.joinTimes, MAX_JOINS_PER_SECOND)
  }

  /** Phoenix's answer for a topic no channel serves. */
  private unmatched(message: PhoenixMessage): void {
    if (message.ref === null) return
    this.reply({ ...message, joinRef: null }, 'error', { reason: 'unmatched topic' })
  }

  private async join(message: PhoenixMessage): Promise<void> {
    const { topic } = message
    // A second join on a topic replaces the first without a word to the client (Phoenix).
    const existing = this.channels.get(topic)
    if (existing) this.closeChannel(existing)

    const refuse = async (reason: string) => {
      await new Promise((resolve) => setTimeout(resolve, this.env.joinErrorBackoffMs))
      this.reply(message, 'error', { reason })
    }
    // RT `limit_channels`: joined channels of this socket, counting joins still being decided.
    if (this.channels.size + this.joining.size >= MAX_CHANNELS_PER_CLIENT) {
      return refuse('ChannelRateLimitReached: Too many channels')
    }
    this.joining.add(topic)
    try {
      await this.decideJoin(message, refuse)
    } finally {
      this.joining.delete(topic)
    }
  }

  private async decideJoin(
    message: PhoenixMessage,
    refuse: (reason: string) => Promise<void>,
  ): Promise<void> {
    const { topic } = message
    const name = topic.slice(TOPIC_PREFIX.length)
    if (name === '') return refuse('TopicNameRequired: You must provide a topic name')
    const payload = isObject(message.payload) ? message.payload : {}
    const config = isObject(payload.config) ? payload.config : {}
    const broadcastConfig = isObject(config.broadcast) ? config.broadcast : {}
    const presenceConfig = isObject(config.presence) ? config.presence : {}

    const token = this.joinToken(payload)
    const check = await verifyRealtimeToken(token, this.env.jwtSecret)
    if (!check.ok) return refuse(joinRefusal(check))

    const raw = Array.isArray(config.postgres_changes)
      ? (config.postgres_changes as unknown[]).filter((item) => item !== null && item !== undefined)
      : []
    if (!raw.every(isObject)) {
      return refuse('UnknownErrorOnChannel: postgres_changes entries must be objects')
    }
    const channel = new Channel(this, topic, message.joinRef, token, check.claims, check.claims)
    channel.bindings = raw.map((binding) => ({ raw: binding, id: bindingId(binding) }))
    channel.isPrivate = flag(config.private)
    channel.selfBroadcast = flag(broadcastConfig.self)
    channel.ackBroadcast = flag(broadcastConfig.ack)
    channel.presenceEnabled = flag(presenceConfig.enabled)
    channel.presenceKey =
      presenceConfig.key === undefined || presenceConfig.key === null || presenceConfig.key === ''
        ? randomUUID()
        : typeof presenceConfig.key === 'string'
          ? presenceConfig.key
          : JSON.stringify(presenceConfig.key)

    if (channel.isPrivate) {
      const refusal = await this.assignReadPolicies(channel)
      if (refusal) return refuse(refusal)
    }
    const replay = broadcastConfig.replay
    let replayed: { id: string; event: string; payload: unknown }[] = []
    if (replay !== undefined && replay !== null) {
      if (!channel.isPrivate) {
        return refuse('UnableToReplayMessages: Replay is not allowed for public channels')
      }
      if (channel.policies?.broadcast.read === false) {
        return refuse(
          `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`,
        )
      }
      const since = isObject(replay) ? replay.since : undefined
      const limit = isObject(replay) ? (replay.limit ?? 25) : undefined
      if (!Number.isSafeInteger(since) || !Number.isSafeInteger(limit)) {
        return refuse('UnableToReplayMessages: Replay params are not valid')
      }
      try {
        replayed = await replayMessages(this.env.db, name, since as number, limit as number)
      } catch (error) {
        this.env.log(`realtime: replay on ${name} failed: ${(error as Error).message}`)
        return refuse('UnableToReplayMessages: Realtime was unable to replay messages')
      }
      channel.replayed = new Set(replayed.map((item) => item.id))
    }

    // Realtime replies first and subscribes a moment later; subscribing first means a client that
    // saw SUBSCRIBED misses nothing committed afterwards. The frames and their order are the same.
    const outcome = channel.bindings.length
      ? await this.subscribe(channel, check.claims)
      : undefined
    if (this.closed) {
      this.env.registry.remove(channel.subscriptions)
      return
    }
    this.channels.set(topic, channel)
    this.env.broadcaster.subscribe(channel.tenantTopic, channel)
    this.reply(message, 'ok', {
      postgres_changes: channel.bindings.map(({ raw: binding, id }) => ({ ...binding, id })),
    })
    if (outcome) channel.systemMessage('postgres_changes', outcome.status, outcome.message)
    for (const item of replayed) {
      channel.push('broadcast', {
        event: item.event,
        meta: { id: item.id, replayed: true },
        payload: item.payload,
        type: 'broadcast',
      })
    }
    if (channel.presenceEnabled && channel.policies?.presence.read !== false) {
      channel.push('presence_state', this.env.presence.list(channel.tenantTopic))
    }
    this.armTokenCheck(channel)
  }

  /**
   * RT `maybe_assign_policies`: a private channel joins only if its policies let the caller read
   * broadcasts, or presence when presence is on. Returns the refusal, if any.
   */
  private async assignReadPolicies(channel: Channel): Promise<string | undefined> {
    const unauthorized = `Unauthorized: You do not have permissions to read from this Channel topic: ${channel.name}`
    const extensions: Extension[] = channel.presenceEnabled
      ? ['broadcast', 'presence']
      : ['broadcast']
    try {
      channel.policies = await readAuthorizations(
        this.env.db,
        channel.authorization,
        emptyPolicies(),
        extensions,
      )
    } catch (error) {
      if (!(error instanceof PolicyCheckFailed)) throw error
      if (error.code === '23514') {
        return 'MissingPartition: Realtime was unable to find the expected messages partition'
      }
      this.env.log(`realtime: RlsPolicyError on ${channel.name}: ${error.message}`)
      return unauthorized
    }
    const { broadcast, presence } = channel.policies
    return broadcast.read || presence.read ? undefined : unauthorized
  }

  /** RT `BroadcastHandler`: a private channel needs insert on the topic to send. */
  private async broadcast(channel: Channel, message: PhoenixMessage): Promise<void> {
    if (!this.countEvent(channel)) return
    if (channel.isPrivate) {
      const allowed = await this.mayWrite(channel, ['broadcast', 'presence'])
      if (allowed?.broadcast.write !== true) return
    }
    const body = isObject(message.payload) ? message.payload : {}
    const binary = Buffer.isBuffer(body.payload) ? body.payload : undefined
    const payloadJson = binary ? '' : JSON.stringify(message.payload ?? {})
    const ack = () => this.reply({ ...message, joinRef: channel.joinRef }, 'ok', {})
    if ((binary?.length ?? Buffer.byteLength(payloadJson)) > MAX_PAYLOAD_BYTES) {
      if (channel.ackBroadcast) {
        this.reply({ ...message, joinRef: channel.joinRef }, 'error', {
          reason: 'payload_size_exceeded',
        })
      }
      return
    }
    const from = channel.selfBroadcast ? undefined : channel
    if (binary) {
      const event = typeof body.event === 'string' ? body.event : ''
      this.env.broadcaster.publishBinary(channel.tenantTopic, event, binary, { from })
    } else {
      this.env.broadcaster.publish(channel.tenantTopic, 'broadcast', payloadJson, { from })
    }
    if (channel.ackBroadcast) ack()
  }

  /** The channel's write policies, asked once and kept until its token changes. */
  private async mayWrite(channel: Channel, extensions: Extension[]): Promise<Policies | undefined> {
    const policies = channel.policies ?? emptyPolicies()
    if (policies.broadcast.write !== undefined && policies.presence.write !== undefined) {
      return policies
    }
    try {
      channel.policies = await writeAuthorizations(
        this.env.db,
        channel.authorization,
        policies,
        extensions,
      )
      return channel.policies
    } catch (error) {
      if (!(error instanceof PolicyCheckFailed)) throw error
      this.env.log(`realtime: RlsPolicyError on ${channel.name}: ${error.message}`)
      return undefined
    }
  }

  /** RT `PresenceHandler.handle`: track and untrack, with the client presence limit. */
  private async presence(channel: Channel, message: PhoenixMessage): Promise<void> {
    const payload = isObject(message.payload) ? message.payload : {}
    const reply = (status: 'ok' | 'error', response: unknown = {}) =>
      this.reply({ ...message, joinRef: channel.joinRef }, status, response)
    if (typeof payload.event !== 'string') return reply('ok')
    if (!this.countEvent(channel)) return
    const now = performance.now()
    const calls = channel.presenceCalls
    if (now > calls.resetAt) {
      channel.presenceCalls = { count: 1, resetAt: now + CLIENT_PRESENCE_WINDOW_MS }
    } else if (calls.count >= CLIENT_PRESENCE_MAX_CALLS) {
      return this.shutdownWith(channel, 'Client presence rate limit exceeded')
    } else {
      calls.count += 1
    }
    switch (payload.event.toLowerCase()) {
      case 'track': {
        if (channel.isPrivate) {
          if (channel.policies?.presence.read === undefined) {
            try {
              channel.policies = await readAuthorizations(
                this.env.db,
                channel.authorization,
                channel.policies ?? emptyPolicies(),
                ['broadcast', 'presence'],
              )
            } catch (error) {
              if (!(error instanceof PolicyCheckFailed)) throw error
              return reply('error')
            }
          }
          const allowed = await this.mayWrite(channel, ['broadcast', 'presence'])
          if (allowed?.presence.write !== true) return reply('error')
        }
        const meta = payload.payload ?? {}
        if (!isObject(meta)) {
          return reply('error', { reason: 'Presence track payload must be a map' })
        }
        const metaJson = JSON.stringify(meta)
        if (metaJson === channel.presenceTracked) return reply('ok')
        if (Buffer.byteLength(metaJson) > MAX_PAYLOAD_BYTES) {
          return this.shutdownWith(channel, 'Track message size exceeded')
        }
        channel.presenceEnabled = true
        channel.presenceTracked = metaJson
        this.env.presence.track(channel.tenantTopic, channel, channel.presenceKey, meta)
        return reply('ok')
      }
      case 'untrack':
        channel.presenceTracked = undefined
        this.env.presence.untrack(channel.tenantTopic, channel)
        return reply('ok')
      default:
        return reply('error')
    }
  }

  /** RT `count` and `:update_rate_counter`: too many messages end the channel. */
  private countEvent(channel: Channel): boolean {
    if (admit(this.eventTimes, MAX_EVENTS_PER_SECOND)) return true
    this.shutdownWith(channel, 'Too many messages per second')
    return false
  }

  /** Realtime's `assign_access_token`: an `sb_` key or no token means the socket's own key. */
  private joinToken(payload: Record<string, unknown>): string {
    const given = payload.access_token || payload.user_token
    if (typeof given === 'string' && given.startsWith('sb_')) return this.socketToken
    if (typeof payload.user_token === 'string') return payload.user_token
    if (typeof payload.access_token === 'string') return payload.access_token
    return this.socketToken
  }

  private async subscribe(
    channel: Channel,
    claims: Claims,
  ): Promise<{ status: 'ok' | 'error'; message: string }> {
    if (channel.bindings.length > MAX_BINDINGS_PER_CHANNEL) {
      return {
        status: 'error',
        message: `Unable to subscribe to changes with given parameters. Too many postgres_changes bindings: maximum ${MAX_BINDINGS_PER_CHANNEL} per channel`,
      }
    }
    const parsed: ChangeParams[] = []
    for (const { raw } of channel.bindings) {
      const result = parseChangeParams(raw)
      if (!result.ok) return { status: 'error', message: result.message }
      parsed.push(result.value)
    }
    const resolved = await resolveBindings(this.env.db, claims.role, parsed)
    if (!resolved.ok) return { status: 'error', message: resolved.message }
    const subscriptions = resolved.value.flatMap(({ params, relids }, index) =>
      relids.map((relid): Subscription => ({
        subscriber: channel,
        bindingId: channel.bindings[index]?.id ?? 0,
        relid,
        action: params.action,
        filters: params.filters,
        selectedColumns: params.selectedColumns,
      })),
    )
    this.env.registry.remove(channel.subscriptions)
    channel.claims = claims
    channel.subscriptions = subscriptions
    if (!this.closed && !channel.closed) this.env.registry.add(subscriptions)
    return { status: 'ok', message: 'Subscribed to PostgreSQL' }
  }

  /** RT `handle_in("access_token")`: a new token renews the channel's claims or ends it. */
  private async updateToken(channel: Channel, payload: unknown): Promise<void> {
    const token = isObject(payload) ? payload.access_token : undefined
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.accessToken)
      return
    channel.accessToken = token
    const check = await verifyRealtimeToken(token, this.env.jwtSecret)
    if (!check.ok) return this.shutdown(channel, check)
    channel.tokenClaims = check.claims
    if (channel.isPrivate) {
      // The new token's policies replace the old ones; losing a read the old token had ends it.
      const previous = channel.policies
      const refusal = await this.assignReadPolicies(channel)
      if (channel.closed) return
      if (refusal) {
        return this.shutdownWith(
          channel,
          `You do not have permissions to read from this Channel topic: ${channel.name}`,
        )
      }
      const lost = (['broadcast', 'presence'] as const).some(
        (extension) =>
          previous?.[extension].read === true && channel.policies?.[extension].read === false,
      )
      if (lost) {
        return this.shutdownWith(
          channel,
          `You no longer have permission to read from this Channel topic: ${channel.name}`,
        )
      }
    }
    this.armTokenCheck(channel)
    if (!channel.bindings.length) return
    const outcome = await this.subscribe(channel, check.claims)
    if (outcome.status === 'error' && !channel.closed) {
      // The new token may not have these subscriptions; they must not run on with the old
      // claims, past the old token's expiry, for whoever now holds the socket.
      this.env.registry.remove(channel.subscriptions)
      channel.subscriptions = []
      channel.claims = check.claims
    }
    channel.systemMessage('postgres_changes', outcome.status, outcome.message)
  }

  /** The change feed was lost: every channel with postgres_changes hears it (RT re-subscribes). */
  feedLost(): void {
    for (const channel of this.channels.values()) {
      if (channel.bindings.length) {
        channel.systemMessage('postgres_changes', 'error', FEED_LOST_MESSAGE)
      }
    }
  }

  /**
   * The change feed is back: each channel re-subscribes with its current claims, as Realtime's
   * `postgres_subscribe` does after `postgres_cdc_rls_down`, and says how that went. Only after
   * this message is every later commit delivered again, so clients reload on it.
   */
  async feedRestored(): Promise<void> {
    await Promise.all(
      [...this.channels.values()]
        .filter((channel) => channel.bindings.length)
        .map(async (channel) => {
          const outcome = await this.subscribe(channel, channel.tokenClaims)
          if (!channel.closed) {
            channel.systemMessage('postgres_changes', outcome.status, outcome.message)
          }
        }),
    )
  }

  /** RT `confirm_token`: the channel ends when its token expires. */
  private armTokenCheck(channel: Channel): void {
    clearTimeout(channel.expiryTimer)
    const untilExpiry = channel.tokenClaims.exp * 1000 - Date.now()
    channel.expiryTimer = setTimeout(
      () => {
        const token = channel.accessToken
        void verifyRealtimeToken(token, this.env.jwtSecret).then((check) => {
          if (channel.closed || token !== channel.accessToken) return
          if (!check.ok) this.shutdown(channel, check)
          else this.armTokenCheck(channel)
        })
      },
      Math.max(0, Math.min(CONFIRM_TOKEN_INTERVAL_MS, untilExpiry)),
    )
    channel.expiryTimer.unref()
  }

  /** RT `shutdown_response`: a system error, then Phoenix closes the channel. */
  private shutdown(channel: Channel, check: Extract<TokenCheck, { ok: false }>): void {
    this.shutdownWith(channel, shutdownMessage(check))
  }

  private shutdownWith(channel: Channel, message: string): void {
    if (channel.closed) return
    channel.systemMessage('system', 'error', message)
    this.closeChannel(channel, 'phx_close')
  }

  private closeChannel(channel: Channel, notify?: 'phx_close'): void {
    if (notify) {
      this.sendFrame(
        { joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: notify },
        '{}',
      )
    }
    channel.closed = true
    clearTimeout(channel.expiryTimer)
    this.env.registry.remove(channel.subscriptions)
    this.env.broadcaster.unsubscribe(channel.tenantTopic, channel)
    this.env.presence.untrack(channel.tenantTopic, channel)
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
  }

  private dispose(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idleTimer)
    for (const channel of this.channels.values()) this.closeChannel(channel)
  }
}

/** Realtime's FlexibleBoolean: true, or the string "true". */
const flag = (value: unknown) => value === true || value === 'true'

/** A sliding one-second window: records this event unless `limit` already arrived in it. */
function admit(times: number[], limit: number): boolean {
  const now = performance.now()
  while (times.length && now - (times[0] as number) >= 1000) times.shift()
  if (times.length >= limit) return false
  times.push(now)
  return true
}
