import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { startPostgres, waitForPostgres } from './postgres.ts'
import { openRoleSettingsPath } from './role-settings.ts'

const BOOTSTRAP_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql')

/** Applies the platform bootstrap (roles, auth schema, grants, publication) as the superuser. */
export async function applyBootstrap(dbUrl: string): Promise<void> {
  const sql = await readFile(BOOTSTRAP_FILE, 'utf8')
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    // Concurrent first starts against one server would race on CREATE ROLE; serialise them.
    await client.query('select pg_advisory_lock(5432154321)')
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** `dbUrl` with another role's credentials (the platform roles' local password is `postgres`). */
export function withRole(dbUrl: string, user: string, password = 'postgres'): string {
  const url = new URL(dbUrl)
  url.username = user
  url.password = password
  return url.toString()
}

/**
 * The connection migrations and the seed run with: the `postgres` role, which is not a superuser,
 * as `supabase db push` runs them on the platform. A DATABASE_URL server whose bootstrap superuser
 * is `postgres` itself cannot demote it (the bootstrap warns), so its URL is used as given.
 */
export function migrationRoleUrl(adminUrl: string): string {
  return new URL(adminUrl).username === 'postgres' ? adminUrl : withRole(adminUrl, 'postgres')
}

const UPGRADE_ROLE = 'local_supabase_upgrade'

/**
 * Data folders made by older versions of this package have `postgres` as the cluster's bootstrap
 * superuser, which PostgreSQL will not demote. They are converted in place, once: that role is
 * renamed `supabase_admin` (the platform's superuser; the old, separate `supabase_admin` gives up
 * its name), a new non-superuser `postgres` is made, and what the project's migrations and the CLI
 * created is handed to it. All of it in one transaction, run by a temporary superuser (a role
 * cannot rename itself), which the bootstrap then drops. Folders already converted are untouched.
 */
export async function convertLegacySuperuser(
  adminUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const first = await connectFirst([adminUrl, withRole(adminUrl, 'postgres')])
  const password = randomBytes(24).toString('hex')
  try {
    const { rows } = await first.query<{ rolname: string }>(
      'select rolname from pg_roles where oid = 10',
    )
    if (rows[0]?.rolname !== 'postgres') return
    log('Converting a data folder from an older version: supabase_admin becomes the superuser')
    await first.query(`drop role if exists ${UPGRADE_ROLE}`)
    await first.query(`create role ${UPGRADE_ROLE} superuser login password '${password}'`)
  } finally {
    await first.end()
  }
  const helper = new pg.Client({ connectionString: withRole(adminUrl, UPGRADE_ROLE, password) })
  await helper.connect()
  try {
    await helper.query(LEGACY_CONVERSION_SQL)
  } finally {
    await helper.end()
  }
}

/** Connects with the first URL whose credentials the server accepts. */
async function connectFirst(urls: string[]): Promise<pg.Client> {
  let lastError: unknown
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      return client
    } catch (error) {
      await client.end().catch(() => undefined)
      const code = (error as { code?: string }).code
      // 28P01: wrong password; 28000: no such role. Anything else is a real failure.
      if (code !== '28P01' && code !== '28000') throw error
      lastError = error
    }
  }
  throw lastError
}

