import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callersOn, golfer, newAuthUser } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/**
 * A golfer's starting index (issue 32), held at the database whoever writes: -10.0 to 54.0 in
 * tenths, null when none, written by the golfer through the same RLS and column grants as the
 * course handicap source. Values go in as text parameters, as every client library sends them.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 2 })
const { as, attempt } = callersOn(pool)
const CONSTRAINT = 'handicap_settings_starting_index_is_minus_10_to_54_in_tenths'

let alice: string
let bob: string

beforeAll(async () => {
  alice = await newAuthUser(pool, 'starting-alice')
  bob = await newAuthUser(pool, 'starting-bob')
  await as(golfer(bob), (db) =>
    db.query('insert into public.handicap_settings (starting_index) values ($1)', ['18.4']),
  )
})

afterAll(async () => {
  await pool.query('delete from auth.users where id = any ($1)', [[alice, bob]])
  await pool.end()
})

const storedIndex = async (user: string) =>
  (
    await pool.query<{ starting_index: string | null }>(
      'select starting_index::text from public.handicap_settings where user_id = $1',
      [user],
    )
  ).rows[0]?.starting_index

const setIndex = (user: string, value: string | null) =>
  as(golfer(user), (db) =>
    db.query(
      `insert into public.handicap_settings (starting_index) values ($1)
       on conflict (user_id) do update set starting_index = excluded.starting_index`,
      [value],
    ),
  )

describe('starting index', () => {
  it('is none until set: a new row has a null starting index', async () => {
    await as(golfer(alice), (db) => db.query('insert into public.handicap_settings default values'))
    expect(await storedIndex(alice)).toBeNull()
  })

  for (const value of ['-10.0', '-10', '-1.2', '0', '12.4', '54', '54.0', '36.10']) {
    it(`accepts ${value} and stores it as sent`, async () => {
      await setIndex(alice, value)
      expect(Number(await storedIndex(alice))).toBe(Number(value))
    })
  }

  for (const value of ['-10.1', '54.1', '12.45', '0.01', '100', '-54', 'NaN', 'Infinity']) {
    it(`refuses ${value} with the named constraint and keeps what was stored`, async () => {
      await setIndex(alice, '12.4')
      await expect(setIndex(alice, value)).rejects.toMatchObject({
        code: '23514',
        constraint: CONSTRAINT,
      })
      expect(await storedIndex(alice)).toBe('12.4')
    })
  }

  it('refuses text that is not a number', async () => {
    await expect(setIndex(alice, '+ 12')).rejects.toMatchObject({ code: '22P02' })
  })

  it('is removed by setting it to null', async () => {
    await setIndex(alice, '7.7')
    await setIndex(alice, null)
    expect(await storedIndex(alice)).toBeNull()
  })

  it("a golfer updates their own and not another golfer's", async () => {
    const other = await as(golfer(alice), (db) =>
      db.query('update public.handicap_settings set starting_index = 1.0 where user_id = $1', [
        bob,
      ]),
    )
    expect(other.rowCount).toBe(0)
    expect(await storedIndex(bob)).toBe('18.4')
    const own = await as(golfer(bob), (db) =>
      db.query('update public.handicap_settings set starting_index = -2.5 where user_id = $1', [
        bob,
      ]),
    )
    expect(own.rowCount).toBe(1)
    expect(await storedIndex(bob)).toBe('-2.5')
  })

  it('a visitor can neither read nor write it', async () => {
    await expect(
      attempt({ role: 'anon' }, 'update public.handicap_settings set starting_index = 3.0'),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      attempt({ role: 'anon' }, 'select starting_index from public.handicap_settings'),
    ).rejects.toMatchObject({ code: '42501' })
  })
})
