import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Hono } from 'hono'
import { WebSocketServer } from 'ws'
import type { ServiceContext } from '../context.ts'
import { bearerForKey } from '../keys.ts'
import { broadcastRoutes } from './broadcast-controller.ts'
import { createChangeDispatcher } from './changes.ts'
import { serializerFor } from './frames.ts'
import {
  dispatchMessage,
  isMessageRow,
  maintainPartitions,
  MESSAGES_PUBLICATION,
} from './messages.ts'
import { SocketSession } from './socket-session.ts'
import { PUBLICATION } from './subscribe.ts'
import { SubscriptionRegistry } from './subscriptions.ts'
import { PresenceTracker, TenantBroadcaster } from './tenant-broadcaster.ts'
import { connectRefusal, verifyRealtimeToken } from './tokens.ts'
import { createWalFeed } from './wal-feed.ts'

export interface Realtime {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** `/realtime/v1/api`: the broadcast endpoints. */
  api: Hono
  /** Starts the change feed; resolves once every later commit will be seen. */
  start(): Promise<void>
  close(): Promise<void>
}

export interface RealtimeOptions {
  /** Realtime's CHANNEL_ERROR_BACKOFF_MS: how long a refused join waits for its reply. */
  joinErrorBackoffMs?: number
  /** Close sockets silent for this long (realtime-js heartbeats every 25 s). */
  idleTimeoutMs?: number
}

/** How often Realtime's janitor makes the coming days' partitions of realtime.messages. */
const PARTITION_MAINTENANCE_MS = 60 * 60_000

/** Realtime's websocket `max_frame_size`; a larger frame closes the socket with 1009. */
export const MAX_FRAME_BYTES = 5_000_000

/**
 * `/realtime/v1/websocket`: Supabase Realtime for the local stack — Phoenix v2 frames over `ws`;
 * `postgres_changes` from logical replication of the `supabase_realtime` publication with
 * per-subscriber RLS decided by Postgres (supabase-compat §C); Broadcast and Presence, private
 * channels authorised by the policies on `realtime.messages`, and Broadcast from the database
 * (the inserts into `realtime.messages`, read from the same replication stream after commit).
 */
export function createRealtime(ctx: ServiceContext, options: RealtimeOptions = {}): Realtime {
  const registry = new SubscriptionRegistry()
  const broadcaster = new TenantBroadcaster()
  const presence = new PresenceTracker(broadcaster)
  /** Each open session and a promise of its socket's close. */
  const sessions = new Map<SocketSession, Promise<void>>()
  const server = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const environment = {
    jwtSecret: ctx.keys.jwtSecret,
    db: ctx.adminDb,
    registry,
    broadcaster,
    presence,
    log: ctx.log,
    joinErrorBackoffMs: options.joinErrorBackoffMs ?? 5000,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
  }
  const dispatchChange = createChangeDispatcher({ db: ctx.adminDb, registry, log: ctx.log })
  const feed = createWalFeed({
    connectionString: ctx.adminDbUrl,
    publications: [PUBLICATION, MESSAGES_PUBLICATION],
    db: ctx.adminDb,
    onChange: async (change) => {
      if (isMessageRow(change)) dispatchMessage(change, broadcaster, ctx.log)
      else await dispatchChange(change)
    },
    onStatus: (status) => {
      for (const session of sessions.keys()) {
        if (status === 'down') session.feedLost()
        else
          void session
            .feedRestored()
            .catch((error: unknown) =>
              ctx.log(`realtime: re-subscribing after the feed returned failed: ${String(error)}`),
            )
      }
    },
    log: ctx.log,
  })
  let closing = false
  let janitor: NodeJS.Timeout | undefined
  const maintain = () =>
    maintainPartitions(ctx.adminDb).catch((error: unknown) =>
      ctx.log(`realtime: PartitionCreationFailed: ${(error as Error).message}`),
    )

  return {
    api: broadcastRoutes({ keys: ctx.keys, db: ctx.adminDb, broadcaster, log: ctx.log }),

    handleUpgrade(req, socket, head) {
      socket.on('error', () => undefined)
      if (closing) return refuse(socket, 503, 'Realtime is restarting, please standby')
      const url = new URL(req.url ?? '/', 'http://localhost')
      const version = serializerFor(url.searchParams.get('vsn'))
      if (!version) {
        return refuse(
          socket,
          403,
          `The client's requested transport version "${url.searchParams.get('vsn')}" is not supported`,
        )
      }
      // Kong rewrites an `sb_` key to the legacy JWT it stands for (supabase-compat §0).
      const header = req.headers['x-api-key']
      const apikey = typeof header === 'string' ? header : url.searchParams.get('apikey')
      const token = apikey === null ? undefined : bearerForKey(ctx.keys, apikey)
      void verifyRealtimeToken(token, ctx.keys.jwtSecret).then((check) => {
        if (!check.ok) {
          const { status, error } = connectRefusal(check)
          return refuse(socket, status, error)
        }
        if (closing || socket.destroyed || token === undefined) return socket.destroy()
        server.handleUpgrade(req, socket, head, (ws) => {
          const session = new SocketSession(ws, version, token, environment)
          sessions.set(
            session,
            new Promise((resolve) =>
              ws.once('close', () => resolve(void sessions.delete(session))),
            ),
          )
        })
      })
    },

    async start() {
      await maintain()
      janitor = setInterval(() => void maintain(), PARTITION_MAINTENANCE_MS)
      janitor.unref()
      await feed.start()
    },

    async close() {
      closing = true
      clearInterval(janitor)
      // Clients reconnect by themselves; give each close handshake a moment, then cut it.
      await Promise.all(
        [...sessions].map(async ([session, closed]) => {
          session.close()
          let timer: NodeJS.Timeout | undefined
          const cut = new Promise<void>((resolve) => {
            timer = setTimeout(() => resolve(session.terminate()), 500)
          })
          await Promise.race([closed, cut])
          clearTimeout(timer)
        }),
      )
      sessions.clear()
      await feed.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Realtime answers a refused connect with a status and `{"error": …}` (RT `UserSocket`). */
function refuse(socket: Duplex, status: number, error: string): void {
  if (socket.destroyed) return
  const body = JSON.stringify({ error })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
}
