import type { Page } from 'playwright-core'

type Frame = [
  joinRef: unknown,
  ref: unknown,
  topic: string,
  event: string,
  payload: Record<string, unknown>,
]

/**
 * The Realtime frames a page exchanges, as text: what it joined (topic and the join's config)
 * and the events it received on each topic. Watch before the page loads.
 */
export function watchRealtimeFrames(page: Page) {
  const joins: { topic: string; config: { private?: boolean; postgres_changes?: unknown[] } }[] = []
  const received: { topic: string; event: string }[] = []
  page.on('websocket', (socket) => {
    // Phoenix's serializer 2.0.0, as text: [join_ref, ref, topic, event, payload].
    const frame = (payload: string | Buffer) =>
      typeof payload === 'string' ? (JSON.parse(payload) as Frame) : null
    socket.on('framesent', ({ payload }) => {
      const [, , topic, event, body] = frame(payload) ?? []
      if (event !== 'phx_join' || !topic) return
      joins.push({ topic, config: (body?.config ?? {}) as (typeof joins)[number]['config'] })
    })
    socket.on('framereceived', ({ payload }) => {
      const [, , topic, event, body] = frame(payload) ?? []
      if (topic && event === 'broadcast') received.push({ topic, event: String(body?.event) })
    })
  })
  return { joins, received }
}
