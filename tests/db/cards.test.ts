import pg from 'pg'
import { monotonicFactory } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anon, callersOn, golfer, newAuthUser, type Caller } from '../support/db-caller.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

const ulid = monotonicFactory()

/**
 * The shared card (issue 42) at the database, as three golfers on the card (Alice the starter,
 * Bob and Dave who join with a code), Carol a golfer who is not on it, and a visitor: who reads
 * what, the append-only entries with their agreed, disputed and settled cells, resends, join
 * codes, signing into the signer's own record, attesting, the card's Realtime channel, and every
 * bad input the issue lists, refused in words with a 4xx SQLSTATE. Each statement runs with the
 * role and JWT claims PostgREST sets; the tests run in order on one card.
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 4 })
const superuser = new pg.Pool({ connectionString: fileDatabase.superuserDbUrl, max: 1 })
const { as, attempt } = callersOn(pool)

const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]
const STROKES = [5, 4, 3, 6, 4, 5, 3, 4, 5, 4, 3, 5, 6, 4, 4, 3, 5, 4]

let alice: string
let bob: string
let dave: string
let carol: string
const card = ulid()
const otherCard = ulid()
const gamesCard = ulid()
const fourBallCard = ulid()
const bobsCard = ulid()

const refused = (code: string, message?: string) =>
  message === undefined ? { code } : { code, message }

const startCard = (caller: Caller, id: string, values: Record<string, unknown> = {}) =>
  as(caller, (db) =>
    db.query(
      `insert into public.cards (id, played_on, course_name, holes, format, allowance_percent,
         created_by, side_games)
       values ($1, '2026-11-20', 'Links Park', $4, $2, 95, coalesce($3::uuid, auth.uid()), $5)`,
      [
        id,
        values.format ?? 'stroke',
        values.created_by ?? null,
        values.holes ?? 18,
        values.side_games === undefined ? null : JSON.stringify(values.side_games),
      ],
    ),
  )

interface Place {
  no: number
  name: string
  user_id?: string | null
  invited?: boolean
  index?: number
  handicap?: number
}
const addPlaces = (caller: Caller, id: string, places: Place[]) =>
  as(caller, (db) =>
    db.query(
      `insert into public.card_players (card_id, player_no, user_id, name, invited, tee_name,
         course_rating, slope_rating, hole_pars, stroke_indexes, index_in_effect, playing_handicap)
       select $1, p.no, p.user_id, p.name, coalesce(p.invited, false), 'White', 71.2, 128, $2, $3,
         coalesce(p.index, 12.0), coalesce(p.handicap, 13)
       from jsonb_to_recordset($4) as p (no int, user_id uuid, name text, invited boolean,
         index numeric, handicap int)`,
      [id, HOLE_PARS, STROKE_INDEXES, JSON.stringify(places)],
    ),
  )

interface Entry {
  id?: string
  card?: string
  player: number
  hole: number
  strokes: number | null
  replaces?: string[]
  entered_by?: string
}
const enter = (caller: Caller, entry: Entry) => {
  const id = entry.id ?? ulid()
  return as(caller, async (db) => {
    const result = await db.query(
      `insert into public.card_entries (id, card_id, player_no, hole, strokes, replaces, entered_by)
       values ($1, $2, $3, $4, $5, $6, coalesce($7::uuid, auth.uid()))`,
      [
        id,
        entry.card ?? card,
        entry.player,
        entry.hole,
        entry.strokes,
        entry.replaces ?? [],
        entry.entered_by ?? null,
      ],
    )
    return { id, rowCount: result.rowCount }
  })
}
/** One entry for each of `holes` of a player, from `strokes` (hole order), in one statement. */
const enterHoles = (caller: Caller, player: number, holes: number[], strokes: (number | null)[]) =>
  as(caller, (db) =>
    db.query(
      `insert into public.card_entries (id, card_id, player_no, hole, strokes)
       select ids[h], $2, $3, h, ($4::int[])[h]
       from unnest($5::int[]) as h, (select $1::text[] as ids) as i`,
      [strokes.map(() => ulid()), card, player, strokes, holes],
    ),
  )
const holesFrom = (first: number, ...except: number[]) =>
  Array.from({ length: 19 - first }, (_, at) => first + at).filter((h) => !except.includes(h))

const cell = async (caller: Caller, player: number, hole: number) =>
  (
    await as(caller, (db) =>
      db.query<{ strokes: number | null; state: string; entries: string[] }>(
        `select strokes, state, entries from public.card_cells
         where card_id = $1 and player_no = $2 and hole = $3`,
        [card, player, hole],
      ),
    )
  ).rows[0]

const rpc = (caller: Caller, call: string, values: unknown[]) =>
  as(caller, async (db) => Object.values((await db.query(`select ${call}`, values)).rows[0])[0])

