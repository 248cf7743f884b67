import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SchemaFileError, writeSchemaDiff } from '../src/db-diff.ts'
import { startTestDatabase } from '../src/testing.ts'
import { FIXTURE_DIR } from './support.ts'

/**
 * `local-supabase diff` on a copy of the fixture project given schema files: its migrations, one
 * file each, plus a function and two views that read it. The change moves the function to a new
 * `private` schema (so the views that call it must be dropped before it and made again), changes
 * its body, adds a view, and adds an attribute to a type a function returns; the migration written
 * must build, through the same path as `reset`, what the schema files declare.
 */

const LOUD_V1 = `
create function public.loud_notes_of() returns table (id uuid, title text)
  language sql stable set search_path = ''
as $$ select n.id, upper(n.title) from public.notes as n $$;

create view public.loud_notes with (security_invoker = on) as
  select l.id, l.title from public.loud_notes_of() as l;
grant select on public.loud_notes to authenticated;

-- A composite type a function returns: Postgres will not drop it while the function exists.
create type public.shout as (id uuid, title text);
create function public.shouts() returns setof public.shout
  language sql stable set search_path = ''
as $$ select n.id, upper(n.title) from public.notes as n $$;

-- Reads loud_notes, whose text never changes: it still has to be dropped with it.
create view public.loud_titles with (security_invoker = on) as
  select title from public.loud_notes;
grant select on public.loud_titles to authenticated;
`

const LOUD_V2 = `
create schema private;
grant usage on schema private to authenticated;
-- What migra does not diff: default privileges (global and in a schema) and column grants.
alter default privileges revoke execute on functions from public;
alter default privileges in schema private grant execute on functions to authenticated;
grant select (title, priority) on public.notes to anon;

create function private.loud_notes_of() returns table (id uuid, title text)
  language sql stable set search_path = ''
as $$ select n.id, upper(n.title) || '!' from public.notes as n $$;
revoke execute on function private.loud_notes_of() from public;
grant execute on function private.loud_notes_of() to authenticated;
comment on function private.loud_notes_of() is 'Titles, shouted';

create view public.loud_notes with (security_invoker = on) as
  select l.id, l.title from private.loud_notes_of() as l;
grant select on public.loud_notes to authenticated;

create view public.loud_titles with (security_invoker = on) as
  select title from public.loud_notes;
grant select on public.loud_titles to authenticated;

-- The type gains an attribute at its end.
create type public.shout as (id uuid, title text, priority integer);
create function public.shouts() returns setof public.shout
  language sql stable set search_path = ''
as $$ select n.id, upper(n.title), n.priority from public.notes as n $$;

create view public.urgent_notes with (security_invoker = on) as
  select id, title from public.notes where priority >= 8;
grant select on public.urgent_notes to authenticated;
`

let root: string
let projectDir: string
/** The schema file made from the loud_notes migration (numbered by its place among them). */
let loudNotesFile: string

