import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { LogicalReplicationService, PgoutputPlugin, type Pgoutput } from 'pg-logical-replication'
import type { ChangeAction } from './subscription-params.ts'

export interface WalColumn {
  name: string
  typeOid: number
  /** `atttypid::regtype::text`, the type Realtime casts WAL values to (no typmod). */
  regtype: string
}

export interface WalRelation {
  oid: number
  schema: string
  table: string
  columns: WalColumn[]
  /** Replica identity columns as the relation message flags them (all of them under FULL). */
  keyColumns: string[]
}

/** A tuple as text values; a column absent from the map was not sent (unchanged TOAST). */
export type WalTuple = Map<string, string | null>

export interface WalChange {
  action: ChangeAction
  relation: WalRelation
  /** Commit time of the transaction, `YYYY-MM-DDTHH:MM:SS.mmmZ` as Realtime formats it. */
  commitTimestamp: string
  /** The transaction's 32-bit id, as pgoutput's Begin message gives it. */
  xid: number
  /** The new row (INSERT, UPDATE). */
  record?: WalTuple
  /** The old row's replica identity (UPDATE, DELETE), what wal2json calls `identity`. */
  identity?: WalTuple
}

export interface WalFeedOptions {
  connectionString: string
  /** The publications read: the tables of postgres_changes and Realtime's own messages. */
  publications: string[]
  /** Looks up type names for relation messages. */
  db: pg.Pool
  onChange: (change: WalChange) => Promise<void>
  /**
   * `down` when a running stream is lost (changes committed from then until `up` are never
   * seen: the new slot starts where it is made), `up` once a new stream runs again.
   */
  onStatus?: (status: 'down' | 'up') => void
  log: (message: string) => void
}

export interface WalFeed {
  readonly slotName: string
  /** Resolves once Postgres streams changes into the slot; later commits will all be seen. */
  start(): Promise<void>
  stop(): Promise<void>
}

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000]

/**
 * pgoutput turns values into JS through node-postgres's type parsers (a timestamptz becomes a Date
 * and loses its microseconds). Realtime casts the WAL text itself, so keep the text; and create
 * the slot on the streaming connection, because a temporary slot lives only as long as the
 * session that made it — which is what removes it when the stack stops or crashes.
 */
class TextPgoutputPlugin extends PgoutputPlugin {
  override parse(buffer: Buffer): Pgoutput.Message {
    const message = super.parse(buffer)
    if (message.tag === 'relation') {
      for (const column of message.columns) column.parser = (raw: unknown) => raw
    }
    return message
  }

  override async start(client: pg.Client, slotName: string, lastLsn: string) {
    await client.query(
      `CREATE_REPLICATION_SLOT ${slotName} TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`,
    )
    return super.start(client, slotName, lastLsn)
  }
}

/**
 * The change feed: logical replication of the publication over pgoutput (protocol 1), one
 * temporary slot per stack. Messages are handled one at a time in WAL order (the service pauses
 * the stream until `onChange` settles), and each is acknowledged once handled.
 */
