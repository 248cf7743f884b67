import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { restartablePort, startPostgres, startStack, type Stack } from '../../src/index.ts'
import type { LocalPostgres } from '../../src/postgres.ts'
import { note, Watch, type Change, type Note, type SystemMessage } from '../realtime-support.ts'
import { FIXTURE_DIR, newClient } from '../support.ts'

/**
 * The change feed is lost — its replication connection terminated, or Postgres killed outright —
 * on a stack of its own (the shared one must not lose its feed under other suites). Subscribers
 * are told, as Realtime tells them (a `postgres_changes` system error, then "Subscribed to
 * PostgreSQL" once it re-subscribed), the stack keeps serving, and a client that reloads on that
 * message shows every write that was acknowledged.
 */

let root: string
let database: LocalPostgres
let stack: Stack
let dbPort: number
const logs: string[] = []

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-supabase-feed-loss-'))
  await chmod(root, 0o755)
  dbPort = await restartablePort()
  database = await startPostgres({ dataDir: path.join(root, 'db'), port: dbPort, fsync: false })
  stack = await startStack({
    projectDir: FIXTURE_DIR,
    apiPort: 0,
    inboxPort: 0,
    databaseUrl: database.url,
    seed: false,
    log: (line) => {
      logs.push(line)
      if (logs.length > 200) logs.shift()
    },
  })
})

afterAll(async () => {
  await stack?.stop()
  await database?.stop()
  if (root) await rm(root, { recursive: true, force: true })
})

/**
 * What an app keeps on screen: its rows, from a load and then from events; on a postgres_changes
 * error it knows it is behind, and once Realtime says it is subscribed again it reloads.
 */
async function screen(client: SupabaseClient, userId: string) {
  const shown = new Map<string, Note>()
  const system: SystemMessage[] = []
  const watch = new Watch()
  let behind = false
  let reloads = 0
  const reload = async () => {
    const { data, error } = await client.from('notes').select('*')
    if (error) throw new Error(error.message)
    shown.clear()
    for (const row of data as Note[]) shown.set(row.id, row)
    reloads += 1
    watch.notify()
  }
  const channel = client
    .channel(`screen-${userId}`)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'notes', filter: `user_id=eq.${userId}` },
      (change: Change) => {
        if (change.eventType === 'DELETE') shown.delete(String(change.old.id))
        else shown.set(String(change.new.id), change.new)
        watch.notify()
      },
    )
    .on('system', {}, (message: SystemMessage) => {
      system.push(message)
      if (message.extension === 'postgres_changes' && message.status === 'error') behind = true
      if (message.extension === 'postgres_changes' && message.status === 'ok' && behind) {
        behind = false
        void reload()
      }
      watch.notify()
    })
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve()
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
  await reload()
  return { shown, system, watch, reloads: () => reloads, channel }
}

async function signedUp(label: string) {
  const client = newClient(stack.keys.publishable, stack.apiUrl)
  const { data, error } = await client.auth.signUp({
    email: `${label}-${process.pid}-${Date.now()}@example.test`,
    password: 'correct-horse-battery',
  })
  if (error || !data.user) throw error ?? new Error('no user')
  return { client, userId: data.user.id }
}

async function write(client: SupabaseClient, row: Note): Promise<boolean> {
  const { error } = await client.from('notes').insert(row)
  return error === null
}

describe('a lost change feed', () => {
  it('tells subscribers when replication is terminated, resumes, and nothing acknowledged is missing', async () => {
    const { client, userId } = await signedUp('feed-drop')
    const view = await screen(client, userId)
    await view.watch.until(() => view.system.length >= 1, 'the first system message')

    const admin = new pg.Client({ connectionString: database.url })
    admin.on('error', () => undefined)
    await admin.connect()
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_replication`,
      )
      expect(rows.some((row) => row.ended)).toBe(true)
    } finally {
      await admin.end()
    }
    const lost = await view.watch.until(
      () => view.system.find((m) => m.extension === 'postgres_changes' && m.status === 'error'),
      'the system error',
    )
    expect(lost.channel).toBe(`screen-${userId}`)

    // Writes while the feed is away: each acknowledged by the API.
    const acknowledged: string[] = []
    for (let i = 0; i < 15; i++) {
      const row = note({ title: `While away ${i}` })
      if (await write(client, row)) acknowledged.push(row.id)
    }
    expect(acknowledged).toHaveLength(15)

    const errorAt = view.system.indexOf(lost)
    await view.watch.until(
      () =>
        view.system
          .slice(errorAt + 1)
          .some((m) => m.status === 'ok' && m.message === 'Subscribed to PostgreSQL'),
      'the re-subscription',
      30_000,
    )
    await view.watch.until(() => view.reloads() >= 2, 'the reload')
    const marker = note({ title: 'After the feed returned' })
    expect(await write(client, marker)).toBe(true)
    acknowledged.push(marker.id)
    await view.watch.until(() => view.shown.has(marker.id), 'the marker to arrive live')

    expect(acknowledged.filter((id) => !view.shown.has(id))).toEqual([])
    await client.removeChannel(view.channel)
  })

  it('survives Postgres being killed mid-burst, and recovers when it returns', async () => {
    const { client, userId } = await signedUp('pg-kill')
    const view = await screen(client, userId)
    await view.watch.until(() => view.system.length >= 1, 'the first system message')

    const acknowledged: string[] = []
    let stop = false
    const writer = async () => {
      for (let i = 0; i < 200 && !stop; i++) {
        const row = note({ title: `Burst ${i}` })
        if (await write(client, row).catch(() => false)) acknowledged.push(row.id)
      }
    }
    const writers = Promise.all([writer(), writer(), writer()])
    await view.watch.until(() => view.shown.size >= 10, 'changes to flow')
    process.kill(database.pid as number, 'SIGKILL')
    await view.watch.until(
      () => view.system.some((m) => m.extension === 'postgres_changes' && m.status === 'error'),
      'the system error',
    )
    stop = true
    await writers

    database = await startPostgres({ dataDir: path.join(root, 'db'), port: dbPort, fsync: false })
    await view.watch.until(() => view.reloads() >= 2, 'the reload after the feed returned', 60_000)

    // Everything serves again: REST, Auth, and live changes.
    const marker = note({ title: 'After Postgres returned' })
    expect(await write(client, marker)).toBe(true)
    acknowledged.push(marker.id)
    await view.watch.until(() => view.shown.has(marker.id), 'the marker to arrive live')
    expect(acknowledged.filter((id) => !view.shown.has(id))).toEqual([])
    const other = await signedUp('pg-kill-after')
    expect(other.userId).toMatch(/^[0-9a-f-]{36}$/)
    await client.removeChannel(view.channel)
  }, 120_000)
})
