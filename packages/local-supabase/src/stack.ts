import { createServer, type Server } from 'node:http'
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server as NetServer,
  type Socket,
} from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import pg from 'pg'
import { createGateway } from './app.ts'
import { DEFAULT_PASSWORD_HASH_COST } from './auth/crypto.ts'
import { loadConfig, type StackConfig } from './config.ts'
import type { ServiceContext } from './context.ts'
import { startDatabase, type Database } from './database.ts'
import { startInbox, type Inbox } from './inbox/server.ts'
import { MailStore } from './inbox/store.ts'
import { keysFor, DEFAULT_JWT_SECRET, type StackKeys } from './keys.ts'
import { listenNotifications, type Notifications } from './notifications.ts'

/** Where a project's local data lives unless told otherwise (git-ignore `.local/`). */
export const defaultDataDir = (projectDir: string) => path.join(projectDir, '.local', 'db')

export interface StackOptions {
  /** The project directory: its `supabase/config.toml`, `supabase/migrations` and seed are used. */
  projectDir: string
  /** API gateway port; defaults to `[api] port` (54321). 0 picks a free port. */
  apiPort?: number
  /** Embedded Postgres port; defaults to `[db] port` (54322). 0 picks a free port. */
  dbPort?: number
  /** The local inbox's port; defaults to `[inbucket] port` (54324). 0 picks a free port. */
  inboxPort?: number
  /** Where the embedded Postgres keeps its data. */
  dataDir?: string
  /** Use this server instead of the embedded one (it needs wal_level=logical for Realtime). */
  databaseUrl?: string
  /** Wipe the embedded data folder first (`npm run db:reset`). */
  fresh?: boolean
  /** Apply supabase/seed.sql (the CLI applies each seed file once). */
  seed?: boolean
  /** Set false only for throwaway test clusters. */
  fsync?: boolean
  jwtSecret?: string
  config?: StackConfig
  log?: (line: string) => void
  /** bcrypt's cost for new passwords: GoTrue's 10 unless a throwaway test stack lowers it. */
  passwordHashCost?: number
}

export interface Stack {
  apiUrl: string
  /**
   * The `postgres` role's connection string, what `supabase status` prints as `DB_URL`: the role
   * migrations and the seed run as, which is not a superuser, as on the platform.
   */
  dbUrl: string
  /** The superuser's (supabase_admin), for the stack's own administration and tests that need it. */
  superuserDbUrl: string
  keys: StackKeys
  config: StackConfig
  /**
   * The local inbox that receives Auth's mails (Mailpit's page and JSON API, as `supabase start`
   * serves them); undefined when `[inbucket] enabled = false`.
   */
  inboxUrl: string | undefined
  /** The embedded Postgres server's pid (undefined with DATABASE_URL). */
  postgresPid: number | undefined
  stop(): Promise<void>
}

export class PortInUseError extends Error {}

