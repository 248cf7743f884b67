import { monotonicFactory } from 'ulid'
import { afterAll, describe, expect, it } from 'vitest'
import { ROUND_COLUMNS, roundToInsert, type RoundInput } from '../../src/lib/tables/rounds.ts'
import { adminPool, newGolfer } from '../support/stack.ts'

const ulid = monotonicFactory()
const pool = adminPool()

afterAll(async () => {
  await pool.end()
})

/**
 * A finished scorecard is one add through the outbox, under the card's id. When the answer to it
 * is lost the outbox sends it again: the database already has the round, and the resend must
 * count as stored (no error, so the outbox settles it), not as a refusal or a failure to retry.
 */
describe('a scorecard round sent again after its answer was lost', () => {
  it('is stored once, and the resend answers without an error', async () => {
    const golfer = await newGolfer('resend')
    const courseId = ulid()
    const course = await golfer.client
      .from('courses')
      .insert({ id: courseId, name: 'Home Links', rating: 70, slope: 113, par: 36 * 2 })
    expect(course.error).toBeNull()
    const id = ulid()
    const input: RoundInput = {
      courseId,
      teeId: null,
      nine: null,
      score: 85,
      holeScores: null,
      playedOn: '2026-11-20',
    }
    // Exactly what the rounds api sends (src/features/rounds/api/add-round.ts).
    const send = () =>
      golfer.client
        .from('rounds')
        .upsert(roundToInsert(id, input), { onConflict: 'id', ignoreDuplicates: true })
        .select(ROUND_COLUMNS)
    const first = await send()
    expect(first.error).toBeNull()
    expect(first.data).toHaveLength(1)
    const again = await send()
    expect(again.error).toBeNull()
    expect(again.data).toEqual([])
    const { rows } = await pool.query('select score from public.rounds where id = $1', [id])
    expect(rows).toEqual([{ score: 85 }])
  })

  it('would be a 23505 as a plain insert: the rounds api takes that as already stored too', async () => {
    const golfer = await newGolfer('resend-plain')
    const courseId = ulid()
    await golfer.client
      .from('courses')
      .insert({ id: courseId, name: 'Home Links', rating: 70, slope: 113 })
    const id = ulid()
    const row = { id, course_id: courseId, score: 90 }
    expect((await golfer.client.from('rounds').insert(row as never)).error).toBeNull()
    const twice = await golfer.client.from('rounds').insert(row as never)
    expect(twice.error?.code).toBe('23505')
  })
})