const invite = (caller: Caller, id = card) =>
  rpc(caller, 'public.invite_to_card($1)', [id]) as Promise<string>

beforeAll(async () => {
  alice = await newAuthUser(pool, 'cards-alice')
  bob = await newAuthUser(pool, 'cards-bob')
  dave = await newAuthUser(pool, 'cards-dave')
  carol = await newAuthUser(pool, 'cards-carol')
  // Realtime's janitor makes the day's partition of realtime.messages; the stack runs it at start.
  await superuser.query('select local_supabase.maintain_messages_partitions()')
})

afterAll(async () => {
  await superuser.query('delete from public.cards where id = any($1)', [
    [card, otherCard, gamesCard, fourBallCard, bobsCard],
  ])
  await pool.query('delete from auth.users where id = any($1)', [[alice, bob, dave, carol]])
  await Promise.all([pool.end(), superuser.end()])
})

describe('starting a card', () => {
  it('lets a golfer start a card and add its places; markers default to the next place', async () => {
    await startCard(golfer(alice), card)
    await addPlaces(golfer(alice), card, [
      { no: 1, name: 'Alice', user_id: alice },
      { no: 2, name: 'Bob', invited: true },
      { no: 3, name: 'Ann' },
      { no: 4, name: 'Dave', invited: true },
    ])
    const { rows } = await as(golfer(alice), (db) =>
      db.query(
        'select player_no, marker_no, par from public.card_players where card_id = $1 order by 1',
        [card],
      ),
    )
    expect(rows).toEqual([
      { player_no: 1, marker_no: 2, par: 72 },
      { player_no: 2, marker_no: 3, par: 72 },
      { player_no: 3, marker_no: 4, par: 72 },
      { player_no: 4, marker_no: 1, par: 72 },
    ])
  })

  it('refuses a fifth player in words', async () => {
    await expect(addPlaces(golfer(alice), card, [{ no: 5, name: 'Eve' }])).rejects.toMatchObject(
      refused('23514', 'a card has at most 4 players'),
    )
  })

  it('refuses places added by anyone but the starter, and a golfer placed without joining', async () => {
    const stranger = refused(
      '42501',
      'only the card’s starter can add its players'.replace('’', "'"),
    )
    await expect(addPlaces(golfer(carol), card, [{ no: 5, name: 'Carol' }])).rejects.toMatchObject(
      stranger,
    )
    await expect(
      addPlaces(golfer(carol), ulid(), [{ no: 1, name: 'Carol' }]),
    ).rejects.toMatchObject(stranger)
    await startCard(golfer(carol), otherCard, { format: 'match' })
    await expect(
      addPlaces(golfer(carol), otherCard, [{ no: 1, name: 'Bob', user_id: bob }]),
    ).rejects.toMatchObject(
      refused('42501', "a golfer takes their place by joining with the card's code"),
    )
    await addPlaces(golfer(carol), otherCard, [
      { no: 1, name: 'Carol', user_id: carol },
      { no: 2, name: 'Sam', invited: true },
    ])
    await expect(
      addPlaces(golfer(carol), otherCard, [{ no: 3, name: 'Pat' }]),
    ).rejects.toMatchObject(refused('23514', 'match play is between 2 players'))
  })

  it('refuses a card started in another golfer’s name, and a visitor’s', async () => {
    await expect(startCard(golfer(carol), ulid(), { created_by: alice })).rejects.toMatchObject(
      refused('42501'),
    )
    await expect(startCard(anon, ulid())).rejects.toMatchObject(refused('42501'))
  })
})

