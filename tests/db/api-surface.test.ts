import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { parse } from 'smol-toml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/**
 * Issue 28 §3: the API is closed. PostgREST serves only the schemas of supabase/config.toml's
 * [api] schemas; in them a visitor (anon) executes no function and a signed-in golfer only the
 * app's RPCs, and every function there is one this file names, so a new one fails here until it
 * is added on purpose (and to docs/database.md, "API"). Everything else lives in `private`, which is
 * not exposed and which anon cannot even use. Postgres grants EXECUTE to PUBLIC by default and
 * Supabase's default privileges grant every new function in public to anon and authenticated, so
 * a function that forgets its revoke shows up here (the last test proves it does).
 */
const pool = new pg.Pool({ connectionString: fileDatabase.dbUrl, max: 1 })
afterAll(() => pool.end())

/** What a golfer may call through /rpc. */
const GOLFER_RPCS = [
  'attest_card(text,integer)',
  'card_invitation(text)',
  'delete_my_account()',
  'import_rounds(jsonb)',
  'invite_to_card(text)',
  'join_card(text,integer)',
  'sign_card(text)',
  'undo_deletion(text,text)',
]
/** RPCs later issues name (issue 30's course directory), allowed for golfers once they exist. */
const PLANNED_GOLFER_RPCS = [
  'publish_course',
  'withdraw_course',
  'copy_directory_course',
  'search_directory',
]

const planned = (signature: string) =>
  PLANNED_GOLFER_RPCS.some((name) => signature.startsWith(`${name}(`))

/** Every function of the exposed schemas (none an extension's), with who may execute it. */
const SURFACE = `
  select p.oid::regprocedure::text as signature,
         has_function_privilege('anon', p.oid, 'execute') as anon,
         has_function_privilege('authenticated', p.oid, 'execute') as authenticated
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = any ($1)
    and not exists (
      select 1 from pg_depend d
      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    )
  order by 1`

interface Callable {
  signature: string
  anon: boolean
  authenticated: boolean
}

let exposed: string[]

beforeAll(async () => {
  const config = parse(
    await readFile(path.join(PROJECT_ROOT, 'supabase', 'config.toml'), 'utf8'),
  ) as { api?: { schemas?: string[] } }
  exposed = config.api?.schemas ?? []
})

const surface = async (db: pg.Pool | pg.PoolClient = pool) =>
  (await db.query<Callable>(SURFACE, [exposed])).rows

describe('the API surface', () => {
  it('exposes public and no schema of helpers', () => {
    expect(exposed).toContain('public')
    expect(exposed).not.toContain('private')
  })

  it('lets a visitor (anon) execute no function in an exposed schema', async () => {
    expect((await surface()).filter((fn) => fn.anon).map((fn) => fn.signature)).toEqual([])
  })

  it('lets a signed-in golfer execute only the app’s RPCs', async () => {
    const executable = (await surface())
      .filter((fn) => fn.authenticated)
      .map((fn) => fn.signature)
      .filter((signature) => !planned(signature))
    expect(executable).toEqual(GOLFER_RPCS)
  })

  it('holds no function this test does not name', async () => {
    const unknown = (await surface())
      .map((fn) => fn.signature)
      .filter((signature) => !planned(signature))
    expect(unknown).toEqual(GOLFER_RPCS)
  })

  it('gives a visitor no use of the private schema, and a golfer use without create', async () => {
    const { rows } = await pool.query<Record<string, boolean>>(
      `select has_schema_privilege('anon', 'private', 'usage') as anon_usage,
              has_schema_privilege('authenticated', 'private', 'usage') as golfer_usage,
              has_schema_privilege('authenticated', 'private', 'create') as golfer_create`,
    )
    expect(rows).toEqual([{ anon_usage: false, golfer_usage: true, golfer_create: false }])
  })

  it('gives a visitor no table, view or sequence in an exposed schema', async () => {
    const { rows } = await pool.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
         and (
           case when c.relkind = 'S'
             then has_sequence_privilege('anon', c.oid, 'usage, select, update')
             else has_table_privilege(
               'anon', c.oid, 'select, insert, update, delete, truncate, references, trigger'
             )
           end
         )
       order by 1`,
      [exposed],
    )
    expect(rows).toEqual([])
  })

  it('lets a golfer write the kept walk only through the triggers, or walk only their own record', async () => {
    // Issue 40 §3: private.rewalk rewrites any golfer's kept walk with its owner's rights, so
    // only the triggers (as definers) call it; the import walks the caller's own record through
    // private.rewalk_own_record. Every definer helper of the walk (its name says so) a golfer or
    // a visitor may run:
    const { rows } = await pool.query<{ signature: string }>(
      `select p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'private' and p.prosecdef and p.proname like '%walk%'
         and (has_function_privilege('authenticated', p.oid, 'execute')
           or has_function_privilege('anon', p.oid, 'execute'))
       order by 1`,
    )
    expect(rows.map((row) => row.signature)).toEqual(['private.rewalk_own_record()'])
    // And the walk's writers and readers of kept rows, which are not definers, are not theirs.
    const writers = [
      'private.rewalk(uuid[],date[])',
      'private.walk_start(uuid,date)',
      'private.kept_before(uuid,date)',
      'private.low_queue_before(uuid,date,date)',
      'private.kept_walk_written(uuid,date,private.walk)',
      'private.counted_for_index(uuid)',
    ]
    const { rows: callable } = await pool.query<{ signature: string; golfer: boolean }>(
      `select s as signature,
              has_function_privilege('authenticated', s::regprocedure, 'execute')
                or has_function_privilege('service_role', s::regprocedure, 'execute') as golfer
       from unnest($1::text[]) as s`,
      [writers],
    )
    expect(callable).toEqual(writers.map((signature) => ({ signature, golfer: false })))
    const db = await pool.connect()
    try {
      await db.query('begin')
      await db.query('set local role authenticated')
      await expect(
        db.query(`select private.rewalk(array[gen_random_uuid()], null)`),
      ).rejects.toMatchObject({ code: '42501' })
    } finally {
      await db.query('rollback')
      db.release()
    }
  })

  it('catches a new function that forgets its revoke (Supabase’s default privileges)', async () => {
    const db = await pool.connect()
    try {
      await db.query('begin')
      await db.query(
        `create function public.forgot_to_revoke() returns integer language sql
         set search_path = '' as $$ select 1 $$`,
      )
      expect((await surface(db)).find((fn) => fn.signature === 'forgot_to_revoke()')).toEqual({
        signature: 'forgot_to_revoke()',
        anon: true,
        authenticated: true,
      })
    } finally {
      await db.query('rollback')
      db.release()
    }
  })
})
