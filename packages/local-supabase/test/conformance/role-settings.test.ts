import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openRoleSettingsPath, type RoleSettingsPath } from '../../src/role-settings.ts'
import { waitFor } from '../../src/testing.ts'
import { newClient, newUser, stackInfo } from '../support.ts'

/**
 * What Supabase's platform (supautils' `reserved_roles` with `*`) lets `postgres` do to the API
 * roles: change their settings, nothing else. Migrations reach the database through the stack's
 * checked path; each statement below is sent through it as `postgres`, as a migration's would be,
 * in a transaction that is rolled back.
 */

const superuser = new pg.Pool({ connectionString: stackInfo().superuserDbUrl, max: 2 })
let checkedPath: RoleSettingsPath

beforeAll(async () => {
  checkedPath = await openRoleSettingsPath(stackInfo().dbUrl)
})
afterAll(async () => {
  await checkedPath.close()
  await superuser.end()
})

async function asPostgres<T>(work: (client: pg.Client) => Promise<T>, commit = false): Promise<T> {
  const client = new pg.Client({ connectionString: checkedPath.url })
  await client.connect()
  try {
    await client.query('begin')
    const result = await work(client)
    await client.query(commit ? 'commit' : 'rollback')
    return result
  } finally {
    await client.query('rollback').catch(() => undefined)
    await client.end()
  }
}

/** Runs `statement` and reads `role`'s settings in the same (rolled back) transaction. */
function settingsAfter(role: string, statement: string | pg.QueryConfig): Promise<string[]> {
  return asPostgres(async (client) => {
    await client.query(statement)
    const { rows } = await client.query<{ rolconfig: string[] | null }>(
      'select rolconfig from pg_roles where rolname = $1',
      [role],
    )
    return rows[0]?.rolconfig ?? []
  })
}

function expectRefused(statement: string): Promise<void> {
  return expect(asPostgres((client) => client.query(statement))).rejects.toMatchObject({
    code: '42501',
  })
}