// Everything the old superuser `postgres` owned outside the platform's own schemas (the project's
// schemas, tables, views, sequences, functions, types, the CLI's supabase_migrations, the
// publication, the database) belongs to `postgres` on the platform. Extension members stay.
const LEGACY_CONVERSION_SQL = `
begin;
do $$
begin
  if exists (select from pg_roles where rolname = 'supabase_admin') then
    reassign owned by supabase_admin to postgres;
    drop owned by supabase_admin;
    drop role supabase_admin;
  end if;
end
$$;
alter role postgres rename to supabase_admin;
create role postgres login password 'postgres';
-- The platform's superuser is nobody's member; the old postgres was made one of these.
do $$
declare
  granted record;
begin
  for granted in
    select m.roleid::regrole as role from pg_auth_members m
    where m.member = 10 and m.roleid in (select oid from pg_roles where rolname in
      ('anon', 'authenticated', 'service_role', 'supabase_auth_admin'))
  loop
    execute format('revoke %s from supabase_admin', granted.role);
  end loop;
end
$$;
do $$
declare
  item record;
  system_schemas constant text[] := array['pg_catalog', 'information_schema', 'pg_toast', 'auth', 'realtime'];
begin
  execute format('alter database %I owner to postgres', current_database());
  for item in
    select n.nspname from pg_namespace n
    where n.nspowner = 10 and n.nspname <> 'public' and n.nspname <> all (system_schemas)
      and n.nspname !~ '^pg_'
      and not exists (select from pg_depend d where d.classid = 'pg_namespace'::regclass
                      and d.objid = n.oid and d.deptype = 'e')
  loop
    execute format('alter schema %I owner to postgres', item.nspname);
  end loop;
  for item in
    select c.oid::regclass as name,
           case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                          when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end as kind
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relowner = 10 and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      and n.nspname <> all (system_schemas) and n.nspname !~ '^pg_'
      and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass
                      and d.objid = c.oid and d.deptype = 'e')
      -- a serial or identity sequence follows its table
      and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass
                      and d.objid = c.oid and d.refclassid = 'pg_class'::regclass
                      and d.deptype in ('a', 'i') and c.relkind = 'S')
      -- a partition follows its parent
      and not c.relispartition
  loop
    execute format('alter %s %s owner to postgres', item.kind, item.name);
  end loop;
  for item in
    select p.oid::regprocedure as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.proowner = 10 and n.nspname <> all (system_schemas) and n.nspname !~ '^pg_'
      and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass
                      and d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('alter routine %s owner to postgres', item.name);
  end loop;
  for item in
    select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where t.typowner = 10 and t.typtype in ('d', 'e', 'r')
      and n.nspname <> all (system_schemas) and n.nspname !~ '^pg_'
      and not exists (select from pg_depend d where d.classid = 'pg_type'::regclass
                      and d.objid = t.oid and d.deptype = 'e')
  loop
    execute format('alter type %s owner to postgres', item.name);
  end loop;
  for item in
    select c.reltype::regtype as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relowner = 10 and c.relkind = 'c'
      and n.nspname <> all (system_schemas) and n.nspname !~ '^pg_'
  loop
    execute format('alter type %s owner to postgres', item.name);
  end loop;
  for item in select pubname from pg_publication where pubowner = 10 and not puballtables loop
    execute format('alter publication %I owner to postgres', item.pubname);
  end loop;
end
$$;
commit;
`

/** Runs the real Supabase CLI in the project directory and resolves with its stdout. */
export function runSupabaseCli(projectDir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliEntry(), ...args],
      {
        cwd: projectDir,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, DO_NOT_TRACK: '1' },
      },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(`supabase ${args[0] ?? ''} ${args[1] ?? ''} failed:\n${stderr || stdout}`),
          )
        } else {
          resolve(stdout)
        }
      },
    )
  })
}

function cliEntry(): string {
  const require = createRequire(import.meta.url)
  const packageDir = path.dirname(require.resolve('supabase/package.json'))
  const manifest = require('supabase/package.json') as { bin: { supabase: string } }
  return path.join(packageDir, manifest.bin.supabase)
}

/** The CLI insists on TLS unless told otherwise; the local server listens on loopback only. */
export function cliDbUrl(dbUrl: string): string {
  const url = new URL(dbUrl)
  if (!url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'disable')
  return url.toString()
}

/**
 * Applies the project's supabase/migrations (and seed) with the real CLI, exactly as they would go
 * to a hosted project: there is no second copy of the schema for the local stack. `dbUrl` is the
 * role they run as; prepareDatabase passes `postgres`, as the platform's `supabase db push` uses.
 */
export async function pushMigrations(
  dbUrl: string,
  options: { projectDir: string; seed: boolean },
): Promise<void> {
  // Through the checked path, so that settings of the API roles apply as on the platform.
  const relay = await openRoleSettingsPath(dbUrl)
  try {
    const args = ['db', 'push', '--db-url', cliDbUrl(relay.url), '--include-all', '--yes']
    if (options.seed) args.push('--include-seed')
    await runSupabaseCli(options.projectDir, args)
  } finally {
    await relay.close()
  }
}

