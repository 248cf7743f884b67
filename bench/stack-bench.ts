import { ulid } from 'ulid'
import { benchGolfer, startBenchStack, summarise, throughput } from './support.ts'

/**
 * Issue 3's figures: REST reads and writes per second at 1 and 16 concurrent clients, and realtime
 * latency from commit (the event's commit_timestamp, stamped by Postgres) to the client's callback.
 */
export async function benchStack(options: { requests?: number; events?: number } = {}) {
  const requests = options.requests ?? 2000
  const events = options.events ?? 1000
  const { stack, stop } = await startBenchStack()
  try {
    const golfers = await Promise.all(Array.from({ length: 16 }, () => benchGolfer(stack)))
    const first = golfers[0]
    if (!first) throw new Error('no golfer')
    for (const { client } of golfers) {
      const courses = Array.from({ length: 10 }, (_, i) => ({
        id: ulid(),
        name: `Course ${i}`,
        rating: 70.1,
        slope: 120,
      }))
      const { error } = await client.from('courses').insert(courses)
      if (error) throw new Error(error.message)
    }

    const rest: Record<string, number> = {}
    for (const concurrency of [1, 16]) {
      rest[`reads_per_s_c${concurrency}`] = await throughput(requests, concurrency, async (i) => {
        const golfer = golfers[i % concurrency] ?? first
        const { error } = await golfer.client.from('courses').select('*')
        if (error) throw new Error(error.message)
      })
      rest[`writes_per_s_c${concurrency}`] = await throughput(requests, concurrency, async (i) => {
        const golfer = golfers[i % concurrency] ?? first
        const { error } = await golfer.client
          .from('courses')
          .insert({ id: ulid(), name: `Bench ${i}`, rating: 71.2, slope: 125 })
        if (error) throw new Error(error.message)
      })
    }

    const latencies: number[] = []
    const pending = new Map<string, (receivedAt: number, committedAt: number) => void>()
    const channel = first.client.channel('bench-latency').on(
      'postgres_changes',
      {
        event: 'INSERT',
        schema: 'public',
        table: 'courses',
        filter: `user_id=eq.${first.userId}`,
      },
      (payload) => {
        const receivedAt = Date.now()
        const id = (payload.new as { id?: string }).id
        const resolve = id ? pending.get(id) : undefined
        resolve?.(receivedAt, Date.parse(payload.commit_timestamp))
      },
    )
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status !== 'CLOSED') reject(error ?? new Error(status))
      })
    })
    for (let i = 0; i < events; i++) {
      const id = ulid()
      const delivered = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`event ${i} not delivered`)), 10_000)
        pending.set(id, (receivedAt, committedAt) => {
          clearTimeout(timer)
          resolve(receivedAt - committedAt)
        })
      })
      const { error } = await first.client
        .from('courses')
        .insert({ id, name: `Live ${i}`, rating: 69.5, slope: 118 })
      if (error) throw new Error(error.message)
      latencies.push(await delivered)
      pending.delete(id)
    }
    await first.client.removeChannel(channel)
    return { rest, realtime_commit_to_callback_ms: summarise(latencies), requests, events }
  } finally {
    await stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchStack()
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  process.exit(0)
}
