import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rowVisibleTo } from '../../src/realtime/rls.ts'
import { adminPool, newUser, stackInfo } from '../support.ts'

/**
 * The RLS check of a decoded change must not run ahead of the commit. Logical decoding can hand
 * over a transaction before its session has told others it ended; a check in that instant saw
 * no row, and the user's own change was silently not sent (the load test lost one now and then
 * on a busy machine). An open transaction stands in for that instant here: its xid is not yet
 * visible to other sessions, exactly as a just-decoded one may not be.
 */

const pool = adminPool()
type User = Awaited<ReturnType<typeof newUser>>
let owner: User
let other: User

beforeAll(async () => {
  ;[owner, other] = await Promise.all([newUser('visibility-owner'), newUser('visibility-other')])
})

afterAll(() => pool.end())

const claimsOf = (user: User) => ({
  role: 'authenticated',
  sub: user.user.id,
  exp: Math.floor(Date.now() / 1000) + 3600,
})

const notesTable = { schema: 'public', table: 'notes' }
const keyOf = (id: string) => [{ name: 'id', regtype: 'uuid', value: id }]
const noLog = () => undefined

/** Inserts the owner's note in a transaction left open; returns its id, xid and the commit. */
async function openInsert(userId: string) {
  const session = new pg.Client({ connectionString: stackInfo().superuserDbUrl })
  await session.connect()
  await session.query('begin')
  const { rows } = await session.query<{ id: string; xid: string }>(
    `insert into public.notes (user_id, title) values ($1, 'Decoded early')
     returning id, (pg_current_xact_id()::text::bigint % 4294967296)::text as xid`,
    [userId],
  )
  const inserted = rows[0]
  if (!inserted) throw new Error('insert returned nothing')
  return {
    id: inserted.id,
    xid: Number(inserted.xid),
    commit: async () => {
      await session.query('commit')
      await session.end()
    },
  }
}

it('waits for a transaction other sessions cannot see yet, then shows its row to its owner', async () => {
  const write = await openInsert(owner.user.id)
  // Each ask borrows a client; the first one is released before anything has committed.
  let asks = 0
  let committed: Promise<void> | undefined
  const onRelease = () => {
    asks += 1
    committed ??= write.commit()
  }
  pool.on('release', onRelease)
  try {
    const visible = await rowVisibleTo(
      pool,
      notesTable,
      keyOf(write.id),
      claimsOf(owner),
      write.xid,
      noLog,
    )
    await committed
    expect({ visible, askedAgain: asks > 1 }).toEqual({ visible: true, askedAgain: true })
  } finally {
    pool.off('release', onRelease)
  }
})

it('still hides a settled row from another user, asking once', async () => {
  const write = await openInsert(owner.user.id)
  await write.commit()
  let asks = 0
  const onRelease = () => void (asks += 1)
  pool.on('release', onRelease)
  try {
    const seen = await Promise.all(
      [owner, other].map((user) =>
        rowVisibleTo(pool, notesTable, keyOf(write.id), claimsOf(user), write.xid, noLog),
      ),
    )
    expect({ seen, asks }).toEqual({ seen: [true, false], asks: 2 })
  } finally {
    pool.off('release', onRelease)
  }
})
