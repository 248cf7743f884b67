import type pg from 'pg'
import { MAX_PAYLOAD_BYTES, tenantTopic, type TenantBroadcaster } from './tenant-broadcaster.ts'
import type { WalChange } from './wal-feed.ts'

/** Realtime's own publication of `realtime.messages`, read by the same change feed. */
export const MESSAGES_PUBLICATION = 'supabase_realtime_messages_publication'
/** Realtime's replay `@hard_limit`. */
const REPLAY_HARD_LIMIT = 25

/** Whether a decoded change is a row of realtime.messages (its partitions are `messages_…`). */
export const isMessageRow = (change: WalChange) =>
  change.relation.schema === 'realtime' && change.relation.table.startsWith('messages')

/**
 * Broadcast from the database (RT `ReplicationConnection` on `realtime.messages`): each committed
 * insert is sent to the topic's channels, private or public as the row says, as a broadcast whose
 * `meta.id` is the row's id. Rolled-back inserts never reach the WAL, so are never sent.
 */
export function dispatchMessage(
  change: WalChange,
  broadcaster: TenantBroadcaster,
  log: (message: string) => void,
): void {
  if (change.action !== 'INSERT' || !change.record) return
  const row = change.record
  const [id, topic, event, payload] = ['id', 'topic', 'event', 'payload'].map((name) =>
    row.get(name),
  )
  if (!id || !topic || !event) return
  const isPrivate = row.get('private') === 't'
  const binary = row.get('binary_payload')
  if (payload === undefined || payload === null) {
    // bytea arrives in its text form, `\x` and hex digits.
    if (!binary?.startsWith('\\x')) return
    const bytes = Buffer.from(binary.slice(2), 'hex')
    if (bytes.length > MAX_PAYLOAD_BYTES) {
      log(`realtime: message ${id} on ${topic} exceeds the payload size limit; not sent`)
      return
    }
    broadcaster.publishBinary(tenantTopic(topic, isPrivate), event, bytes, { messageId: id })
    return
  }
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    log(`realtime: message ${id} on ${topic} exceeds the payload size limit; not sent`)
    return
  }
  const json = `{"event":${JSON.stringify(event)},"meta":{"id":${JSON.stringify(id)}},"payload":${payload},"type":"broadcast"}`
  broadcaster.publish(tenantTopic(topic, isPrivate), 'broadcast', json, { messageId: id })
}

/**
 * RT `Messages.replay`: the newest `limit` (1 to 25) private broadcasts of `topic` inserted since
 * `since` (Unix milliseconds), oldest first.
 */
export async function replayMessages(
  db: pg.Pool,
  topic: string,
  since: number,
  limit: number,
): Promise<{ id: string; event: string; payload: unknown }[]> {
  const { rows } = await db.query<{ id: string; event: string; payload: unknown }>(
    `select id, event, payload from realtime.messages
      where topic = $1 and private is true and extension = 'broadcast' and payload is not null
        and inserted_at >= to_timestamp($2::float8 / 1000)::timestamp
        and inserted_at < now()::timestamp + interval '1 minute'
      order by inserted_at desc
      limit $3`,
    [topic, since, Math.max(Math.min(limit, REPLAY_HARD_LIMIT), 1)],
  )
  return rows.reverse()
}

/** Realtime's janitor: keeps a partition for each day messages may be inserted on. */
export async function maintainPartitions(db: pg.Pool): Promise<void> {
  await db.query('select local_supabase.maintain_messages_partitions()')
}
