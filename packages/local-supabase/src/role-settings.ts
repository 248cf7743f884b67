import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net'

/**
 * The checked path for what supautils grants `postgres` on Supabase's platform and plain
 * PostgreSQL cannot: changing the settings (and only the settings) of the API roles, e.g.
 * `alter role authenticator set pgrst.db_aggregates_enabled to 'true'` in a migration.
 *
 * `postgres` has no ADMIN OPTION on those roles, so PostgreSQL refuses it every ALTER ROLE on them.
 * The migrations' connection goes through this small relay, which hands each statement of the
 * form `ALTER ROLE <api role> [IN DATABASE …] SET|RESET …` to the bootstrap's
 * `local_supabase.alter_api_role_setting`; that function checks the statement again and runs it as a
 * role that holds the ADMIN OPTION and postgres's parameter privileges. Every other message passes
 * through unchanged, so every other ALTER ROLE still meets PostgreSQL's own refusal.
 */

const API_ROLE = '(?:anon|authenticated|authenticator|service_role)'
const API_ROLE_SETTING = new RegExp(
  `^alter\\s+(?:role|user)\\s+(?:${API_ROLE}|"${API_ROLE}")\\s+(?:in\\s+database\\s+\\S+\\s+)?(?:set|reset)\\s`,
  'i',
)

/** `sql` without the blanks and comments before its first word. */
function withoutLeadingComments(sql: string): string {
  let rest = sql.trimStart()
  for (;;) {
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n')
      rest = end < 0 ? '' : rest.slice(end + 1).trimStart()
    } else if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/')
      if (end < 0) return rest
      rest = rest.slice(end + 2).trimStart()
    } else {
      return rest
    }
  }
}

/**
 * The statement the database is sent instead of `sql`: a call of the checked function when `sql`
 * is a settings change on an API role, otherwise undefined (`sql` goes as it is).
 */
export function routedStatement(sql: string): string | undefined {
  const statement = withoutLeadingComments(sql)
  if (!API_ROLE_SETTING.test(statement)) return undefined
  let tag = 'statement'
  while (statement.includes(`$${tag}$`)) tag += '_'
  return `select local_supabase.alter_api_role_setting($${tag}$${statement}$${tag}$)`
}

const SSL_REQUEST = 80877103
const GSS_REQUEST = 80877104

/**
 * Reads the frontend's side of the wire protocol and rewrites the SQL of simple queries ('Q') and
 * of prepared statements ('P'); `forward` receives every message, rewritten or not.
 */
export function frontendRewriter(forward: (message: Buffer) => void, refuse: () => void) {
  let pending = Buffer.alloc(0)
  let startup = true
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk])
    for (;;) {
      if (startup) {
        if (pending.length < 8) return
        const length = pending.readInt32BE(0)
        if (pending.length < length) return
        const code = pending.readInt32BE(4)
        const message = pending.subarray(0, length)
        pending = pending.subarray(length)
        // The relay speaks plain TCP on loopback: refuse TLS and GSS encryption, as a server may.
        if (code === SSL_REQUEST || code === GSS_REQUEST) refuse()
        else {
          startup = false
          forward(message)
        }
        continue
      }
      if (pending.length < 5) return
      const total = 1 + pending.readInt32BE(1)
      if (pending.length < total) return
      const message = pending.subarray(0, total)
      pending = pending.subarray(total)
      forward(rewrite(message))
    }
  }
}

function rewrite(message: Buffer): Buffer {
  const type = String.fromCharCode(message[0] as number)
  if (type === 'Q') {
    const sql = message.toString('utf8', 5, message.indexOf(0, 5))
    const routed = routedStatement(sql)
    return routed === undefined ? message : typed('Q', [cString(routed)])
  }
  if (type === 'P') {
    const nameEnd = message.indexOf(0, 5)
    const queryEnd = message.indexOf(0, nameEnd + 1)
    const routed = routedStatement(message.toString('utf8', nameEnd + 1, queryEnd))
    if (routed === undefined) return message
    return typed('P', [
      message.subarray(5, nameEnd + 1),
      cString(routed),
      message.subarray(queryEnd + 1),
    ])
  }
  return message
}

const cString = (text: string) => Buffer.concat([Buffer.from(text, 'utf8'), Buffer.from([0])])

function typed(type: string, parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts)
  const header = Buffer.alloc(5)
  header.write(type, 0, 'latin1')
  header.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}

export interface RoleSettingsPath {
  /** `targetUrl` with the relay's address: connect here to have API-role settings routed. */
  url: string
  close(): Promise<void>
}

/** Opens the relay on a free loopback port in front of the server `targetUrl` names. */
export async function openRoleSettingsPath(targetUrl: string): Promise<RoleSettingsPath> {
  const target = new URL(targetUrl)
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = createConnection({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 5432),
    })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
      socket.on('error', () => undefined)
    }
    upstream.pipe(client)
    client.on(
      'data',
      frontendRewriter(
        (message) => upstream.write(message),
        () => client.write('N'),
      ),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = new URL(targetUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as AddressInfo).port)
  return {
    url: url.toString(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