describe('join codes', () => {
  it('are the starter’s only, and say the same to a stranger whatever the card', async () => {
    const message = "only the card's starter can invite players"
    await expect(invite(golfer(carol))).rejects.toMatchObject(refused('42501', message))
    await expect(invite(golfer(carol), ulid())).rejects.toMatchObject(refused('42501', message))
    await expect(invite(anon)).rejects.toMatchObject(refused('42501'))
  })

  it('are random, 20 characters, different each time', async () => {
    const [first, second] = [await invite(golfer(alice)), await invite(golfer(alice))]
    expect(first).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/)
    expect(second).not.toEqual(first)
    const { rows } = await superuser.query(
      'select count(*)::int as codes from private.card_invitations where card_id = $1',
      [card],
    )
    expect(rows).toEqual([{ codes: 2 }])
    // Stored hashed: the code itself is nowhere in the table.
    const { rows: plain } = await superuser.query(
      `select 1 from private.card_invitations where encode(code_hash, 'escape') like '%' || $1 || '%'`,
      [first],
    )
    expect(plain).toEqual([])
  })

  it('say whose card and where to a golfer holding a code, before they join', async () => {
    const code = await invite(golfer(alice))
    const invitation = (caller: Caller, asked: string) =>
      as(
        caller,
        async (db) =>
          (
            await db.query(
              `select course_name, played_on::text, starter_name, player_no, place_name, taken
             from public.card_invitation($1)`,
              [asked],
            )
          ).rows,
      )
    expect(await invitation(golfer(carol), ` ${code.toLowerCase()} `)).toEqual([
      {
        course_name: 'Links Park',
        played_on: '2026-11-20',
        starter_name: 'Alice',
        player_no: 2,
        place_name: 'Bob',
        taken: false,
      },
      {
        course_name: 'Links Park',
        played_on: '2026-11-20',
        starter_name: 'Alice',
        player_no: 4,
        place_name: 'Dave',
        taken: false,
      },
    ])
    await expect(invitation(golfer(carol), '0000000000000000000A')).rejects.toMatchObject(
      refused('PT404', "this invitation doesn't work: it may have expired, or its card is closed"),
    )
    await expect(invitation(anon, code)).rejects.toMatchObject(refused('42501'))
  })

  it('take a place kept for an invited golfer, and only that', async () => {
    const code = await invite(golfer(alice))
    await expect(rpc(golfer(bob), 'public.join_card($1, $2)', [code, 3])).rejects.toMatchObject(
      refused('PT409', "place 3 is Ann's, a typed player: take the place kept for you"),
    )
    await expect(rpc(golfer(bob), 'public.join_card($1, $2)', [code, 1])).rejects.toMatchObject(
      refused('PT409', 'place 1 is taken by Alice'),
    )
    await expect(rpc(golfer(bob), 'public.join_card($1, $2)', [code, 6])).rejects.toMatchObject(
      refused('23514', 'this card has no place 6'),
    )
    expect(await rpc(golfer(bob), 'public.join_card($1, $2)', [code.toLowerCase(), 2])).toBe(card)
    // Joining again into one's own place is the same join; a second place is not.
    expect(await rpc(golfer(bob), 'public.join_card($1, $2)', [code, 2])).toBe(card)
    await expect(rpc(golfer(bob), 'public.join_card($1, $2)', [code, 4])).rejects.toMatchObject(
      refused('PT409', 'you already hold place 2 on this card'),
    )
    await expect(rpc(golfer(carol), 'public.join_card($1, $2)', [code, 2])).rejects.toMatchObject(
      refused('PT409', 'place 2 is taken by Bob'),
    )
  })

  it('stop working after 24 hours, and tell nothing about other cards', async () => {
    const notWorking = refused(
      'PT404',
      "this invitation doesn't work: it may have expired, or its card is closed",
    )
    const code = await invite(golfer(alice))
    await superuser.query(
      `update private.card_invitations set created_at = created_at - interval '24 hours 1 second'
       where code_hash = private.invitation_hash($1)`,
      [code],
    )
    await expect(rpc(golfer(dave), 'public.join_card($1, $2)', [code, 4])).rejects.toMatchObject(
      notWorking,
    )
    await expect(
      rpc(golfer(dave), 'public.join_card($1, $2)', ['0000000000000000000A', 4]),
    ).rejects.toMatchObject(notWorking)
    await expect(rpc(anon, 'public.join_card($1, $2)', [code, 4])).rejects.toMatchObject(
      refused('42501'),
    )
    await expect(rpc(golfer(dave), 'public.card_invitation($1)', [code])).rejects.toMatchObject(
      notWorking,
    )
    // A code just short of 24 hours still works.
    const fresh = await invite(golfer(alice))
    await superuser.query(
      `update private.card_invitations set created_at = created_at - interval '23 hours 59 minutes'
       where code_hash = private.invitation_hash($1)`,
      [fresh],
    )
    expect(await rpc(golfer(dave), 'public.join_card($1, $2)', [fresh, 4])).toBe(card)
  })

  it('join the code’s own card: a code for another card gives no place on this one', async () => {
    const code = await invite(golfer(carol), otherCard)
    expect(await rpc(golfer(dave), 'public.join_card($1, $2)', [code, 2])).toBe(otherCard)
    await expect(enter(golfer(carol), { player: 1, hole: 1, strokes: 4 })).rejects.toMatchObject(
      refused('42501', 'you are not on this card'),
    )
  })

  it('stop working when the card closes, and a closed card invites no one', async () => {
    const code = await invite(golfer(carol), otherCard)
    await as(golfer(carol), (db) =>
      db.query(`update public.cards set status = 'closed' where id = $1`, [otherCard]),
    )
    await expect(rpc(golfer(bob), 'public.join_card($1, $2)', [code, 2])).rejects.toMatchObject(
      refused('PT404'),
    )
    await expect(rpc(golfer(bob), 'public.card_invitation($1)', [code])).rejects.toMatchObject(
      refused('PT404'),
    )
    await expect(invite(golfer(carol), otherCard)).rejects.toMatchObject(
      refused('PT409', 'this card is closed'),
    )
    await expect(
      attempt(golfer(carol), `update public.cards set status = 'open' where id = $1`, [otherCard]),
    ).rejects.toMatchObject(refused('42501'))
    await expect(
      enter(golfer(dave), { card: otherCard, player: 1, hole: 1, strokes: 4 }),
    ).rejects.toMatchObject(refused('PT409', 'this card is closed: no more scores'))
  })
})

