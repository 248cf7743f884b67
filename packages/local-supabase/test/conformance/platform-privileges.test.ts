import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { stackInfo } from '../support.ts'

/**
 * The local database grants what Supabase's platform grants and refuses what it refuses, for
 * everything a project's migrations, seed and API roles can do: each power is tried as the role
 * that would use it, in a transaction that is rolled back, and must get the platform's answer.
 * The facts come from supabase/postgres (its init scripts, migrations and role tests) as of
 * migration 20261010094800 and supabase/auth's migrations; see the package README.
 */

const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
type Role = 'postgres' | 'authenticator' | 'supabase_auth_admin' | (typeof API_ROLES)[number]

const superuser = new pg.Pool({ connectionString: stackInfo().superuserDbUrl, max: 2 })
afterAll(() => superuser.end())

function urlFor(user: string): string {
  const url = new URL(stackInfo().superuserDbUrl)
  url.username = user
  url.password = 'postgres'
  return url.toString()
}

/**
 * Runs `statements` as `role` in one transaction that is always rolled back. The API roles log in
 * as PostgREST does: as authenticator, then SET ROLE.
 */
async function attempt(role: Role, ...statements: string[]): Promise<pg.QueryResult[]> {
  const isApiRole = (API_ROLES as readonly string[]).includes(role)
  const client = new pg.Client({ connectionString: urlFor(isApiRole ? 'authenticator' : role) })
  await client.connect()
  try {
    await client.query('begin')
    if (isApiRole) await client.query(`set local role ${role}`)
    const results: pg.QueryResult[] = []
    for (const statement of statements) results.push(await client.query(statement))
    return results
  } finally {
    await client.query('rollback').catch(() => undefined)
    await client.end()
  }
}

/** The statement that fails (the last) must fail as the platform fails it: 42501. */
async function expectRefused(role: Role, ...statements: string[]): Promise<void> {
  await expect(attempt(role, ...statements)).rejects.toMatchObject({ code: '42501' })
}

