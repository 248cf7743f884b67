import { connect, createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface Signal {
  /** The stack's URL through the relay, for a build of the app to talk to. */
  apiUrl: string
  /** No signal: open connections (Realtime's socket too) drop, and new ones are dropped at once. */
  cut(): void
  restore(): void
  close(): Promise<void>
}

/**
 * A TCP relay to the stack that loses the signal as a phone does, below the browser. A journey
 * cut this way needs no request interception, whose pausing of a service worker's requests is a
 * part of Playwright, not of any browser a golfer has.
 */
export async function relayTo(stackUrl: string): Promise<Signal> {
  const target = new URL(stackUrl)
  const open = new Set<Socket>()
  let cut = false
  const track = (socket: Socket) => {
    open.add(socket)
    socket.on('close', () => open.delete(socket))
  }
  const server = createServer((client) => {
    if (cut) {
      client.destroy()
      return
    }
    const upstream = connect(Number(target.port), target.hostname)
    track(client)
    track(upstream)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const dropAll = () => {
    for (const socket of open) socket.destroy()
  }
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    cut: () => {
      cut = true
      dropAll()
    },
    restore: () => {
      cut = false
    },
    close: () =>
      new Promise((resolve) => {
        dropAll()
        server.close(() => resolve())
      }),
  }
}