describe('who reads a card', () => {
  const tables = ['cards', 'card_players', 'card_entries', 'card_cells']
  const column = (table: string) => (table === 'cards' ? 'id' : 'card_id')

  beforeAll(async () => {
    await enter(golfer(alice), { player: 3, hole: 18, strokes: 4 })
  })

  it('lets each golfer on the card read all of it', async () => {
    for (const who of [alice, bob, dave]) {
      for (const table of tables) {
        const { rows } = await as(golfer(who), (db) =>
          db.query(`select 1 from public.${table} where ${column(table)} = $1`, [card]),
        )
        expect(rows.length, `${table} as ${who}`).toBeGreaterThan(0)
      }
    }
  })

  it('shows another golfer none of it, and refuses a visitor', async () => {
    for (const table of tables) {
      const { rows } = await as(golfer(carol), (db) =>
        db.query(`select 1 from public.${table} where ${column(table)} = $1`, [card]),
      )
      expect(rows, table).toEqual([])
      await expect(attempt(anon, `select 1 from public.${table}`)).rejects.toMatchObject(
        refused('42501'),
      )
    }
  })

  it('lets nobody change or delete a place or an entry', async () => {
    for (const statement of [
      `update public.card_entries set strokes = 9 where card_id = $1`,
      `delete from public.card_entries where card_id = $1`,
      `update public.card_players set user_id = auth.uid() where card_id = $1`,
      `delete from public.card_players where card_id = $1`,
      `delete from public.cards where id = $1`,
      `update public.cards set played_on = '2026-11-21' where id = $1`,
    ]) {
      await expect(attempt(golfer(alice), statement, [card])).rejects.toMatchObject(
        refused('42501'),
      )
    }
  })
})