describe('roles and who connects as whom', () => {
  it('the stack administers as supabase_admin, the only superuser; postgres is not one', async () => {
    expect(new URL(stackInfo().superuserDbUrl).username).toBe('supabase_admin')
    expect(new URL(stackInfo().dbUrl).username).toBe('postgres')
    const { rows } = await superuser.query<{ rolname: string }>(
      `select rolname from pg_roles where rolsuper order by rolname`,
    )
    expect(rows.map((row) => row.rolname)).toEqual(['supabase_admin'])
  })

  it('has the platform role attributes', async () => {
    const { rows } = await superuser.query(
      `select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin,
              rolreplication, rolbypassrls
         from pg_roles
        where rolname = any($1)
        order by rolname`,
      [
        [
          'anon',
          'authenticated',
          'authenticator',
          'dashboard_user',
          'postgres',
          'service_role',
          'supabase_admin',
          'supabase_auth_admin',
          'supabase_realtime_admin',
        ],
      ],
    )
    const attributes = (
      rolsuper: boolean,
      rolinherit: boolean,
      rolcreaterole: boolean,
      rolcreatedb: boolean,
      rolcanlogin: boolean,
      rolreplication: boolean,
      rolbypassrls: boolean,
    ) => ({
      rolsuper,
      rolinherit,
      rolcreaterole,
      rolcreatedb,
      rolcanlogin,
      rolreplication,
      rolbypassrls,
    })
    expect(Object.fromEntries(rows.map(({ rolname, ...rest }) => [rolname, rest]))).toEqual({
      anon: attributes(false, true, false, false, false, false, false),
      authenticated: attributes(false, true, false, false, false, false, false),
      authenticator: attributes(false, false, false, false, true, false, false),
      dashboard_user: attributes(false, true, true, true, false, true, false),
      postgres: attributes(false, true, true, true, true, true, true),
      service_role: attributes(false, true, false, false, false, false, true),
      supabase_admin: attributes(true, true, true, true, true, true, true),
      supabase_auth_admin: attributes(false, false, false, false, true, false, false),
      supabase_realtime_admin: attributes(false, false, true, false, true, true, false),
    })
  })

  it('has the platform role settings', async () => {
    const { rows } = await superuser.query<{ rolname: string; rolconfig: string[] | null }>(
      `select rolname, rolconfig from pg_roles where rolname = any($1)`,
      [
        [
          'anon',
          'authenticated',
          'authenticator',
          'postgres',
          'supabase_admin',
          'supabase_auth_admin',
        ],
      ],
    )
    // The fixture's own PostgREST settings (migration 20250101000400) are role-settings.test.ts's.
    const platform = (config: string[] | null) => config?.filter((s) => !s.startsWith('pgrst.'))
    expect(Object.fromEntries(rows.map((row) => [row.rolname, platform(row.rolconfig)]))).toEqual({
      anon: ['statement_timeout=3s'],
      authenticated: ['statement_timeout=8s'],
      authenticator: ['statement_timeout=8s', 'lock_timeout=8s'],
      postgres: ['search_path="$user", public, extensions'],
      supabase_admin: ['search_path="$user", public, auth, extensions', 'log_statement=none'],
      supabase_auth_admin: [
        'search_path=auth',
        'idle_in_transaction_session_timeout=60000',
        'log_statement=none',
      ],
    })
  })

  it('gives postgres the platform memberships and nothing that reaches the service roles', async () => {
    const { rows } = await superuser.query<{ role: string; admin: boolean }>(
      `select m.roleid::regrole::text as role, m.admin_option as admin
         from pg_auth_members m
        where m.member = 'postgres'::regrole
        order by 1`,
    )
    expect(rows).toEqual([
      { role: 'anon', admin: false },
      { role: 'authenticated', admin: false },
      { role: 'authenticator', admin: false },
      { role: 'pg_create_subscription', admin: false },
      { role: 'pg_monitor', admin: true },
      { role: 'pg_read_all_data', admin: true },
      { role: 'pg_signal_backend', admin: true },
      { role: 'service_role', admin: false },
      // The stand-in for supautils' policy_grants on realtime.messages (inherit only, no SET ROLE).
      { role: 'supabase_realtime_admin', admin: false },
    ])
  })

  it('ran the migrations as postgres, which owns what they made and the publication', async () => {
    const { rows } = await superuser.query(
      `select (select relowner::regrole::text from pg_class
                where oid = 'supabase_migrations.schema_migrations'::regclass) as history,
              (select relowner::regrole::text from pg_class where oid = 'public.notes'::regclass)
                as notes,
              (select pubowner::regrole::text from pg_publication
                where pubname = 'supabase_realtime') as publication,
              (select puballtables from pg_publication where pubname = 'supabase_realtime')
                as all_tables,
              (select datdba::regrole::text from pg_database where datname = current_database())
                as database`,
    )
    expect(rows[0]).toEqual({
      history: 'postgres',
      notes: 'postgres',
      publication: 'postgres',
      all_tables: false,
      database: 'postgres',
    })
  })
})

