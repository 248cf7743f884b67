import type { RealtimeChannel } from '@supabase/supabase-js'
import { monotonicFactory } from 'ulid'
import type { Database } from '../src/lib/database.types.ts'
import { benchGolfer, startBenchStack, summarise } from './support.ts'

const ulid = monotonicFactory()
const HOLE_PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4]
const STROKE_INDEXES = [7, 3, 15, 1, 11, 9, 17, 5, 13, 8, 16, 2, 10, 14, 4, 18, 6, 12]

type Golfer = Awaited<ReturnType<typeof benchGolfer>>
interface Table {
  id: string
  golfers: Golfer[]
}

/** A card started by its first golfer, the other three joining by code, as the app does. */
export async function startCard(golfers: Golfer[]): Promise<Table> {
  const [starter] = golfers as [Golfer]
  const id = ulid()
  const card = await starter.client.from('cards').insert({
    id,
    course_name: 'Bench Links',
    holes: 18,
    format: 'stableford',
    allowance_percent: 95,
  })
  if (card.error) throw new Error(card.error.message)
  const places = await starter.client.from('card_players').insert(
    golfers.map((golfer, at) => ({
      card_id: id,
      player_no: at + 1,
      user_id: at === 0 ? golfer.userId : null,
      invited: at > 0,
      name: `Player ${at + 1}`,
      tee_name: 'White',
      course_rating: 71.2,
      slope_rating: 128,
      par: 72,
      hole_pars: HOLE_PARS,
      stroke_indexes: STROKE_INDEXES,
      index_in_effect: 12,
      playing_handicap: 13,
    })) as Database['public']['Tables']['card_players']['Insert'][],
  )
  if (places.error) throw new Error(places.error.message)
  const code = await starter.client.rpc('invite_to_card', { card_id: id })
  if (code.error) throw new Error(code.error.message)
  for (const [at, golfer] of golfers.entries()) {
    if (at === 0) continue
    const joined = await golfer.client.rpc('join_card', { code: code.data, player_no: at + 1 })
    if (joined.error) throw new Error(joined.error.message)
  }
  return { id, golfers }
}

/**
 * The shared card live: `cards` cards of 4 golfers, every golfer on their card's private channel
 * at once. In each round every card gets one entry at the same time, sent through REST by one of
 * its golfers as the app's outbox does; timed from the send to each other golfer's Broadcast
 * callback (supabase-js in Node: the phone's receipt, before drawing).
 */
export async function benchSharedCard(options: { cards?: number; rounds?: number } = {}) {
  const cardCount = options.cards ?? 20
  const rounds = options.rounds ?? 72
  const { stack, stop } = await startBenchStack()
  const channels: { golfer: Golfer; channel: RealtimeChannel }[] = []
  try {
    const tables: Table[] = []
    for (let c = 0; c < cardCount; c += 1) {
      const golfers = []
      for (let p = 0; p < 4; p += 1) golfers.push(await benchGolfer(stack, `card${c}-${p}`))
      tables.push(await startCard(golfers))
    }
    const waiting = new Map<string, { sentAt: number; left: number; done: () => void }>()
    const latencies: number[] = []
    for (const table of tables) {
      for (const golfer of table.golfers) {
        await golfer.client.realtime.setAuth()
        const channel = golfer.client
          .channel(`card:${table.id}`, { config: { private: true } })
          .on('broadcast', { event: 'INSERT' }, ({ payload }) => {
            const record = (payload as { record?: { id?: string; entered_by?: string } }).record
            const entry = record?.id ? waiting.get(record.id) : undefined
            if (!entry || record?.entered_by === golfer.userId) return
            latencies.push(performance.now() - entry.sentAt)
            entry.left -= 1
            if (entry.left === 0) entry.done()
          })
        await new Promise<void>((resolve, reject) =>
          channel.subscribe((status, error) => {
            if (status === 'SUBSCRIBED') resolve()
            else if (status !== 'CLOSED') reject(error ?? new Error(status))
          }),
        )
        channels.push({ golfer, channel })
      }
    }
    // The first round warms the trigger's plan and each channel's policy check.
    for (let round = -1; round < rounds; round += 1) {
      const at = Math.max(round, 0)
      await Promise.all(
        tables.map((table) => {
          const player = at % 4
          const golfer = table.golfers[(at + 1) % 4] as Golfer
          const id = ulid()
          return new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`entry ${id} never arrived`)), 30_000)
            waiting.set(id, {
              sentAt: performance.now(),
              left: 3,
              done: () => {
                clearTimeout(timer)
                waiting.delete(id)
                resolve()
              },
            })
            void golfer.client
              .from('card_entries')
              .insert({
                id,
                card_id: table.id,
                player_no: player + 1,
                hole: (Math.floor(at / 4) % 18) + 1,
                strokes: 4 + (round % 3),
              })
              .then(({ error }) => (error ? reject(new Error(error.message)) : undefined))
          })
        }),
      )
      if (round < 0) latencies.length = 0
    }
    return {
      cards: cardCount,
      golfers_live: cardCount * 4,
      entries: rounds * cardCount,
      entry_to_other_phone_ms: summarise(latencies),
    }
  } finally {
    await Promise.all(channels.map(({ golfer, channel }) => golfer.client.removeChannel(channel)))
    await Promise.all(channels.map(({ golfer }) => golfer.client.realtime.disconnect()))
    await stop()
  }
}