describe('entries', () => {
  it('are stored as the golfer who sent them, whatever entered_by says', async () => {
    const { id } = await enter(golfer(bob), { player: 1, hole: 1, strokes: 5, entered_by: alice })
    const { rows } = await as(golfer(alice), (db) =>
      db.query('select entered_by from public.card_entries where id = $1', [id]),
    )
    expect(rows).toEqual([{ entered_by: bob }])
  })

  it('are refused for a stranger, with or without a code for another card, and a visitor', async () => {
    const stranger = refused('42501', 'you are not on this card')
    await expect(enter(golfer(carol), { player: 1, hole: 2, strokes: 4 })).rejects.toMatchObject(
      stranger,
    )
    await expect(
      enter(golfer(carol), { card: ulid(), player: 1, hole: 2, strokes: 4 }),
    ).rejects.toMatchObject(stranger)
    await expect(enter(anon, { player: 1, hole: 2, strokes: 4 })).rejects.toMatchObject(
      refused('42501'),
    )
  })

  it('are refused in words for a player or hole the card lacks, or strokes outside 1–20', async () => {
    const cases: [Entry, string][] = [
      [{ player: 5, hole: 1, strokes: 4 }, 'this card has no player 5'],
      [{ player: 1, hole: 19, strokes: 4 }, 'this card has holes 1 to 18, not 19'],
      [{ player: 1, hole: 0, strokes: 4 }, 'this card has holes 1 to 18, not 0'],
      [{ player: 1, hole: 3, strokes: 0 }, 'hole 3: strokes must be from 1 to 20 (or picked up)'],
      [{ player: 1, hole: 3, strokes: 21 }, 'hole 3: strokes must be from 1 to 20 (or picked up)'],
    ]
    for (const [entry, message] of cases) {
      await expect(enter(golfer(bob), entry)).rejects.toMatchObject(refused('23514', message))
    }
  })

  it('sent again are stored once; another entry under a used id is refused', async () => {
    const first = await enter(golfer(bob), { player: 2, hole: 1, strokes: 4 })
    expect(first.rowCount).toBe(1)
    const again = await enter(golfer(bob), { id: first.id, player: 2, hole: 1, strokes: 4 })
    expect(again.rowCount).toBe(0)
    const usedId = refused('23505', "this entry's id belongs to another entry")
    await expect(
      enter(golfer(bob), { id: first.id, player: 2, hole: 1, strokes: 5 }),
    ).rejects.toMatchObject(usedId)
    await expect(
      enter(golfer(dave), { id: first.id, player: 2, hole: 1, strokes: 4 }),
    ).rejects.toMatchObject(usedId)
    const { rows } = await as(golfer(bob), (db) =>
      db.query('select count(*)::int as stored from public.card_entries where id = $1', [first.id]),
    )
    expect(rows).toEqual([{ stored: 1 }])
  })

  it('replace only entries of their own cell', async () => {
    const { id } = await enter(golfer(bob), { player: 2, hole: 2, strokes: 4 })
    const message = 'hole 3: a correction can only replace entries of the same player and hole'
    await expect(
      enter(golfer(bob), { player: 2, hole: 3, strokes: 4, replaces: [id] }),
    ).rejects.toMatchObject(refused('23514', message))
    await expect(
      enter(golfer(bob), { player: 1, hole: 3, strokes: 4, replaces: [ulid()] }),
    ).rejects.toMatchObject(refused('23514'))
    const correction = await enter(golfer(bob), { player: 2, hole: 2, strokes: 5, replaces: [id] })
    expect(await cell(golfer(bob), 2, 2)).toEqual({
      strokes: 5,
      state: 'agreed',
      entries: [correction.id],
    })
  })

  it('agree when they say the same, a pick-up included', async () => {
    const sam = await enter(golfer(alice), { player: 3, hole: 5, strokes: null })
    const ann = await enter(golfer(dave), { player: 3, hole: 5, strokes: null })
    expect(await cell(golfer(bob), 3, 5)).toEqual({
      strokes: null,
      state: 'agreed',
      entries: [sam.id, ann.id],
    })
  })

  it('dispute a cell when they differ; only the player or their marker settles it', async () => {
    const mine = await enter(golfer(alice), { player: 1, hole: 7, strokes: 3 })
    const bobs = await enter(golfer(bob), { player: 1, hole: 7, strokes: 4 })
    const picked = await enter(golfer(dave), { player: 1, hole: 7, strokes: null })
    expect(await cell(golfer(carol), 1, 7)).toBeUndefined()
    expect(await cell(golfer(dave), 1, 7)).toEqual({
      strokes: null,
      state: 'disputed',
      entries: [mine.id, bobs.id, picked.id],
    })
    // Dave is neither Alice nor her marker (Bob): he may withdraw his own entry, not settle.
    await expect(
      enter(golfer(dave), {
        player: 1,
        hole: 7,
        strokes: 3,
        replaces: [mine.id, bobs.id, picked.id],
      }),
    ).rejects.toMatchObject(
      refused('42501', 'hole 7 is disputed: only Alice or their marker can settle it'),
    )
    const withdrawn = await enter(golfer(dave), {
      player: 1,
      hole: 7,
      strokes: 4,
      replaces: [picked.id],
    })
    expect((await cell(golfer(dave), 1, 7))?.entries).toEqual([mine.id, bobs.id, withdrawn.id])
    // Settled later, by the marker (below, before Alice signs).
  })

  it('let the player settle their own disputed cell, and a typed player’s marker theirs', async () => {
    // Dave is marked by Alice; Ann, typed, by Dave. Bob is neither's player nor marker.
    for (const player of [4, 3]) {
      const first = await enter(golfer(alice), { player, hole: 2, strokes: 4 })
      const second = await enter(golfer(bob), { player, hole: 2, strokes: 5 })
      const both = [first.id, second.id]
      await expect(
        enter(golfer(bob), { player, hole: 2, strokes: 5, replaces: both }),
      ).rejects.toMatchObject(refused('42501'))
      const settled = await enter(golfer(dave), { player, hole: 2, strokes: 5, replaces: both })
      expect(await cell(golfer(bob), player, 2)).toEqual({
        strokes: 5,
        state: 'agreed',
        entries: [settled.id],
      })
    }
  })

  it('are broadcast on the card’s private topic, which only its golfers may join', async () => {
    const { id } = await enter(golfer(dave), { player: 4, hole: 1, strokes: 5 })
    const { rows } = await superuser.query(
      `select event, private, payload -> 'record' ->> 'id' as entry, payload ->> 'table' as "table"
       from realtime.messages where topic = $1 and payload -> 'record' ->> 'id' = $2`,
      [`card:${card}`, id],
    )
    expect(rows).toEqual([{ event: 'INSERT', private: true, entry: id, table: 'card_entries' }])

    // Realtime authorises a join by reading realtime.messages with the topic set, as the golfer.
    const canJoin = (who: Caller) =>
      as(who, async (db) => {
        await db.query(`select set_config('realtime.topic', $1, true)`, [`card:${card}`])
        return (
          await db.query(`select 1 from realtime.messages where topic = $1`, [`card:${card}`])
        ).rowCount
      })
    const canSend = (who: Caller) =>
      as(
        who,
        async (db) => {
          await db.query(`select set_config('realtime.topic', $1, true)`, [`card:${card}`])
          await db.query(
            `insert into realtime.messages (topic, extension, event, payload, private)
             values ($1, 'presence', 'presence', '{}', true)`,
            [`card:${card}`],
          )
        },
        'rollback',
      )
    expect(await canJoin(golfer(bob))).toBeGreaterThan(0)
    expect(await canJoin(golfer(carol))).toBe(0)
    await expect(canSend(golfer(dave))).resolves.toBeUndefined()
    await expect(canSend(golfer(carol))).rejects.toMatchObject(refused('42501'))
  })
})

