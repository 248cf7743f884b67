import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { ulid } from 'ulid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/database.types.ts'
import { newGolfer, waitFor } from '../support/stack.ts'

/**
 * The shared card's live channel through the real supabase-js and the local stack's Realtime: a
 * golfer on the card joins the private topic card:<id> and receives each entry broadcast from the
 * database; a golfer off the card is refused the channel.
 */
type Golfer = Awaited<ReturnType<typeof newGolfer>>
let starter: Golfer
let partner: Golfer
let stranger: Golfer
const card = ulid()
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13]

/** Subscribes to the card's private topic and resolves with how the join ended. */
function join(
  client: SupabaseClient<Database>,
  received: unknown[],
): Promise<{ status: string; channel: RealtimeChannel }> {
  const channel = client
    .channel(`card:${card}`, { config: { private: true } })
    .on('broadcast', { event: 'INSERT' }, (message) => received.push(message.payload))
  return new Promise((resolve) =>
    channel.subscribe((status) => {
      if (status !== 'CLOSED') resolve({ status, channel })
    }),
  )
}

beforeAll(async () => {
  ;[starter, partner, stranger] = await Promise.all([
    newGolfer('card-starter'),
    newGolfer('card-partner'),
    newGolfer('card-stranger'),
  ])
  const started = await starter.client.from('cards').insert({
    id: card,
    course_name: 'Links Park',
    holes: 9,
    format: 'stroke',
    allowance_percent: 95,
    played_on: '2026-11-20',
  })
  expect(started.error).toBeNull()
  const place = { course_rating: 35.6, slope_rating: 124, tee_name: 'White', index_in_effect: 12 }
  const places = await starter.client.from('card_players').insert([
    {
      card_id: card,
      player_no: 1,
      user_id: starter.user.id,
      name: 'Sam',
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      playing_handicap: 7,
      ...place,
    },
    {
      card_id: card,
      player_no: 2,
      invited: true,
      name: 'Ann',
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      playing_handicap: 5,
      ...place,
    },
  ] as Database['public']['Tables']['card_players']['Insert'][])
  expect(places.error).toBeNull()
  const code = await starter.client.rpc('invite_to_card', { card_id: card })
  expect(code.error).toBeNull()
  const joined = await partner.client.rpc('join_card', { code: code.data ?? '', player_no: 2 })
  expect(joined.data).toBe(card)
})

afterAll(async () => {
  await Promise.all([starter, partner, stranger].map((golfer) => golfer.client.removeAllChannels()))
})

describe('the card’s private channel', () => {
  it('refuses a golfer who is not on the card', async () => {
    const { status, channel } = await join(stranger.client, [])
    expect(status).toBe('CHANNEL_ERROR')
    await stranger.client.removeChannel(channel)
  })

  it('delivers an entry to a golfer on the card, as the database broadcast it', async () => {
    const received: { record?: { id?: string; strokes?: number }; table?: string }[] = []
    const { status } = await join(partner.client, received)
    expect(status).toBe('SUBSCRIBED')
    const entry = ulid()
    const sent = await starter.client
      .from('card_entries')
      .insert({ id: entry, card_id: card, player_no: 2, hole: 1, strokes: 5 })
    expect(sent.error).toBeNull()
    await waitFor(() => received.length > 0 || undefined, 'the entry on the partner’s channel')
    expect(received).toEqual([
      expect.objectContaining({
        table: 'card_entries',
        record: expect.objectContaining({ id: entry, strokes: 5, entered_by: starter.user.id }),
      }),
    ])
  })
})
