import { describe, expect, it } from 'vitest'
import { frontendRewriter, routedStatement } from './role-settings.ts'

describe('routedStatement', () => {
  it('routes settings changes of the API roles to the checked function', () => {
    expect(
      routedStatement(`alter role authenticator set pgrst.db_aggregates_enabled to 'true'`),
    ).toBe(
      `select local_supabase.alter_api_role_setting($statement$alter role authenticator set pgrst.db_aggregates_enabled to 'true'$statement$)`,
    )
    expect(routedStatement('-- timeouts\n/* api */ ALTER USER "anon" RESET ALL;')).toBe(
      'select local_supabase.alter_api_role_setting($statement$ALTER USER "anon" RESET ALL;$statement$)',
    )
    expect(
      routedStatement(`alter role service_role in database postgres set a.b = '$statement$'`),
    ).toBe(
      `select local_supabase.alter_api_role_setting($statement_$alter role service_role in database postgres set a.b = '$statement$'$statement_$)`,
    )
  })

  it('leaves everything else as it is', () => {
    expect(routedStatement('alter role authenticated nologin')).toBeUndefined()
    expect(routedStatement(`alter role authenticated rename to x`)).toBeUndefined()
    expect(routedStatement(`alter role supabase_auth_admin set search_path = auth`)).toBeUndefined()
    expect(routedStatement(`alter role anonymous set search_path = auth`)).toBeUndefined()
    expect(routedStatement(`select 'alter role anon set a = 1'`)).toBeUndefined()
  })
})

describe('frontendRewriter', () => {
  const message = (type: string, body: string) => {
    const text = Buffer.from(`${body}\0`, 'utf8')
    const header = Buffer.alloc(5)
    header.write(type, 0, 'latin1')
    header.writeInt32BE(text.length + 4, 1)
    return Buffer.concat([header, text])
  }

  it('declines TLS, passes the startup message, rewrites a query split across chunks', () => {
    const forwarded: string[] = []
    let refused = 0
    const push = frontendRewriter(
      (buffer) => forwarded.push(buffer.toString('latin1')),
      () => (refused += 1),
    )
    const ssl = Buffer.alloc(8)
    ssl.writeInt32BE(8, 0)
    ssl.writeInt32BE(80877103, 4)
    const startup = Buffer.alloc(8)
    startup.writeInt32BE(8, 0)
    startup.writeInt32BE(196608, 4)
    const query = message('Q', 'alter role anon reset all')
    push(Buffer.concat([ssl, startup, query.subarray(0, 7)]))
    push(query.subarray(7))
    push(message('X', ''))
    expect(refused).toBe(1)
    expect(forwarded).toEqual([
      startup.toString('latin1'),
      message(
        'Q',
        'select local_supabase.alter_api_role_setting($statement$alter role anon reset all$statement$)',
      ).toString('latin1'),
      message('X', '').toString('latin1'),
    ])
  })
})