/**
 * Starts the whole Docker-free stack: Postgres (embedded, or DATABASE_URL), the platform
 * bootstrap and migrations via the real CLI, then the gateway with Auth, REST and Realtime.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const config = options.config ?? loadConfig(options.projectDir)
  const log = options.log ?? (() => undefined)
  // The API and the inbox take their ports from the start: a port only probed here could be
  // handed to someone else while Postgres starts. A client that connects meanwhile is held,
  // unread, and answered by the gateway once it is ready.
  const api = await holdPort(options.apiPort ?? config.apiPort, 'API')
  const apiUrl = `http://127.0.0.1:${api.port}`
  const mail = new MailStore()
  let inbox: Inbox | undefined
  try {
    if (config.inbucket.enabled) {
      const inboxPort = options.inboxPort ?? config.inbucket.port
      inbox = await startInbox(mail, inboxPort).catch((error: unknown) => {
        throw portError(error, inboxPort, 'inbox')
      })
    }
  } catch (error) {
    api.close()
    throw error
  }

  let database: Database
  try {
    database = await startDatabase({
      projectDir: options.projectDir,
      dataDir: options.dataDir ?? defaultDataDir(options.projectDir),
      port: options.databaseUrl ? 0 : await checkedPort(options.dbPort ?? config.dbPort),
      ...pick(options, ['databaseUrl', 'fresh', 'seed', 'fsync']),
      log,
    })
  } catch (error) {
    api.close()
    await inbox?.stop()
    throw error
  }
  const { superuserDbUrl } = database

  const pools: pg.Pool[] = []
  let notifications: Notifications | undefined
  try {
    const keys = await keysFor(options.jwtSecret ?? DEFAULT_JWT_SECRET)
    const pool = (user: string, max: number) => {
      const url = new URL(superuserDbUrl)
      if (user !== 'superuser') {
        url.username = user
        url.password = 'postgres'
      }
      const created = new pg.Pool({ connectionString: url.toString(), max })
      // A restarting or killed server makes idle clients emit errors; the next query reconnects.
      created.on('error', (error) => log(`[pool ${user}] ${error.message}`))
      // A checked-out client that loses its server between two queries emits 'error' on itself,
      // which would otherwise crash the process; the query in flight still rejects.
      created.on('connect', (client) => client.on('error', () => undefined))
      pools.push(created)
      return created
    }
    notifications = await listenNotifications(superuserDbUrl, ['pgrst'], log)
    const ctx: ServiceContext = {
      config,
      keys,
      authDb: pool('supabase_auth_admin', 10),
      restDb: pool('authenticator', 24),
      adminDb: pool('superuser', 10),
      adminDbUrl: superuserDbUrl,
      apiUrl,
      log,
      passwordHashCost: options.passwordHashCost ?? DEFAULT_PASSWORD_HASH_COST,
      notifications,
      ...(inbox ? { mailer: { send: (message) => void mail.add(message) } } : {}),
    }
    const gateway = createGateway(ctx)
    await gateway.realtime.start()
    const server = createServer(getRequestListener(gateway.fetch))
    server.on('upgrade', (request, socket, head: Buffer) =>
      gateway.handleUpgrade(request, socket, head),
    )
    api.serve(server)

    let stopping: Promise<void> | undefined
    return {
      apiUrl,
      dbUrl: database.dbUrl,
      superuserDbUrl,
      keys,
      config,
      inboxUrl: inbox?.url,
      postgresPid: database.pid,
      stop() {
        stopping ??= (async () => {
          api.close()
          await gateway.realtime.close()
          await inbox?.stop()
          await notifications?.close()
          await Promise.all(pools.map((p) => p.end().catch(() => undefined)))
          await database.stop()
        })()
        return stopping
      },
    }
  } catch (error) {
    api.close()
    await inbox?.stop()
    await notifications?.close()
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)))
    await database.stop()
    throw error
  }
}

/**
 * A listening port whose connections wait, unread, until `serve` hands them (and every later one)
 * to the HTTP server; `close` stops listening and ends every connection.
 */
async function holdPort(port: number, what: string) {
  // Every connection, held or served: an HTTP server that never listened itself does not track
  // the connections handed to it, so closing it would leave them open on a stopped gateway.
  const open = new Set<Socket>()
  const waiting: Socket[] = []
  let server: Server | undefined
  const hand = (socket: Socket, to: Server) => {
    to.emit('connection', socket)
    socket.resume()
  }
  const listener = createNetServer({ pauseOnConnect: true }, (socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
    if (server) hand(socket, server)
    else waiting.push(socket)
  })
  await listenOn(listener, port, what)
  return {
    port: (listener.address() as AddressInfo).port,
    serve(ready: Server) {
      server = ready
      for (const socket of waiting.splice(0)) hand(socket, ready)
    },
    close() {
      listener.close()
      waiting.length = 0
      for (const socket of open) socket.destroy()
    },
  }
}

function listenOn(server: NetServer, port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(portError(error, port, what)))
    server.listen(port, '127.0.0.1', () => {
      server.removeAllListeners('error')
      resolve()
    })
  })
}

/** A fixed port that is taken fails before Postgres starts; 0 lets the database pick one. */
async function checkedPort(port: number): Promise<number> {
  if (port === 0) return 0
  const probe = createNetServer()
  await listenOn(probe, port, 'database')
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** A port that is taken, explained in one line; any other error as it was. */
function portError(error: unknown, port: number, what: string): unknown {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error
  return new PortInUseError(
    `Port ${port} (${what}) is already in use — is \`supabase start\` or another \`npm run stack\` running? Stop it, or change the port in supabase/config.toml.`,
  )
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {}
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key]
  return picked
}
