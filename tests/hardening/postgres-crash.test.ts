import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, expect, it } from 'vitest'
import type { Database } from '../../src/lib/database.types.ts'
import { restartablePort, startStack, type Stack } from 'local-supabase'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import { memoryStorage, nodeRealtime, uniqueEmail } from '../support/stack.ts'

// Monotonic: ids made in the same millisecond still sort in the order they were made.
const ulid = monotonicFactory()

/**
 * Postgres is killed with SIGKILL while a golfer is writing. After the stack is started again on
 * the same data folder, every write the API acknowledged is there, and nothing that was never
 * attempted is. A write whose response was lost in the crash may land either way (in doubt).
 */
let root: string | undefined
let stack: Stack | undefined

afterAll(async () => {
  await stack?.stop().catch(() => undefined)
  if (root) await rm(root, { recursive: true, force: true })
})

it('keeps every acknowledged write when Postgres is killed mid-write', async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-crash-'))
  await chmod(root, 0o755)
  const dataDir = path.join(root, 'db')
  // The stack comes back on the same ports, so the golfer's client carries on unchanged.
  const apiPort = await restartablePort()
  const dbPort = await restartablePort()
  // fsync stays on: durability is what this test is about.
  stack = await startStack({
    projectDir: PROJECT_ROOT,
    apiPort,
    dbPort,
    inboxPort: 0,
    dataDir,
    seed: false,
  })

  const client = createClient<Database>(stack.apiUrl, stack.keys.publishable, {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true },
    realtime: nodeRealtime,
  })
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail('crash'),
    password: 'crash-test-password',
  })
  expect(error).toBeNull()
  const userId = data.user?.id as string

  const attempted: string[] = []
  const acknowledged: string[] = []
  let crashed = false
  let enoughAcknowledged = () => {}
  const midWrite = new Promise<void>((resolve) => (enoughAcknowledged = resolve))
  const writer = async () => {
    for (let i = 0; i < 400 && !crashed; i++) {
      const id = ulid()
      attempted.push(id)
      const result = await client
        .from('courses')
        .insert({ id, name: `Crash ${i}`, rating: 70, slope: 113 })
        .then(
          (r) => r,
          () => ({ error: 'network' }),
        )
      if (!result.error && acknowledged.push(id) === 40) enoughAcknowledged()
    }
  }
  const writers = Promise.all([writer(), writer(), writer(), writer()])
  const pid = stack.postgresPid as number
  expect(pid).toBeGreaterThan(0)
  await Promise.race([midWrite, writers])
  expect(acknowledged.length).toBeGreaterThanOrEqual(40)
  process.kill(pid, 'SIGKILL')
  crashed = true
  await writers
  await stack.stop().catch(() => undefined)

  stack = await startStack({
    projectDir: PROJECT_ROOT,
    apiPort,
    dbPort,
    inboxPort: 0,
    dataDir,
    seed: false,
  })
  const db = new pg.Client({ connectionString: stack.dbUrl })
  db.on('error', () => undefined)
  await db.connect()
  try {
    const { rows } = await db.query<{ id: string }>(
      'select id from public.courses where user_id = $1',
      [userId],
    )
    const stored = new Set(rows.map((row) => row.id))
    const missing = acknowledged.filter((id) => !stored.has(id))
    const neverAttempted = [...stored].filter((id) => !attempted.includes(id))
    expect(missing).toEqual([])
    expect(neverAttempted).toEqual([])
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length)
  } finally {
    await db.end()
  }

  // And the restarted stack serves the golfer again.
  const { error: afterError } = await client.from('courses').select('id').limit(1)
  expect(afterError).toBeNull()
}, 120_000)