describe('settings of the API roles, as postgres', () => {
  it('applied the fixture migration that sets them, as the platform applies it', async () => {
    const { rows } = await superuser.query<{ rolname: string; rolconfig: string[] }>(
      `select rolname, rolconfig from pg_roles where rolname in ('authenticator', 'service_role')
        order by rolname`,
    )
    expect(rows).toEqual([
      {
        rolname: 'authenticator',
        rolconfig: [
          'statement_timeout=8s',
          'lock_timeout=8s',
          'pgrst.db_plan_enabled=true',
          'pgrst.db_aggregates_enabled=true',
          'pgrst.db_tx_end=commit-allow-override',
        ],
      },
      { rolname: 'service_role', rolconfig: ['statement_timeout=20s'] },
    ])
  })

  it('sets and resets user-settable settings', async () => {
    expect(
      await settingsAfter(
        'authenticated',
        `alter role authenticated set statement_timeout = '20s'`,
      ),
    ).toEqual(['statement_timeout=20s'])
    expect(
      await settingsAfter('authenticated', 'alter role authenticated reset statement_timeout'),
    ).toEqual([])
    expect(
      await settingsAfter('anon', 'ALTER USER "anon" SET search_path TO public, extensions'),
    ).toEqual(['statement_timeout=3s', 'search_path=public, extensions'])
    expect(await settingsAfter('anon', 'alter role anon reset all')).toEqual([])
  })

  it('sets PostgREST in-database configuration and the platform privileged configs', async () => {
    expect(
      await settingsAfter(
        'authenticator',
        `alter role authenticator set pgrst.db_aggregates_enabled to 'false'`,
      ),
    ).toEqual([
      'statement_timeout=8s',
      'lock_timeout=8s',
      'pgrst.db_plan_enabled=true',
      'pgrst.db_aggregates_enabled=false',
      'pgrst.db_tx_end=commit-allow-override',
    ])
    expect(
      await settingsAfter(
        'service_role',
        `alter role service_role set session_replication_role = replica`,
      ),
    ).toEqual(['statement_timeout=20s', 'session_replication_role=replica'])
  })

  it('routes prepared statements and statements behind comments alike', async () => {
    expect(
      await settingsAfter('authenticated', {
        name: 'timeout',
        text: '-- API timeouts\nalter role authenticated set statement_timeout = 20000;',
      }),
    ).toEqual(['statement_timeout=20000'])
  })

  it('scopes a setting to a database', async () => {
    const { rows } = await superuser.query<{ db: string }>('select current_database() as db')
    const database = rows[0]?.db ?? ''
    const settings = await asPostgres(async (client) => {
      await client.query(`alter role anon in database ${database} set statement_timeout = '5s'`)
      const found = await client.query<{ setconfig: string[] }>(
        `select setconfig from pg_db_role_setting
          where setrole = 'anon'::regrole and setdatabase = (select oid from pg_database where datname = $1)`,
        [database],
      )
      return found.rows[0]?.setconfig
    })
    expect(settings).toEqual(['statement_timeout=5s'])
  })

  it('refuses every other change to those roles', async () => {
    await expectRefused('alter role authenticated nologin')
    await expectRefused('alter role authenticated login')
    await expectRefused(`alter role authenticated with password 'secret'`)
    await expectRefused('alter role authenticated rename to members')
    await expectRefused('alter role authenticated superuser')
    await expectRefused('alter role authenticated bypassrls')
    await expectRefused('alter role authenticated createrole')
    await expectRefused('alter role anon connection limit 1')
    await expectRefused('alter role service_role inherit')
    await expectRefused('grant authenticated to pg_monitor')
    await expectRefused('grant service_role to authenticated')
    await expectRefused('revoke anon from authenticator')
    await expectRefused('drop role anon')
    // Nor may postgres become the role that holds the ADMIN OPTION.
    await expectRefused('set role local_supabase_role_settings')
  })

  it('refuses superuser-only settings outside the privileged list', async () => {
    await expectRefused('alter role authenticated set zero_damaged_pages = on')
    await expectRefused(`alter role authenticator set session_preload_libraries = 'auto_explain'`)
  })

  it('refuses settings of every other role, and more than one statement in a change', async () => {
    await expectRefused('alter role supabase_auth_admin set search_path = public')
    await expectRefused(`alter role supabase_admin set statement_timeout = '1s'`)
    await expectRefused('alter role all set statement_timeout = 1')
    await expectRefused(`alter role anon set statement_timeout = '1s'; alter role anon login`)
    await expectRefused(
      `alter role anon set statement_timeout = 1--'\n; alter role anon login; --'`,
    )
    await expectRefused(`alter role anon set statement_timeout = 1 /* */`)
    await expectRefused(`alter role "ANON" set statement_timeout = 1`)
  })

  it('refuses the checked function to anyone but postgres', async () => {
    const client = new pg.Client({
      connectionString: stackInfo().superuserDbUrl.replace(
        /\/\/[^@]+@/,
        '//authenticator:postgres@',
      ),
    })
    await client.connect()
    try {
      await expect(
        client.query(`select local_supabase.alter_api_role_setting('alter role anon reset all')`),
      ).rejects.toMatchObject({ code: '42501' })
    } finally {
      await client.end()
    }
  })

  it('outside the checked path, PostgreSQL refuses postgres even the settings', async () => {
    const direct = new pg.Client({ connectionString: stackInfo().dbUrl })
    await direct.connect()
    try {
      await expect(
        direct.query(`alter role authenticated set statement_timeout = '20s'`),
      ).rejects.toMatchObject({ code: '42501' })
    } finally {
      await direct.end()
    }
  })
})

describe('NOTIFY pgrst', () => {
  it("has the fixture migration's pgrst.db_aggregates_enabled in effect", async () => {
    const { error } = await newClient(stackInfo().serviceRoleKey).from('notes').select('count()')
    expect(error).toBeNull()
  })

  // pgrst.db_tx_end, because no other suite depends on it while this one changes it.
  it("'reload config' makes the REST service read the pgrst.* settings again", async () => {
    const user = await newUser('reload-config')
    /** Whether a note inserted under `Prefer: tx=rollback` stays, i.e. the override is refused. */
    const kept = async () => {
      const id = randomUUID()
      const { error } = await user.client.from('notes').insert({ id, title: 'reload' }).rollback()
      expect(error).toBeNull()
      const { rows } = await superuser.query('select from public.notes where id = $1', [id])
      return rows.length === 1
    }
    /** Changes the setting as a migration would, tells PostgREST, waits until it is applied. */
    const switchTxEnd = async (value: string, keeps: boolean) => {
      await asPostgres(async (db) => {
        await db.query(`alter role authenticator set pgrst.db_tx_end to '${value}'`)
        await db.query(`notify pgrst, 'reload config'`)
      }, true)
      return waitFor(async () => (await kept()) === keeps, `pgrst.db_tx_end = ${value}`, 10_000)
    }
    expect(await kept()).toBe(false)
    try {
      expect(await switchTxEnd('commit', true)).toBe(true)
    } finally {
      expect(await switchTxEnd('commit-allow-override', false)).toBe(true)
    }
  })
})