describe('signing and attesting', () => {
  const ALICE = STROKES.map((strokes, at) => (at === 3 ? null : strokes))
  const BOB = STROKES.map((strokes, at) => (at === 3 ? null : strokes + 1))

  beforeAll(async () => {
    // Bob already has the course and tee in his list, and a starting index of 14.0.
    const course = ulid()
    await as(golfer(bob), async (db) => {
      await db.query(
        `insert into public.courses (id, name, rating, slope) values ($1, 'Links Park', 71.2, 128)`,
        [course],
      )
      await db.query(
        `update public.tees set name = 'White', par = 72, hole_pars = $2, stroke_indexes = $3
         where id = $1`,
        [course, HOLE_PARS, STROKE_INDEXES],
      )
      await db.query('insert into public.handicap_settings (starting_index) values (14.0)')
    })
  })

  const sign = (who: Caller) => rpc(who, 'public.sign_card($1)', [card]) as Promise<string>
  let aliceRound: string
  let bobRound: string

  it('is blocked by an empty or a disputed cell, naming the hole', async () => {
    await expect(sign(golfer(alice))).rejects.toMatchObject(
      refused('PT409', 'hole 2 has no score yet: enter it, then sign'),
    )
    // Holes 2–18 but 7 (hole 1 has Bob's 5, from above; hole 7 is disputed).
    await enterHoles(golfer(alice), 1, holesFrom(2, 7), ALICE)
    await expect(sign(golfer(alice))).rejects.toMatchObject(
      refused('PT409', 'hole 7 is disputed: settle it, then sign'),
    )
    const current = (await cell(golfer(bob), 1, 7))?.entries ?? []
    await enter(golfer(bob), { player: 1, hole: 7, strokes: 3, replaces: current })
    expect(await cell(golfer(alice), 1, 7)).toMatchObject({ strokes: 3, state: 'agreed' })
  })

  it('is refused to a golfer with no place on the card, and to a visitor', async () => {
    const message = 'you have no place of your own on this card'
    await expect(sign(golfer(carol))).rejects.toMatchObject(refused('42501', message))
    await expect(rpc(golfer(carol), 'public.sign_card($1)', [ulid()])).rejects.toMatchObject(
      refused('42501', message),
    )
    await expect(sign(anon)).rejects.toMatchObject(refused('42501'))
  })

  it('stores the round in the signer’s own record, the course and tee copied in', async () => {
    const round = await sign(golfer(alice))
    aliceRound = round
    const { rows } = await as(golfer(alice), (db) =>
      db.query(
        `select r.user_id, r.course_name, r.tee_name, r.course_rating, r.slope_rating, r.par,
           r.played_on::text, r.hole_strokes, r.score, r.game -> 'picked_up' as picked_up,
           r.game ->> 'format' as format,
           jsonb_path_query_array(r.game, '$.partners[*].name') as partners,
           r.game -> 'partners' -> 0 -> 'hole_strokes' as bob_strokes,
           (select count(*)::int from public.courses as c where c.name = 'Links Park') as courses
         from public.rounds as r where r.id = $1`,
        [round],
      ),
    )
    // No index yet: a pick-up counts par + 5 (hole 4, par 5: 10).
    const holes = ALICE.map((strokes) => strokes ?? 10)
    expect(rows).toEqual([
      {
        user_id: alice,
        course_name: 'Links Park',
        tee_name: 'White',
        course_rating: '71.2',
        slope_rating: 128,
        par: 72,
        played_on: '2026-11-20',
        hole_strokes: holes,
        score: holes.reduce((sum, strokes) => sum + strokes, 0),
        picked_up: [4],
        format: 'stroke',
        partners: ['Bob', 'Ann', 'Dave'],
        bob_strokes: [4, 5, ...Array<null>(16).fill(null)],
        courses: 1,
      },
    ])
    const { rows: place } = await as(golfer(bob), (db) =>
      db.query(
        `select round_id, signed_at is not null as signed from public.card_players
         where card_id = $1 and player_no = 1`,
        [card],
      ),
    )
    expect(place).toEqual([{ round_id: round, signed: true }])
    // The round is Alice's alone: Bob reads the link, not the round.
    const { rows: seen } = await as(golfer(bob), (db) =>
      db.query('select 1 from public.rounds where id = $1', [round]),
    )
    expect(seen).toEqual([])
  })

  it('is refused twice, and then no entry changes the signer’s scores', async () => {
    await expect(sign(golfer(alice))).rejects.toMatchObject(
      refused('PT409', 'you have already signed this card'),
    )
    await expect(enter(golfer(bob), { player: 1, hole: 5, strokes: 7 })).rejects.toMatchObject(
      refused('PT409', "Alice has signed their card: their scores can't change"),
    )
  })

  it('scores a pick-up at net double bogey off the signer’s own index, in their own tee', async () => {
    await enterHoles(golfer(bob), 2, holesFrom(3), BOB)
    const current = (await cell(golfer(bob), 2, 1))?.entries ?? []
    await enter(golfer(bob), { player: 2, hole: 1, strokes: 6, replaces: current })
    const round = await sign(golfer(bob))
    bobRound = round
    const { rows } = await as(golfer(bob), (db) =>
      db.query(
        `select r.hole_strokes, r.game -> 'picked_up' as picked_up, r.tee_id = c.id as own_tee,
           w.course_handicap,
           (select count(*)::int from public.courses as k where k.name = 'Links Park') as courses
         from public.rounds as r
         join public.courses as c on c.name = 'Links Park'
         join private.walked_rounds as w on w.round_id = r.id
         where r.id = $1`,
        [round],
      ),
    )
    // Index 14.0 on 71.2 / 128 / par 72: course handicap 15, a stroke on indexes 1–15, so hole 4
    // (par 5, index 1) is 5 + 2 + 1 = 8.
    expect(rows).toEqual([
      {
        hole_strokes: [6, 5, ...BOB.slice(2).map((strokes) => strokes ?? 8)],
        picked_up: [4],
        own_tee: true,
        course_handicap: 15,
        courses: 1,
      },
    ])
  })

  it('is attested by the player’s marker only, once, after signing', async () => {
    const attest = (who: Caller, player: number) =>
      rpc(who, 'public.attest_card($1, $2)', [card, player])
    const notMarker = refused('42501', "only the player's marker can attest their card")
    await expect(attest(golfer(dave), 1)).rejects.toMatchObject(notMarker)
    await expect(attest(golfer(alice), 1)).rejects.toMatchObject(notMarker)
    await expect(attest(golfer(carol), 1)).rejects.toMatchObject(notMarker)
    await expect(attest(anon, 1)).rejects.toMatchObject(refused('42501'))
    await expect(attest(golfer(dave), 3)).rejects.toMatchObject(
      refused('PT409', "Ann hasn't signed their card yet"),
    )
    await attest(golfer(bob), 1)
    await expect(attest(golfer(bob), 1)).rejects.toMatchObject(
      refused('PT409', "Alice's card is already attested"),
    )
    const { rows } = await as(golfer(alice), (db) =>
      db.query(
        `select p.attested_at is not null as attested, m.name as attested_by
         from public.card_players as p
         join public.card_players as m on m.card_id = p.card_id and m.player_no = p.marker_no
         where p.card_id = $1 and p.player_no = 1`,
        [card],
      ),
    )
    expect(rows).toEqual([{ attested: true, attested_by: 'Bob' }])
  })

  it('tells every device of the attested golfer, on their own topic, naming the round', async () => {
    const { rows } = await superuser.query(
      `select topic, private, payload ->> 'table' as "table", payload -> 'record' ->> 'round_id' as round
       from realtime.messages where payload ->> 'table' = 'card_players' and topic = any($1)`,
      [[`golfer:${alice}`, `golfer:${bob}`, `golfer:${dave}`, `card:${card}`]],
    )
    expect(rows).toEqual([
      { topic: `golfer:${alice}`, private: true, table: 'card_players', round: aliceRound },
    ])
  })

  it('shows the golfer who attested each round, to the card’s golfers only', async () => {
    const attestations = (caller: Caller) =>
      as(caller, async (db) => {
        const { rows } = await db.query<{ round_id: string; attested_by: string }>(
          `select round_id, attested_by from public.round_attestations
           where round_id = any($1) order by round_id`,
          [[aliceRound, bobRound]],
        )
        return rows
      })
    // Bob's round is signed and not attested: no attestation.
    expect(await attestations(golfer(alice))).toEqual([
      { round_id: aliceRound, attested_by: 'Bob' },
    ])
    expect(await attestations(golfer(carol))).toEqual([])
    await expect(attestations(anon)).rejects.toMatchObject(refused('42501'))
  })
})