describe('schema privileges', () => {
  it('gives each role on each platform schema what the platform gives it', async () => {
    const roles = ['postgres', 'anon', 'authenticated', 'service_role', 'supabase_auth_admin']
    const schemas = ['public', 'extensions', 'auth', 'realtime']
    const { rows } = await superuser.query<{ role: string; schema: string; privileges: string }>(
      `select r as role, s as schema,
              concat_ws(',',
                case when has_schema_privilege(r, s, 'USAGE') then 'USAGE' end,
                case when has_schema_privilege(r, s, 'CREATE') then 'CREATE' end) as privileges
         from unnest($1::text[]) r, unnest($2::text[]) s`,
      [roles, schemas],
    )
    const matrix = Object.fromEntries(
      roles.map((role) => [
        role,
        Object.fromEntries(
          rows.filter((row) => row.role === role).map((row) => [row.schema, row.privileges]),
        ),
      ]),
    )
    const usageOnly = { public: 'USAGE', extensions: 'USAGE', auth: 'USAGE', realtime: 'USAGE' }
    expect(matrix).toEqual({
      postgres: {
        public: 'USAGE,CREATE',
        extensions: 'USAGE,CREATE',
        auth: 'USAGE',
        realtime: 'USAGE',
      },
      anon: usageOnly,
      authenticated: usageOnly,
      service_role: usageOnly,
      // GoTrue's role reaches public (as everyone does) and its own schema, nothing else.
      supabase_auth_admin: { public: 'USAGE', extensions: '', auth: 'USAGE,CREATE', realtime: '' },
    })
  })

  it('has the owners the platform has', async () => {
    const { rows } = await superuser.query(
      `select nspname as schema, nspowner::regrole::text as owner from pg_namespace
        where nspname in ('public', 'extensions', 'auth', 'realtime') order by 1`,
    )
    expect(rows).toEqual([
      { schema: 'auth', owner: 'supabase_admin' },
      { schema: 'extensions', owner: 'postgres' },
      { schema: 'public', owner: 'pg_database_owner' },
      { schema: 'realtime', owner: 'supabase_admin' },
    ])
    const auth = await superuser.query(
      `select relowner::regrole::text as owner from pg_class where oid = 'auth.users'::regclass`,
    )
    expect(auth.rows).toEqual([{ owner: 'supabase_auth_admin' }])
  })

  it('grants what postgres and supabase_admin create in public to the API roles (RLS guards it)', async () => {
    const { rows } = await superuser.query<{ owner: string; type: string; grantees: string }>(
      `select d.defaclrole::regrole::text as owner, d.defaclobjtype::text as type,
              string_agg(distinct a.grantee::regrole::text, ',' order by a.grantee::regrole::text)
                as grantees
         from pg_default_acl d cross join lateral aclexplode(d.defaclacl) a
        where d.defaclnamespace = 'public'::regnamespace
        group by 1, 2 order by 1, 2`,
    )
    const grantees = 'anon,authenticated,postgres,service_role'
    expect(rows).toEqual(
      ['postgres', 'supabase_admin'].flatMap((owner) =>
        ['S', 'f', 'r'].map((type) => ({ owner, type, grantees })),
      ),
    )
  })
})

describe('what the API roles may not do', () => {
  it('anon cannot create a function in public', async () => {
    await expectRefused(
      'anon',
      `create function public.probe() returns int language sql as 'select 1'`,
    )
  })

  it('authenticated cannot create a table in public', async () => {
    await expectRefused('authenticated', 'create table public.probe (id int)')
  })

  it('service_role cannot create a table in public or in extensions', async () => {
    await expectRefused('service_role', 'create table public.probe (id int)')
    await expectRefused('service_role', 'create table extensions.probe (id int)')
  })

  it('the API roles cannot create in auth or realtime', async () => {
    for (const role of API_ROLES) {
      await expectRefused(role, 'create table auth.probe (id int)')
      await expectRefused(role, 'create table realtime.probe (id int)')
    }
  })

  it('authenticator becomes the API roles, as PostgREST does, and nothing else', async () => {
    for (const role of API_ROLES) {
      const [, current] = await attempt(
        'authenticator',
        `set local role ${role}`,
        'select current_user',
      )
      expect(current?.rows).toEqual([{ current_user: role }])
    }
    await expectRefused('authenticator', 'set role postgres')
    await expectRefused('authenticator', 'set role supabase_admin')
  })
})