export function createWalFeed(options: WalFeedOptions): WalFeed {
  const slotName = `local_realtime_${process.pid}_${randomBytes(4).toString('hex')}`
  const typeNames = new Map<number, string>()
  const relations = new Map<number, WalRelation>()
  let commitTimestamp = new Date().toISOString()
  let xid = 0
  let service: LogicalReplicationService | undefined
  let stopped = false
  let retryTimer: NodeJS.Timeout | undefined
  let failures = 0
  /** A stream ran and was lost; the next one to start is a recovery. */
  let lost = false
  const report = (status: 'down' | 'up') => {
    try {
      options.onStatus?.(status)
    } catch (error) {
      options.log(`realtime: feed status ${status} not handled: ${(error as Error).message}`)
    }
  }

  async function resolveTypes(oids: number[]): Promise<void> {
    const missing = [...new Set(oids)].filter((oid) => !typeNames.has(oid))
    if (!missing.length) return
    const { rows } = await options.db.query<{ oid: number; regtype: string }>(
      'select oid::int8::int as oid, oid::regtype::text as regtype from pg_type where oid = any($1::oid[])',
      [missing],
    )
    for (const row of rows) typeNames.set(row.oid, row.regtype)
  }

  async function handle(message: Pgoutput.Message): Promise<void> {
    switch (message.tag) {
      case 'begin':
        commitTimestamp = new Date(
          Number(BigInt(message.commitTime as bigint) / 1000n),
        ).toISOString()
        xid = message.xid
        return
      case 'relation': {
        await resolveTypes(message.columns.map((column) => column.typeOid))
        relations.set(message.relationOid, {
          oid: message.relationOid,
          schema: message.schema,
          table: message.name,
          columns: message.columns.map((column) => ({
            name: column.name,
            typeOid: column.typeOid,
            regtype: typeNames.get(column.typeOid) ?? 'text',
          })),
          keyColumns: message.keyColumns,
        })
        return
      }
      case 'insert':
      case 'update':
      case 'delete':
        await options.onChange(toChange(message, relations, { commitTimestamp, xid }))
        return
      default:
        return
    }
  }

  function connect(): Promise<void> {
    const current = new LogicalReplicationService(
      { connectionString: options.connectionString },
      { acknowledge: { auto: true, timeoutSeconds: 10 }, flowControl: { enabled: true } },
    )
    service = current
    const plugin = new TextPgoutputPlugin({
      protoVersion: 1,
      publicationNames: options.publications,
    })
    current.on('data', async (_lsn: string, message: Pgoutput.Message) => {
      try {
        await handle(message)
      } catch (error) {
        options.log(`realtime: a change could not be delivered: ${(error as Error).message}`)
      }
    })
    // Postgres closes a walsender that does not answer a keepalive within wal_sender_timeout.
    current.on('heartbeat', (lsn: string, _timestamp: number, shouldRespond: boolean) => {
      if (shouldRespond) void current.acknowledge(lsn).catch(() => undefined)
    })
    return new Promise<void>((resolve, reject) => {
      let started = false
      current.on('start', () => {
        started = true
        failures = 0
        if (lost) {
          lost = false
          report('up')
        }
        resolve()
      })
      const ended = (error?: unknown) => {
        if (stopped || service !== current) return
        const reason = error instanceof Error ? error.message : 'the stream ended'
        if (!started) {
          reject(error instanceof Error ? error : new Error(reason))
          return
        }
        options.log(`realtime: replication stream lost (${reason}); reconnecting`)
        lost = true
        scheduleReconnect()
        report('down')
      }
      // A terminated walsender or a dead server shows as an error on the client; the subscribe
      // promise settles too, and whichever comes first ends this stream.
      current.on('error', (error: unknown) => ended(error))
      current.subscribe(plugin, slotName).then(() => ended(), ended)
    })
  }

  function scheduleReconnect(): void {
    if (stopped) return
    const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 10_000
    failures += 1
    const previous = service
    service = undefined
    void previous?.destroy().catch(() => undefined)
    retryTimer = setTimeout(() => {
      connect().catch((error: unknown) => {
        options.log(`realtime: replication reconnect failed: ${(error as Error).message}`)
        scheduleReconnect()
      })
    }, delay)
  }

  return {
    slotName,
    async start() {
      stopped = false
      try {
        await connect()
      } catch (error) {
        const previous = service
        service = undefined
        await previous?.destroy().catch(() => undefined)
        throw new Error(
          `Realtime could not start logical replication (it needs wal_level=logical and a free replication slot): ${(error as Error).message}`,
          { cause: error },
        )
      }
    },
    async stop() {
      stopped = true
      clearTimeout(retryTimer)
      const current = service
      service = undefined
      await current?.destroy().catch(() => undefined)
      await dropSlotIfLeft(options.db, slotName)
    },
  }
}

/**
 * A temporary slot goes with its session, but the walsender may still be exiting when the client
 * has closed; wait briefly, then drop it ourselves so no slot keeps WAL around.
 */
async function dropSlotIfLeft(db: pg.Pool, slotName: string): Promise<void> {
  const deadline = Date.now() + 2000
  try {
    for (;;) {
      const { rows } = await db.query<{ active: boolean }>(
        'select active from pg_replication_slots where slot_name = $1',
        [slotName],
      )
      const slot = rows[0]
      if (!slot) return
      if (!slot.active) {
        await db.query('select pg_drop_replication_slot($1)', [slotName])
        return
      }
      if (Date.now() > deadline) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  } catch {
    // The database is already gone (a crash or an earlier shutdown): so is the slot.
  }
}

type RowMessage = Pgoutput.MessageInsert | Pgoutput.MessageUpdate | Pgoutput.MessageDelete

function toChange(
  message: RowMessage,
  relations: Map<number, WalRelation>,
  transaction: { commitTimestamp: string; xid: number },
): WalChange {
  const relation = relations.get(message.relation.relationOid)
  if (!relation) throw new Error(`no relation message for oid ${message.relation.relationOid}`)
  const tuple = (values: Record<string, unknown> | null | undefined): WalTuple | undefined => {
    if (!values) return undefined
    const result: WalTuple = new Map()
    for (const column of relation.columns) {
      const value = values[column.name]
      if (value === undefined) continue
      result.set(column.name, value === null ? null : String(value))
    }
    return result
  }
  switch (message.tag) {
    case 'insert':
      return { action: 'INSERT', relation, ...transaction, record: tuple(message.new) }
    case 'update': {
      const record = tuple(message.new)
      // Without an old tuple (the key did not change and identity is not FULL), wal2json, which
      // Realtime reads, takes the identity columns from the new row.
      let identity = tuple(message.old ?? message.key)
      if (!identity && record) {
        identity = new Map(
          relation.keyColumns
            .filter((name) => record.has(name))
            .map((name) => [name, record.get(name) ?? null]),
        )
      }
      return { action: 'UPDATE', relation, ...transaction, record, identity }
    }
    case 'delete':
      return {
        action: 'DELETE',
        relation,
        ...transaction,
        identity: tuple(message.old ?? message.key),
      }
  }
}