describe('side games on the card', () => {
  const skinsAndNassau = {
    version: 1,
    skins: { basis: 'net', carry_over: true, stake: { kind: 'points', amount: 1 } },
    nassau: { press_at: 2, stake: { kind: 'money', amount: 5, currency: 'EUR' } },
  }

  it('are stored with the card and read by its golfers only', async () => {
    await startCard(golfer(alice), gamesCard, { side_games: skinsAndNassau })
    await addPlaces(golfer(alice), gamesCard, [
      { no: 1, name: 'Alice', user_id: alice },
      { no: 2, name: 'Ben' },
    ])
    const read = (caller: Caller) =>
      as(caller, (db) =>
        db.query<{ side_games: unknown }>('select side_games from public.cards where id = $1', [
          gamesCard,
        ]),
      )
    expect((await read(golfer(alice))).rows).toEqual([{ side_games: skinsAndNassau }])
    expect((await read(golfer(carol))).rows).toEqual([])
    await expect(attempt(anon, 'select side_games from public.cards')).rejects.toMatchObject(
      refused('42501'),
    )
  })

  it('refuse a Nassau on 9 holes and a negative stake in words', async () => {
    await expect(
      startCard(golfer(alice), ulid(), { holes: 9, side_games: skinsAndNassau }),
    ).rejects.toMatchObject(refused('23514', 'a Nassau needs 18 holes; this card has 9'))
    const negative = {
      version: 1,
      skins: { basis: 'gross', carry_over: false, stake: { kind: 'points', amount: -1 } },
    }
    await expect(startCard(golfer(alice), ulid(), { side_games: negative })).rejects.toMatchObject(
      refused('23514', "the skins stake can't be negative"),
    )
  })

  it('refuse a four-ball match once the card has only 3 players, and keep none of them', async () => {
    await startCard(golfer(alice), fourBallCard, {
      side_games: {
        version: 1,
        sides: [
          [0, 1],
          [2, 3],
        ],
        four_ball: { stake: { kind: 'points', amount: 2 } },
      },
    })
    await expect(
      addPlaces(golfer(alice), fourBallCard, [
        { no: 1, name: 'Alice', user_id: alice },
        { no: 2, name: 'Ben' },
        { no: 3, name: 'Cy' },
      ]),
    ).rejects.toMatchObject(refused('23514', 'a four-ball match needs 4 players; this card has 3'))
    const { rows } = await as(golfer(alice), (db) =>
      db.query('select 1 from public.card_players where card_id = $1', [fourBallCard]),
    )
    expect(rows).toEqual([])
  })
})