/**
 * Bootstrap (as the superuser), then migrations and seed (as `postgres`): what every start does
 * before the gateway opens.
 */
export async function prepareDatabase(
  dbUrl: string,
  options: { projectDir: string; seed: boolean },
): Promise<void> {
  await applyBootstrap(dbUrl)
  await pushMigrations(migrationRoleUrl(dbUrl), options)
}

export interface DatabaseOptions {
  /** The project whose `supabase/` folder (migrations, seed) is applied. */
  projectDir: string
  /** Use this server instead of the embedded one. */
  databaseUrl?: string
  dataDir: string
  /** 0 picks a free port. */
  port: number
  fresh?: boolean
  seed?: boolean
  fsync?: boolean
  log?: (line: string) => void
}

export interface Database {
  /** The `postgres` role's connection string, what `supabase status` prints as `DB_URL`. */
  dbUrl: string
  /** The superuser's (supabase_admin), for the stack's own administration. */
  superuserDbUrl: string
  /** The embedded server's pid (undefined with DATABASE_URL). */
  pid: number | undefined
  stop(): Promise<void>
}

/** Postgres (embedded or external) with the bootstrap and migrations applied. */
export async function startDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    await waitForPostgres(options.databaseUrl)
    await prepareDatabase(options.databaseUrl, {
      projectDir: options.projectDir,
      seed: options.seed ?? true,
    })
    return {
      ...databaseUrls(options.databaseUrl),
      pid: undefined,
      stop: async () => undefined,
    }
  }
  if (options.fresh) await rm(options.dataDir, { recursive: true, force: true })
  const log = options.log ?? (() => undefined)
  const start = (port: number) =>
    startPostgres({
      dataDir: options.dataDir,
      port,
      ...(options.fsync === undefined ? {} : { fsync: options.fsync }),
      onLog: (line) => log(`[postgres] ${line}`),
    })
  const postgres = options.port === 0 ? await startOnFreePort(start) : await start(options.port)
  try {
    await convertLegacySuperuser(postgres.url, log)
    await prepareDatabase(postgres.url, {
      projectDir: options.projectDir,
      seed: options.seed ?? true,
    })
  } catch (error) {
    await postgres.stop()
    throw error
  }
  return { ...databaseUrls(postgres.url), pid: postgres.pid, stop: () => postgres.stop() }
}

function databaseUrls(superuserDbUrl: string): Pick<Database, 'dbUrl' | 'superuserDbUrl'> {
  return { dbUrl: migrationRoleUrl(superuserDbUrl), superuserDbUrl }
}

/**
 * Postgres on a port nobody listens on. Between the probe and Postgres binding it, another
 * process may take the port (test suites start many servers at once); then another port is tried.
 */
async function startOnFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return await start(port)
    } catch (error) {
      if (attempt === 3 || (await isFree(port))) throw error
    }
  }
}

/**
 * A free TCP port for a server that is stopped and started again on the same port (a restart
 * test). A port from `freePort` comes from the kernel's ephemeral range, so while the server is
 * down any `listen(0)` or outgoing connection elsewhere may be handed it; this one comes from just
 * below that range, where the kernel never hands out a port by itself.
 */
export async function restartablePort(): Promise<number> {
  const ephemeralLow = await ephemeralRangeStart()
  const lowest = Math.max(1024, ephemeralLow - 8192)
  for (let attempt = 0; attempt < 64; attempt++) {
    const port = lowest + Math.floor(Math.random() * (ephemeralLow - lowest))
    if (await isFree(port)) return port
  }
  throw new Error(`No free port between ${lowest} and ${ephemeralLow - 1}`)
}

async function ephemeralRangeStart(): Promise<number> {
  try {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    const low = Number(range.trim().split(/\s+/)[0])
    if (Number.isInteger(low) && low > 2048) return low
  } catch {
    // Not Linux: the IANA range, which macOS and the BSDs use.
  }
  return 49152
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