const migrationsDir = () => path.join(projectDir, 'supabase', 'migrations')
const schemasDir = () => path.join(projectDir, 'supabase', 'schemas')

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'local-supabase-schema-diff-test-'))
  projectDir = path.join(root, 'project')
  await cp(path.join(FIXTURE_DIR, 'supabase'), path.join(projectDir, 'supabase'), {
    recursive: true,
  })
  await writeFile(path.join(migrationsDir(), '20250101000500_loud_notes.sql'), LOUD_V1)
  await mkdir(schemasDir())
  const migrations = (await readdir(migrationsDir())).sort()
  for (const [index, file] of migrations.entries()) {
    const name = `${(index + 1) * 10}_${file.replace(/^\d+_/, '')}`
    await cp(path.join(migrationsDir(), file), path.join(schemasDir(), name))
    if (file.endsWith('_loud_notes.sql')) loudNotesFile = name
  }
})

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('local-supabase diff', () => {
  it('writes the migration a change to the schema files needs, and nothing once they agree', async () => {
    await writeFile(path.join(schemasDir(), loudNotesFile), LOUD_V2)
    // A policy changed in place, in the file that declares the table.
    const notesFile = path.join(schemasDir(), '10_notes.sql')
    const notes = await readFile(notesFile, 'utf8')
    const policy = `create policy "Users read their own notes" on public.notes for select
  to authenticated using (user_id = (select auth.uid()));`
    expect(notes).toContain(policy)
    await writeFile(notesFile, notes.replace(policy, policy.replace('));', ') and priority < 9);')))
    const { file, diff } = await writeSchemaDiff({
      projectDir,
      name: 'shout_privately',
      now: new Date('2030-01-02T03:04:05Z'),
    })
    expect(file).toBe('supabase/migrations/20300102030405_shout_privately.sql')
    expect(diff.schemas).toEqual(['private', 'public'])
    expect(diff.unresolved).toEqual([])
    const sql = await readFile(path.join(projectDir, file ?? ''), 'utf8')
    expect(sql).toMatch(/^-- Generated by `local-supabase diff shout_privately`/)
    expect(sql).toContain('create schema if not exists "private";')
    expect(sql).toMatch(
      /create or replace view "public"\."urgent_notes" with \(security_invoker=on\) as/,
    )
    // The view that reads the moved function, and the one that reads that view, go first.
    const drops = [
      sql.indexOf('drop view if exists public.loud_titles;'),
      sql.indexOf('drop view if exists public.loud_notes;'),
      sql.indexOf('drop function if exists "public"."loud_notes_of"();'),
    ]
    expect(drops.every((at) => at >= 0)).toBe(true)
    expect([...drops].sort((a, b) => a - b)).toEqual(drops)
    expect(sql.match(/drop view if exists public\.loud_titles;/g)).toHaveLength(1)
    expect(sql).toContain('alter type "public"."shout" add attribute priority integer;')
    expect(sql).not.toContain('drop type')
    expect(sql).toContain('revoke EXECUTE on function private.loud_notes_of() from public;')
    expect(sql).toContain("comment on function private.loud_notes_of() is 'Titles, shouted';")

    expect(sql).toContain(
      'alter default privileges for role postgres revoke EXECUTE on functions from public;',
    )
    expect(sql).toContain('grant SELECT (priority), SELECT (title) on table public.notes to anon;')
    expect(sql).toContain('drop policy "Users read their own notes" on "public"."notes";')

    // All migrations, as `reset` applies them, build what the schema files declare.
    const { database, stop } = await startTestDatabase({ projectDir })
    try {
      const client = new pg.Client({ connectionString: database.superuserDbUrl })
      await client.connect()
      try {
        // A function made after the migrations gets the declared default privileges.
        await client.query('set role postgres')
        await client.query(`create function private.later() returns int language sql as 'select 1'`)
        await client.query('reset role')
        // Names in the policy printed qualified, whatever the superuser's search path.
        await client.query(`set search_path = ''`)
        const { rows } = await client.query<Record<string, unknown>>(`
          select
            (select reloptions from pg_class where oid = 'public.urgent_notes'::regclass) as urgent,
            (select reloptions from pg_class where oid = 'public.loud_titles'::regclass) as titles,
            has_function_privilege('anon', 'private.loud_notes_of()', 'execute') as anon_calls,
            has_table_privilege('authenticated', 'public.loud_titles', 'select') as can_read,
            has_function_privilege('anon', 'private.later()', 'execute') as anon_later,
            has_function_privilege('authenticated', 'private.later()', 'execute') as later,
            has_column_privilege('anon', 'public.notes', 'title', 'select') as anon_title,
            has_column_privilege('anon', 'public.notes', 'body', 'select') as anon_body,
            (select qual from pg_policies
             where policyname = 'Users read their own notes') as read_policy`)
        expect(rows[0]).toEqual({
          urgent: ['security_invoker=on'],
          titles: ['security_invoker=on'],
          anon_calls: false,
          can_read: true,
          anon_later: false,
          later: true,
          anon_title: true,
          anon_body: false,
          read_policy: '((user_id = ( SELECT auth.uid() AS uid)) AND (priority < 9))',
        })
      } finally {
        await client.end()
      }
    } finally {
      await stop()
    }
    const before = await readdir(migrationsDir())
    const again = await writeSchemaDiff({ projectDir, name: 'nothing_left' })
    expect(again.file).toBeUndefined()
    expect(again.diff).toMatchObject({ sql: '', unresolved: [] })
    expect(await readdir(migrationsDir())).toEqual(before)
  }, 600_000)

  it('names the schema file Postgres refuses, with its message, and writes nothing', async () => {
    const broken = path.join(schemasDir(), '90_broken.sql')
    await writeFile(broken, 'create view public.broken as selec 1;\n')
    const before = await readdir(migrationsDir())
    try {
      const failure = await writeSchemaDiff({ projectDir, name: 'broken' }).catch(
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(SchemaFileError)
      expect(failure).toMatchObject({ file: 'supabase/schemas/90_broken.sql' })
      expect((failure as SchemaFileError).detail).toContain('syntax error at or near "selec"')
      expect(await readdir(migrationsDir())).toEqual(before)
    } finally {
      await rm(broken)
    }
  }, 300_000)
})