describe('each golfer’s open cards, the way back to a card', () => {
  const listed = (who: Caller) =>
    as(who, async (db) => {
      const { rows } = await db.query(
        `select id, course_name, played_on::text, holes, started_by, started_by_me, player_no,
           scored_holes, next_hole
         from public.my_open_cards where id = $1`,
        [bobsCard],
      )
      return rows
    })
  const listing = { id: bobsCard, course_name: 'Links Park', played_on: '2026-11-20', holes: 18 }

  beforeAll(async () => {
    await startCard(golfer(bob), bobsCard)
    await addPlaces(golfer(bob), bobsCard, [
      { no: 1, name: 'Bob', user_id: bob },
      { no: 2, name: 'Alice', invited: true },
      { no: 3, name: 'Ann' },
    ])
    const code = await invite(golfer(bob), bobsCard)
    await rpc(golfer(alice), 'public.join_card($1, $2)', [code, 2])
  })

  it('lists a card to each golfer on it, with its starter and how far their own scores go', async () => {
    for (const hole of [1, 2, 3]) {
      await enter(golfer(alice), { card: bobsCard, player: 2, hole, strokes: 4 })
    }
    for (const hole of [2, 5]) {
      await enter(golfer(alice), { card: bobsCard, player: 1, hole, strokes: 5 })
    }
    expect(await listed(golfer(alice))).toEqual([
      {
        ...listing,
        started_by: 'Bob',
        started_by_me: false,
        player_no: 2,
        scored_holes: 3,
        next_hole: 4,
      },
    ])
    expect(await listed(golfer(bob))).toEqual([
      {
        ...listing,
        started_by: 'Bob',
        started_by_me: true,
        player_no: 1,
        scored_holes: 2,
        next_hole: 1,
      },
    ])
    // Carol is on none of it, and a visitor reads nothing.
    expect(await listed(golfer(carol))).toEqual([])
    await expect(listed(anon)).rejects.toMatchObject(refused('42501'))
  })

  it('drops a card for a golfer once they sign it, and for everyone once it closes', async () => {
    for (const hole of holesFrom(4)) {
      await enter(golfer(alice), { card: bobsCard, player: 2, hole, strokes: 4 })
    }
    expect(await listed(golfer(alice))).toMatchObject([{ scored_holes: 18, next_hole: null }])
    await rpc(golfer(alice), 'public.sign_card($1)', [bobsCard])
    expect(await listed(golfer(alice))).toEqual([])
    expect(await listed(golfer(bob))).toHaveLength(1)
    await as(golfer(bob), (db) =>
      db.query(`update public.cards set status = 'closed' where id = $1`, [bobsCard]),
    )
    expect(await listed(golfer(bob))).toEqual([])
  })
})