describe('what postgres (migrations and seed) may not do', () => {
  it('cannot create an event trigger', async () => {
    await expectRefused(
      'postgres',
      `create function public.probe_event() returns event_trigger language plpgsql
         as $$ begin end $$`,
      'create event trigger probe on ddl_command_end execute function public.probe_event()',
    )
  })

  it('cannot create a FOR ALL TABLES publication', async () => {
    await expectRefused('postgres', 'create publication probe for all tables')
  })

  it('cannot create a function in an untrusted language', async () => {
    await expectRefused(
      'postgres',
      `create function public.probe() returns int language c as 'probe', 'probe'`,
    )
    await expectRefused(
      'postgres',
      `create function public.probe() returns int language internal as 'int4in'`,
    )
  })

  it('cannot read or run server files', async () => {
    await expectRefused('postgres', `select pg_read_file('PG_VERSION')`)
    await expectRefused('postgres', `select pg_ls_dir('.')`)
    await expectRefused(
      'postgres',
      'create temp table probe (line text)',
      `copy probe from program 'true'`,
    )
  })

  it('cannot make itself or anyone else more powerful', async () => {
    await expectRefused('postgres', 'grant supabase_admin to postgres')
    await expectRefused('postgres', 'grant supabase_auth_admin to postgres')
    await expectRefused('postgres', 'alter role postgres superuser')
    await expectRefused('postgres', 'create role probe superuser')
    await expectRefused('postgres', 'grant pg_read_server_files to postgres')
  })

  it('cannot alter the platform roles', async () => {
    await expectRefused('postgres', `alter role authenticated set statement_timeout = '1min'`)
    await expectRefused('postgres', 'alter role anon with login')
    await expectRefused('postgres', `alter role authenticator set statement_timeout = '1min'`)
    await expectRefused('postgres', `alter role supabase_auth_admin set search_path = public`)
  })

  it('does not own auth.users: no ALTER, no policies, no ownership, no SET ROLE to its owner', async () => {
    await expectRefused('postgres', 'alter table auth.users add column probe int')
    await expectRefused('postgres', 'alter table auth.users owner to postgres')
    await expectRefused('postgres', 'create policy probe on auth.users for select using (true)')
    await expectRefused('postgres', 'alter table auth.users disable row level security')
    await expectRefused('postgres', 'set role supabase_auth_admin')
    await expectRefused('postgres', 'create table auth.probe (id int)')
    // It may read GoTrue's migration history (pg_read_all_data, as on the platform), not write it.
    await expectRefused('postgres', `insert into auth.schema_migrations values ('99999999999999')`)
  })

  it('cannot create in realtime', async () => {
    await expectRefused('postgres', 'create table realtime.probe (id int)')
  })
})

describe('what postgres (migrations and seed) may do', () => {
  it('creates tables, functions, triggers and policies in public and publishes a table', async () => {
    const results = await attempt(
      'postgres',
      'create table public.probe (id int primary key, note text)',
      'alter table public.probe enable row level security',
      `create policy "probe read" on public.probe for select to authenticated using (true)`,
      `create function public.probe_touch() returns trigger language plpgsql
         set search_path = '' as $$ begin new.note := 'touched'; return new; end $$`,
      `create trigger probe_touch before insert on public.probe
         for each row execute function public.probe_touch()`,
      'insert into public.probe (id) values (1) returning note',
      'alter publication supabase_realtime add table public.probe',
      `select count(*)::int as published from pg_publication_tables
        where pubname = 'supabase_realtime' and tablename = 'probe'`,
      'alter publication supabase_realtime drop table public.probe',
      'revoke all on table public.probe from anon',
      'grant select on table public.probe to anon',
    )
    expect(results[5]?.rows).toEqual([{ note: 'touched' }])
    expect(results[7]?.rows).toEqual([{ published: 1 }])
  })

  it('reads and writes auth users and identities, as a seed does, and may trigger on them', async () => {
    const id = '00000000-0000-4000-8000-0000000000aa'
    const results = await attempt(
      'postgres',
      `insert into auth.users (id, aud, role, email, encrypted_password, created_at, updated_at)
       values ('${id}', 'authenticated', 'authenticated', 'probe@example.test',
               extensions.crypt('secret', extensions.gen_salt('bf', 4)), now(), now())`,
      `insert into auth.identities (provider_id, user_id, identity_data, provider)
       values ('${id}', '${id}', '{"sub": "${id}"}', 'email')`,
      `select count(*)::int as users from auth.users where id = '${id}'`,
      `create function public.probe_on_user() returns trigger language plpgsql
         security definer set search_path = '' as $$ begin return new; end $$`,
      `create trigger probe_on_user after insert on auth.users
         for each row execute function public.probe_on_user()`,
      `create table public.probe_profiles (id uuid primary key references auth.users (id))`,
    )
    expect(results[2]?.rows).toEqual([{ users: 1 }])
  })

  it('becomes the API roles and grants realtime usage to a role of its own', async () => {
    for (const role of API_ROLES) {
      const [, current] = await attempt('postgres', `set local role ${role}`, 'select current_user')
      expect(current?.rows).toEqual([{ current_user: role }])
    }
    const results = await attempt(
      'postgres',
      'create role probe_reader nologin',
      'grant usage on schema realtime to probe_reader',
      `select has_schema_privilege('probe_reader', 'realtime', 'USAGE') as usage`,
    )
    expect(results[2]?.rows).toEqual([{ usage: true }])
  })

  it('creates objects in extensions, which it owns', async () => {
    await attempt('postgres', 'create table extensions.probe (id int)')
  })
})
