import pg from 'pg'

/**
 * One connection that LISTENs on the channels the local services follow, as PostgREST keeps one
 * for `pgrst`. The stack owns it (services never open connections) and closes it on stop.
 */
export interface Notifications {
  on(channel: string, listener: (payload: string) => void): void
  close(): Promise<void>
}

export async function listenNotifications(
  dbUrl: string,
  channels: string[],
  log: (line: string) => void,
): Promise<Notifications> {
  const listeners = new Map<string, ((payload: string) => void)[]>()
  const client = new pg.Client({ connectionString: dbUrl })
  client.on('error', (error) => log(`[notifications] ${error.message}`))
  client.on('notification', (message) => {
    for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '')
  })
  await client.connect()
  for (const channel of channels) await client.query(`listen ${client.escapeIdentifier(channel)}`)
  return {
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener])
    },
    close: () => client.end().catch(() => undefined),
  }
}
